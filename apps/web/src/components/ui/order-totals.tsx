import { Divider, Group, Stack, Text, type MantineSize } from '@mantine/core';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TChosenOption, TTaxLine } from '@tavolo/contracts/ordering';
import type { TOrderTotals, TOrderType } from '@tavolo/contracts/orders';
import { money } from '../../lib/format.ts';

/** One row of an order's money breakdown; `kind` says how it reads (taken off, the total, a note under it). */
export interface TotalsRow {
  key: string;
  label: string;
  cents: number;
  kind: 'plain' | 'minus' | 'total' | 'included';
}

/** "7 %" / "8.25 %" ("8,25 %" in German) from basis points. */
export function ratePercent(basisPoints: number): string {
  const value = new Intl.NumberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(basisPoints / 100);
  return `${value} %`;
}

/**
 * The breakdown every screen shows in the same order: subtotal, the restaurant's discount, the coupon, the delivery
 * fee (with its zone), the tip, tax added on top, the total, and tax contained in it. The server computed every
 * amount; this only decides which rows to show. Shared by the checkout, the tracking page, the staff drawer, the
 * phone order drawer and the kitchen ticket.
 */
export function useTotalsRows(totals: TOrderTotals, type?: TOrderType): TotalsRow[] {
  const { t } = useTranslation('order-totals');
  // "VAT 7 %"; a rate named with its percentage already ("MwSt. 7 %") is not given it twice.
  const tax = (line: TTaxLine) => {
    const name = line.name.trim() || t('tax');
    return { name: /\d\s*%/.test(name) ? name : `${name} ${ratePercent(line.rate_basis_points)}` };
  };
  const rows: TotalsRow[] = [{ key: 'subtotal', label: t('subtotal'), cents: totals.subtotal_cents, kind: 'plain' }];
  if (totals.discount_cents > 0) rows.push({ key: 'discount', label: t('discount', { percent: totals.discount_percent }), cents: totals.discount_cents, kind: 'minus' });
  if (totals.coupon_code && totals.coupon_discount_cents > 0) rows.push({ key: 'coupon', label: t('coupon', { code: totals.coupon_code }), cents: totals.coupon_discount_cents, kind: 'minus' });
  if (type === 'delivery' || totals.delivery_fee_cents > 0 || totals.delivery_zone_name) {
    const label = totals.delivery_zone_name ? t('delivery_fee_zone', { zone: totals.delivery_zone_name }) : t('delivery_fee');
    rows.push({ key: 'delivery_fee', label, cents: totals.delivery_fee_cents, kind: 'plain' });
  }
  if (totals.tip_cents > 0) rows.push({ key: 'tip', label: t('tip'), cents: totals.tip_cents, kind: 'plain' });
  if (!totals.tax_included) {
    for (const line of totals.tax_lines) rows.push({ key: `tax-${line.rate_basis_points}-${line.name}`, label: t('tax_added', tax(line)), cents: line.tax_cents, kind: 'plain' });
  }
  rows.push({ key: 'total', label: t('total'), cents: totals.total_cents, kind: 'total' });
  if (totals.tax_included) {
    for (const line of totals.tax_lines) rows.push({ key: `tax-${line.rate_basis_points}-${line.name}`, label: t('tax_included', tax(line)), cents: line.tax_cents, kind: 'included' });
  }
  return rows;
}

/** "−€2.00" for rows taken off, "€2.00" otherwise. */
export function rowAmount(row: TotalsRow, symbol: string): string {
  return `${row.kind === 'minus' ? '−' : ''}${money(row.cents, symbol)}`;
}

/** The breakdown as Mantine rows (checkout, tracking page, staff drawers). */
export function OrderTotals({ totals, type, size = 'sm' }: { totals: TOrderTotals; type?: TOrderType; size?: MantineSize }) {
  const rows = useTotalsRows(totals, type);
  return (
    <Stack gap={4} data-testid="order-totals">
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Stack key={row.key} gap={4}>
            <Divider my={2} />
            <Group justify="space-between" wrap="nowrap" gap="sm" data-row={row.key}>
              <Text fw={700} size={size === 'sm' ? 'md' : size}>
                {row.label}
              </Text>
              <Text fw={700} size={size === 'sm' ? 'lg' : size} style={{ whiteSpace: 'nowrap' }}>
                {rowAmount(row, totals.currency_symbol)}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Group key={row.key} justify="space-between" wrap="nowrap" gap="sm" data-row={row.key}>
            <Text size={row.kind === 'included' ? 'xs' : size} c={row.kind === 'included' ? 'dimmed' : undefined} style={{ minWidth: 0 }}>
              {row.label}
            </Text>
            <Text
              size={row.kind === 'included' ? 'xs' : size}
              c={row.kind === 'minus' ? 'green.8' : row.kind === 'included' ? 'dimmed' : undefined}
              fw={row.kind === 'included' ? undefined : 500}
              style={{ whiteSpace: 'nowrap' }}
            >
              {rowAmount(row, totals.currency_symbol)}
            </Text>
          </Group>
        ),
      )}
    </Stack>
  );
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

/** The options chosen for one line, under its name; with each group's price change when `symbol` is given. */
export function LineOptions({ options, symbol }: { options: readonly TChosenOption[]; symbol?: string }) {
  if (!options.length) return null;
  return (
    <Stack gap={0} data-testid="line-options">
      {groupOptions(options).map(({ group, names, delta }) => (
        <Text key={group} size="xs" c="dimmed">
          {group}: {names.join(', ')}
          {symbol && delta !== 0 ? ` (${delta > 0 ? '+' : '−'}${money(Math.abs(delta), symbol)})` : ''}
        </Text>
      ))}
    </Stack>
  );
}

const dayKey = (date: Date, timeZone?: string) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);

/**
 * When a scheduled order is wanted, on the restaurant's clock: `day` is null for today, otherwise "Thu, 26 Nov" /
 * "Do., 26. Nov."; `time` is "19:30" / "7:30 PM".
 */
export function wantedAt(iso: string, timeZone?: string, now = new Date()): { day: string | null; time: string } {
  const locale = i18n.language === 'de' ? 'de-DE' : 'en-US';
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  const day = dayKey(at, timeZone) === dayKey(now, timeZone) ? null : new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(at);
  return { day, time };
}

/** "Today at 19:30" / "Thu, 26 Nov at 19:30" for a wanted time, on the restaurant's clock. */
export function useWantedLabel() {
  const { t } = useTranslation('order-totals');
  return (iso: string, timeZone?: string) => {
    const wanted = wantedAt(iso, timeZone);
    return wanted.day ? t('wanted_day', { day: wanted.day, time: wanted.time }) : t('wanted_today', { time: wanted.time });
  };
}
