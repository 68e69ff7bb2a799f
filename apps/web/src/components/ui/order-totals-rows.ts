import i18n from '../../app/i18n.ts';
import { formatRatePercent, nameHasRate, pickLanguage } from '@tavolo/contracts/i18n';
import type { TChosenOption, TTaxLine } from '@tavolo/contracts/ordering';
import type { TOrderTotals, TOrderType } from '@tavolo/contracts/orders';
import { CLOCK, money, dateFormat } from '../../lib/format.ts';

/** One row of an order's money breakdown; `kind` says how it reads (taken off, the total, a note under it). */
export interface TotalsRow {
  key: string;
  label: string;
  cents: number;
  kind: 'plain' | 'minus' | 'total' | 'included';
  /** Words in place of the amount (a delivery fee not known before the postal code). */
  amount?: string;
}

/** "7 %" / "8.875 %" ("8,875 %" in German) from a rate in thousandths of a percent (7000, 8875). */
export function ratePercent(millipercent: number): string {
  return formatRatePercent(pickLanguage(i18n.language), millipercent);
}

/** "VAT 7 %"; a rate named with its percentage already ("MwSt. 7 %") is not given it twice. */
export function taxRateLabel(name: string, millipercent: number): string {
  return nameHasRate(name) ? name : `${name} ${ratePercent(millipercent)}`;
}

/**
 * The breakdown every screen shows in the same order: subtotal, the restaurant's discount, the coupon, the delivery
 * fee (with its zone), the tip, tax added on top, the total, and tax contained in it. The server computed every
 * amount; this only decides which rows to show. Shared by the checkout, the tracking page, the staff drawer, the
 * phone order drawer and the kitchen ticket.
 */
export function totalsRows(totals: TOrderTotals, t: (key: string, params?: Record<string, unknown>) => string, type?: TOrderType): TotalsRow[] {
  const tax = (line: TTaxLine) => ({ name: taxRateLabel(line.name.trim() || t('tax'), line.rate_millipercent) });
  const rows: TotalsRow[] = [{ key: 'subtotal', label: t('subtotal'), cents: totals.subtotal_cents, kind: 'plain' }];
  if (totals.discount_cents > 0) rows.push({ key: 'discount', label: t('discount', { percent: totals.discount_percent }), cents: totals.discount_cents, kind: 'minus' });
  if (totals.coupon_code && totals.coupon_discount_cents > 0) rows.push({ key: 'coupon', label: t('coupon', { code: totals.coupon_code }), cents: totals.coupon_discount_cents, kind: 'minus' });
  // A delivery with no zone yet (no postal code typed) has a fee still to come, not a fee of 0.00: a total read out
  // to a caller must not sound final.
  const feeToCome = type === 'delivery' && !totals.delivery_zone_name && totals.delivery_fee_cents === 0;
  if (feeToCome) rows.push({ key: 'delivery_fee', label: t('delivery_fee'), cents: 0, kind: 'plain', amount: t('delivery_fee_to_come') });
  else if (type === 'delivery' || totals.delivery_fee_cents > 0 || totals.delivery_zone_name) {
    const label = totals.delivery_zone_name ? t('delivery_fee_zone', { zone: totals.delivery_zone_name }) : t('delivery_fee');
    rows.push({ key: 'delivery_fee', label, cents: totals.delivery_fee_cents, kind: 'plain' });
  }
  if (totals.tip_cents > 0) rows.push({ key: 'tip', label: t('tip'), cents: totals.tip_cents, kind: 'plain' });
  if (!totals.tax_included) {
    for (const line of totals.tax_lines) rows.push({ key: `tax-${line.rate_millipercent}-${line.name}`, label: t('tax_added', tax(line)), cents: line.tax_cents, kind: 'plain' });
  }
  rows.push({ key: 'total', label: t(feeToCome ? 'total_before_delivery' : 'total'), cents: totals.total_cents, kind: 'total' });
  if (totals.tax_included) {
    for (const line of totals.tax_lines) rows.push({ key: `tax-${line.rate_millipercent}-${line.name}`, label: t('tax_included', tax(line)), cents: line.tax_cents, kind: 'included' });
  }
  return rows;
}

/** "−€2.00" for rows taken off, "€2.00" otherwise. */
export function rowAmount(row: TotalsRow, symbol: string): string {
  return row.amount ?? `${row.kind === 'minus' ? '−' : ''}${money(row.cents, symbol)}`;
}

/** A line's choices grouped as the product's groups are: "Size: Large", "Extras: Bacon, Cheese". */
export function groupOptions(options: readonly TChosenOption[]): { group: string; names: string[]; delta: number }[] {
  const groups: { group: string; names: string[]; delta: number }[] = [];
  for (const option of options) {
    let entry = groups.find((g) => g.group === option.group);
    if (!entry) groups.push((entry = { group: option.group, names: [], delta: 0 }));
    entry.names.push(option.name);
    entry.delta += option.price_delta_cents;
  }
  return groups;
}

const dayKey = (date: Date, timeZone?: string) => dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);

/**
 * When a scheduled order is wanted, on the restaurant's clock: `day` is null for today, otherwise "Thu, 26 Nov" /
 * "Do., 26. Nov."; `time` is "19:30".
 */
export function wantedAt(iso: string, timeZone?: string, now = new Date()): { day: string | null; time: string } {
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  const at = new Date(iso);
  const time = dateFormat(locale, { ...CLOCK, timeZone }).format(at);
  const day = dayKey(at, timeZone) === dayKey(now, timeZone) ? null : dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(at);
  return { day, time };
}
