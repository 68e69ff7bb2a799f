import { z } from './zod.ts';

/** The currencies a restaurant can pick at sign-up (ISO 4217), each with the symbol its prices are shown with. */
export const CURRENCY_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CHF: 'CHF',
  CAD: '$',
  AUD: '$',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  PLN: 'zł',
  CZK: 'Kč',
} as const;
export type TCurrency = keyof typeof CURRENCY_SYMBOLS;
export const SUPPORTED_CURRENCIES = Object.keys(CURRENCY_SYMBOLS) as TCurrency[];
/** What a restaurant gets when nothing says otherwise (also the database default). */
export const DEFAULT_CURRENCY: TCurrency = 'USD';

export const ZCurrency = z.enum(SUPPORTED_CURRENCIES as [TCurrency, ...TCurrency[]], { error: 'validation.currency' });

/** ISO 3166 region -> its currency, for the countries whose currency is supported. */
const REGION_CURRENCIES: Record<string, TCurrency> = {
  US: 'USD',
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  CA: 'CAD',
  AU: 'AUD',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  ...Object.fromEntries(
    ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MC', 'MT', 'NL', 'PT', 'SI', 'SK'].map((region) => [region, 'EUR' as const]),
  ),
};

/** Common ways of writing a country that are not its English or German name. */
const ALIASES: Record<string, string> = {
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  grossbritannien: 'GB',
  england: 'GB',
  scotland: 'GB',
  schottland: 'GB',
  wales: 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
};

/** "Österreich", "U.S.A." -> "osterreich", "usa": case, accents, dots and extra spaces do not matter. */
const normalise = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

let regionsByName: Map<string, string> | undefined;

/** Country names in English and German (from the runtime's Intl data), codes and aliases -> region. */
function regionNames(): Map<string, string> {
  if (regionsByName) return regionsByName;
  const names = new Map(Object.entries(ALIASES));
  for (const region of Object.keys(REGION_CURRENCIES)) {
    names.set(region.toLowerCase(), region);
    for (const lang of ['en', 'de']) {
      const name = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(region);
      if (name) names.set(normalise(name), region);
    }
  }
  regionsByName = names;
  return names;
}

/** The currency of a country as typed at sign-up ("Germany", "Deutschland", "DE"); null when unknown or unsupported. */
export function currencyForCountry(country: string | null | undefined): TCurrency | null {
  if (!country) return null;
  const region = regionNames().get(normalise(country));
  return region ? (REGION_CURRENCIES[region] ?? null) : null;
}
