import i18n from 'i18next';

/** Minor units -> "$12.50" / "12,50 $" in the visitor's language; the server has already computed the amount. */
export function money(cents: number, symbol = '$'): string {
  const amount = new Intl.NumberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return i18n.language === 'de' ? `${amount} ${symbol}` : `${symbol}${amount}`;
}

export function monthYear(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { month: 'long', year: 'numeric' }).format(new Date(iso));
}
