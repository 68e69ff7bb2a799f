import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '../../app/i18n.ts';
import { currencyFilter, currencyName, currencyOptions, isSupportedCurrency } from '../../lib/currencies.ts';

/**
 * The currencies a restaurant can have (sign-up and settings), named in the page's language, found by name or code.
 * `kept`: the stored currency. One no longer offered (an older import's JPY) is listed last and, while chosen, named
 * in the hint, instead of the field staying empty.
 */
export function CurrencySelect({ kept, description, ...props }: Omit<SelectProps, 'data' | 'filter' | 'searchable' | 'allowDeselect'> & { kept?: string }) {
  const { t, i18n } = useTranslation();
  const keptName = kept && !isSupportedCurrency(kept) ? currencyName(kept, i18n.language) : null;
  const data = useMemo(() => [...currencyOptions(i18n.language), ...(keptName ? [{ value: kept!, label: `${keptName} (${kept})` }] : [])], [i18n.language, kept, keptName]);
  const keptChosen = keptName !== null && props.value === kept;
  return <Select searchable allowDeselect={false} data={data} filter={currencyFilter} description={keptChosen ? t('currency_kept_hint', { name: keptName }) : description} {...props} />;
}
