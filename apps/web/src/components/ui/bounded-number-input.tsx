import { useState, type SyntheticEvent } from 'react';
import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import i18n from '../../app/i18n.ts';
import { money, numberFormat } from '../../lib/format.ts';
import { pastedNumber } from '../../lib/number-text.ts';

/**
 * Beyond this a typed number loses digits to floating point; no field of the app goes anywhere near it. Such a number
 * is refused as it arrives (a paste), and the field says it is too large rather than staying silently empty.
 */
const LARGEST_TYPED = 1e15;

/** A bound as the field writes it: the reader's decimal separator, no thousands separator (a port is 65535). */
const bound = (value: number) => numberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { useGrouping: false, maximumFractionDigits: 3 }).format(value);

/** The range message for `value`, in the units the field shows ("Must be at most $10000.", "… 100 %"), or null within range. */
function rangeError(
  value: unknown,
  { min, max, prefix = '', suffix = '', boundText }: Pick<NumberInputProps, 'min' | 'max' | 'prefix' | 'suffix'> & { boundText?: (value: number) => string },
): string | null {
  if (value === '' || value === null || value === undefined) return null;
  const typed = Number(value);
  if (Number.isNaN(typed)) return null;
  const text = boundText ?? ((n: number) => `${prefix}${bound(n)}${suffix}`);
  if (min !== undefined && typed < min) return i18n.t('shared:validation.min_value', { min: text(min) });
  if (max !== undefined && typed > max) return i18n.t('shared:validation.max_value', { max: text(max) });
  return null;
}

/**
 * Mantine's NumberInput that never changes what was typed, and says so when it is out of range. Mantine's own
 * bounds clamp on leaving the field without a word (a coupon's 150 % became 100 %) or refuse digits and minus signs
 * as they are typed (a pasted 150 vanished, a -5 % tax rate was saved as 5 %). Here the value stays as typed and
 * the range is named in the field's own units once the field is left, and over the form's message after a submit
 * (whose schema may count in cents or thousandths of a percent). The step arrows still stop at min and max.
 */
export function BoundedNumberInput({
  min,
  max,
  error,
  onBlur,
  onChange,
  boundText,
  currency,
  rangeAtOnce = false,
  ...props
}: NumberInputProps & {
  /** Names the range while typing, not only once the field is left. */
  rangeAtOnce?: boolean;
  /** A bound in words where the unit has a singular ("1 guest", not "1 guests"). */
  boundText?: (value: number) => string;
  /** An amount of money in this currency (its symbol): shown before the number, and the bounds are written as money ("$100,000.00"). */
  currency?: string;
}) {
  if (currency !== undefined) boundText ??= (value) => money(Math.round(value * 100), currency);
  const [left, setLeft] = useState(false);
  // A decimal mark typed or a fraction pasted into a whole-number field: the formatter dropped the mark ("2,5"
  // guests became 25), so it is refused and named until the next change. After a typed mark the digits of the
  // fraction are refused too ("2.5" stays 2, not 25), so that change can only be a deletion.
  const [markRefused, setMarkRefused] = useState<'typed' | 'pasted' | null>(null);
  // The sign of a number refused for its size (1 or -1), until the next change; 0 when none was.
  const [tooLarge, setTooLarge] = useState(0);
  const separator = props.decimalSeparator === ',' ? ',' : '.';
  const whole = props.allowDecimal === false;
  const outOfRange = rangeError(tooLarge ? tooLarge * LARGEST_TYPED * 10 : props.value, { min, max, prefix: props.prefix, suffix: props.suffix, boundText });
  /** Text about to be pasted or inserted: a number written with marks is set as the number meant (see pastedNumber). */
  const insert = (event: SyntheticEvent<HTMLInputElement>, text: string) => {
    if (markRefused === 'typed' && /^\d+$/.test(text)) return event.preventDefault();
    const other = separator === ',' ? '.' : ',';
    // The formatter reads a number in the field's own writing: only the other mark needs help.
    if (!whole && !text.includes(other)) return;
    const meant = text === '.' || text === ',' ? Number.NaN : pastedNumber(text, separator);
    if (meant === null || (!whole && Number.isNaN(meant))) return;
    event.preventDefault();
    if (whole && !Number.isInteger(meant)) return setMarkRefused(Number.isNaN(meant) ? 'typed' : 'pasted');
    setLeft(false);
    onChange?.(meant);
  };
  return (
    <NumberInput
      leftSection={currency !== undefined ? <Text size="sm">{currency}</Text> : undefined}
      {...props}
      min={min}
      max={max}
      clampBehavior="none"
      // Mantine trims leading zeros on leaving the field by clamping the value into min..max when it is a string
      // ("-5.00" with fixed decimals), whatever clampBehavior says.
      trimLeadingZeroesOnBlur={false}
      isAllowed={({ floatValue }) => {
        const fits = floatValue === undefined || Math.abs(floatValue) <= LARGEST_TYPED;
        setTooLarge(fits ? 0 : Math.sign(floatValue));
        return fits;
      }}
      onChange={(value) => {
        setLeft(false);
        setTooLarge(0);
        setMarkRefused(null);
        onChange?.(value);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      onPaste={(event) => insert(event, event.clipboardData.getData('text'))}
      onBeforeInput={(event) => insert(event, (event.nativeEvent as InputEvent).data ?? '')}
      error={markRefused ? i18n.t('shared:validation.integer') : outOfRange && (left || rangeAtOnce || error || tooLarge !== 0) ? outOfRange : error}
    />
  );
}
