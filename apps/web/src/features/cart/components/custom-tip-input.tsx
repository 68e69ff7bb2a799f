import { useTranslation } from '../../../app/i18n.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { money } from '../../../lib/format.ts';

interface Props {
  value: string | number;
  onChange: (value: string | number) => void;
  symbol: string;
  /** The largest amount, in the currency. Passed in: imported from tip-picker.tsx, it made Rollup build the checkout
   * page as a shared chunk without its own entry (the bundle budget check could no longer find the page). */
  max: number;
  error?: string;
}

/**
 * The tip typed in by hand, in the guest's way of writing amounts. Its own chunk: Mantine's NumberInput brings a
 * number-formatting library that the checkout only needs once "Custom" is chosen.
 */
export default function CustomTipInput({ value, onChange, symbol, max, error }: Props) {
  const { t } = useTranslation('cart');
  const decimalPoint = t('money.decimal_separator') === '.';
  return (
    <BoundedNumberInput
      label={t('money.custom_tip_amount')}
      min={0}
      max={max}
      decimalScale={2}
      fixedDecimalScale
      // The total beside it leaves an amount out of range out: the field says so at once, not only on leaving it.
      rangeAtOnce
      step={0.5}
      inputMode="decimal"
      decimalSeparator={t('money.decimal_separator')}
      thousandSeparator={false}
      prefix={decimalPoint ? symbol : undefined}
      suffix={decimalPoint ? undefined : ` ${symbol}`}
      // The limit as an amount of money, as the order's figures write it ("18,90 $", not "18,9 $").
      boundText={(amount) => money(Math.round(amount * 100), symbol)}
      value={value}
      onChange={onChange}
      error={error}
      maw={220}
    />
  );
}
