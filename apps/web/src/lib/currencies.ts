import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CURRENCY_SYMBOLS, SUPPORTED_CURRENCIES, type TCurrency } from '@tavolo/contracts/currencies';
import type { TPublicSettings } from '@tavolo/contracts/storefront';
import { api } from './api.ts';

/** "Euro (€)" / "US-Dollar ($)" in the page's language, for each currency a restaurant can have (sign-up and settings). */
export function currencyOptions(language: string): ComboboxItem[] {
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return SUPPORTED_CURRENCIES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${CURRENCY_SYMBOLS[code]})` }));
}

/** Whether a restaurant can choose this currency now (an older listing import may have stored another code). */
export const isSupportedCurrency = (code: string): code is TCurrency => (SUPPORTED_CURRENCIES as string[]).includes(code);

/** "Japanese Yen" for JPY in the page's language; the code itself when the browser has no name for it. */
export function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The search also matches the ISO code: "cad" finds the Canadian dollar, whose label only shows "$". */
export const currencyFilter: OptionsFilter = ({ options, search }) => {
  const query = search.trim().toLowerCase();
  return (options as ComboboxItem[]).filter((option) => option.value.toLowerCase().includes(query) || option.label.toLowerCase().includes(query));
};

/**
 * The restaurant's currency symbol for back-office prices, from its public settings (readable by every role).
 * Empty until they have loaded: a euro restaurant's prices showed '$9.50' for a moment; '9.50' is never wrong.
 */
export function useCurrencySymbol(): string {
  const settings = useQuery({ queryKey: ['currency-symbol'], queryFn: async () => (await api<TPublicSettings>('GET', '/tenant/settings')).data, staleTime: 5 * 60_000 });
  return settings.data?.currency_symbol ?? '';
}
