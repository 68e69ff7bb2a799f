import { DEFAULT_CURRENCY, currencyForCountry, type TCurrency } from '@tavolo/contracts/currencies';

/** The browser's time zone when it is one of `zones` (the list the form offers), else UTC. */
export function browserTimeZone(zones: readonly string[]): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zones.includes(zone) ? zone : 'UTC';
}

/** Before a country is typed: the currency of the browser's languages ("de-AT", "de" -> EUR), else dollars. */
export function browserCurrency(): TCurrency {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const currency = currencyForCountry(new Intl.Locale(tag).maximize().region);
      if (currency) return currency;
    } catch {
      // A malformed language tag says nothing about the country.
    }
  }
  return DEFAULT_CURRENCY;
}
