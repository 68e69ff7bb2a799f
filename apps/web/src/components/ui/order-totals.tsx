import { Divider, Group, rem, Stack, Text, type Size } from '../lite/index.ts';
import { useTranslation } from '../../app/i18n.ts';
import type { TChosenOption } from '@tavolo/contracts/ordering';
import type { TOrderTotals, TOrderType } from '@tavolo/contracts/orders';
import { money } from '../../lib/format.ts';
import { rowAmount, totalsRows, groupOptions, wantedAt, type TotalsRow } from './order-totals-rows.ts';

/** The breakdown rows of an order in the reader's language (see totalsRows). */
export function useTotalsRows(totals: TOrderTotals, type?: TOrderType): TotalsRow[] {
  const { t } = useTranslation('order-totals');
  return totalsRows(totals, t, type);
}

/** The breakdown as rows (checkout, tracking page, staff drawers), on the light components: the checkout loads them first. */
export function OrderTotals({ totals, type, size = 'sm' }: { totals: TOrderTotals; type?: TOrderType; size?: Size }) {
  const rows = useTotalsRows(totals, type);
  return (
    <Stack gap={4} data-testid="order-totals">
      {rows.map((row) =>
        row.kind === 'total' ? (
          <Stack key={row.key} gap={4}>
            <Divider style={{ marginBlock: rem(2) }} />
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
              c={row.kind === 'minus' ? 'var(--mantine-color-green-text)' : row.kind === 'included' ? 'dimmed' : undefined}
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

/** "Today at 19:30" / "Thu, 26 Nov at 19:30" for a wanted time, on the restaurant's clock. */
export const useWantedLabel = () => useDayTimeLabel('wanted');

/** "Ready at 19:30" / "Ready on Thu, 26 Nov at 19:30": the kitchen's promise, on the restaurant's clock. */
export const useReadyLabel = () => useDayTimeLabel('ready');

function useDayTimeLabel(prefix: 'wanted' | 'ready') {
  const { t } = useTranslation('order-totals');
  return (iso: string, timeZone?: string) => {
    const { day, time } = wantedAt(iso, timeZone);
    return day ? t(`${prefix}_day`, { day, time }) : t(`${prefix}_today`, { time });
  };
}
