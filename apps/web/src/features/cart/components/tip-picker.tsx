import { lazy, Suspense, useState } from 'react';
import { Button, Group, rem, Skeleton, Stack, Text } from '../../../components/lite/index.ts';
import { useTranslation } from '../../../app/i18n.ts';
import type { TTip } from '@tavolo/contracts/ordering';
import { money, percent as percentOf } from '../../../lib/format.ts';

const CustomTipInput = lazy(() => import('./custom-tip-input.tsx'));

/** The largest tip typed in by hand, in the currency (the contract allows 10 000.00). */
export const MAX_CUSTOM_TIP = 10_000;

/**
 * The largest tip, in cents: the server takes at most the food's amount after discounts (`baseCents`, once the
 * cart is priced), so the field names that limit rather than one the server would then refuse.
 */
export const maxTipCents = (baseCents: number) => (baseCents > 0 ? Math.min(MAX_CUSTOM_TIP * 100, baseCents) : MAX_CUSTOM_TIP * 100);

/**
 * The tip to price the order with: a typed amount out of range is named at its field (and stops the order), and
 * meanwhile the price is asked without it; the server would refuse the whole quote, in cents.
 */
export const quotableTip = (tip: TTip | null, baseCents: number): TTip | null =>
  tip?.kind === 'amount' && (tip.cents < 0 || tip.cents > maxTipCents(baseCents)) ? null : tip;

interface Props {
  value: TTip | null;
  onChange: (tip: TTip | null) => void;
  /** The preset percentages the restaurant offers (GET /api/tenant/orders/options `tips.presets`). */
  presets: readonly number[];
  /** What a percentage tip is taken of: the food after discounts and coupon (the server's rule). */
  baseCents: number;
  symbol: string;
  error?: string;
}

/**
 * "No tip", the restaurant's percentages (each with what it comes to) or an amount typed in. The server computes
 * the tip again; the amounts on the buttons are a preview of the same rounding (half up).
 */
export function TipPicker({ value, onChange, presets, baseCents, symbol, error }: Props) {
  const { t } = useTranslation('cart');
  // The custom field keeps what is typed even while it is not a whole amount yet.
  const [custom, setCustom] = useState<string | number>(value?.kind === 'amount' ? value.cents / 100 : '');
  const selected = value === null ? 'none' : value.kind === 'amount' ? 'custom' : `p${value.percent}`;
  const choice = (key: string, label: string, onClick: () => void, sub?: string) => (
    <Button
      key={key}
      variant={selected === key ? 'filled' : 'default'}
      aria-pressed={selected === key}
      onClick={onClick}
      className="tavolo-tip-choice"
      style={{ height: 'auto', paddingBlock: rem(6), paddingInline: 'var(--mantine-spacing-sm)', flex: '1 0 auto' }}
    >
      <span>{label}</span>
      {sub && (
        <Text span size="xs" fw={400} style={{ opacity: 0.85 }}>
          {sub}
        </Text>
      )}
    </Button>
  );

  return (
    <Stack gap="xs" role="group" aria-label={t('money.tip')}>
      <Text size="sm" fw={500}>
        {t('money.tip')}
      </Text>
      {/* Buttons as wide as their words, wrapping onto a second row on narrow screens. */}
      <Group gap={6}>
        {choice('none', t('money.no_tip'), () => onChange(null))}
        {presets.map((percent) =>
          choice(`p${percent}`, percentOf(percent), () => onChange({ kind: 'percent', percent }), money(Math.round((baseCents * percent) / 100), symbol)),
        )}
        {choice('custom', t('money.custom_tip'), () => onChange({ kind: 'amount', cents: Math.round(Number(custom || 0) * 100) }))}
      </Group>
      {selected === 'custom' && (
        // A placeholder of the field's height (label and input) while its code arrives.
        <Suspense fallback={<Skeleton height={60} radius="sm" style={{ maxWidth: rem(220) }} aria-hidden />}>
          <CustomTipInput
            value={custom}
            onChange={(next) => {
              setCustom(next);
              onChange({ kind: 'amount', cents: Math.round(Number(next || 0) * 100) });
            }}
            symbol={symbol}
            max={maxTipCents(baseCents) / 100}
            error={error}
          />
        </Suspense>
      )}
      {selected !== 'custom' && error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
