import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currencyFilter, currencyOptions } from '../../lib/currencies.ts';

/** The currencies a restaurant can have (sign-up and settings), named in the page's language, found by name or code. */
export function CurrencySelect(props: Omit<SelectProps, 'data' | 'filter' | 'searchable' | 'allowDeselect'>) {
  const { i18n } = useTranslation();
  const data = useMemo(() => currencyOptions(i18n.language), [i18n.language]);
  return <Select searchable allowDeselect={false} data={data} filter={currencyFilter} {...props} />;
}
