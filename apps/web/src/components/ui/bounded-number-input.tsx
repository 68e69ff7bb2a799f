import { useState, type SyntheticEvent } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import i18n from '../../app/i18n.ts';
import { numberFormat } from '../../lib/format.ts';

/** Beyond this a typed number loses digits to floating point; no field of the app goes anywhere near it. */
const LARGEST_TYPED = 1e12;

/** A bound as the field writes it: the reader's decimal separator, no thousands separator (a port is 65535). */
const bound = (value: number) => numberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', { useGrouping: false, maximumFractionDigits: 3 }).format(value);

/** The range message for `value`, in the units the field shows ("Must be at most $10000.", "… 100 %"), or null within range. */
function rangeError(value: unknown, { min, max, prefix = '', suffix = '' }: Pick<NumberInputProps, 'min' | 'max' | 'prefix' | 'suffix'>): string | null {
  if (value === '' || value === null || value === undefined) return null;
  const typed = Number(value);
  if (Number.isNaN(typed)) return null;
  if (min !== undefined && typed < min) return i18n.t('shared:validation.min_value', { min: `${prefix}${bound(min)}${suffix}` });
  if (max !== undefined && typed > max) return i18n.t('shared:validation.max_value', { max: `${prefix}${bound(max)}${suffix}` });
  return null;
}

/**
 * A pasted or filled "9.50" in a field that writes "9,50" (German) is nine euros fifty, not 950: the other mark before
 * one or two final digits is the decimal mark (three digits, as in "1.500", stay a thousands group), and the other way
 * round. Typed one key at a time, the number formatter already accepts both marks.
 */
function insertWithOwnMark(event: SyntheticEvent<HTMLInputElement>, text: string, separator: string): void {
  const other = separator === ',' ? '.' : ',';
  const match = new RegExp(`^\\s*(-?\\d*)\\${other}(\\d{1,2})\\s*$`).exec(text);
  if (!match) return;
  event.preventDefault();
  // execCommand keeps the browser's own insertion (at the caret, over a selection, undoable) with the right mark.
  document.execCommand('insertText', false, `${match[1]}${separator}${match[2]}`);
}

/**
 * Mantine's NumberInput that never changes what was typed, and says so when it is out of range. Mantine's own
 * bounds clamp on leaving the field without a word (a coupon's 150 % became 100 %) or refuse digits and minus signs
 * as they are typed (a pasted 150 vanished, a -5 % tax rate was saved as 5 %). Here the value stays as typed and
 * the range is named in the field's own units once the field is left, and over the form's message after a submit
 * (whose schema may count in cents or thousandths of a percent). The step arrows still stop at min and max.
 */
export function BoundedNumberInput({ min, max, error, onBlur, onChange, ...props }: NumberInputProps) {
  const [left, setLeft] = useState(false);
  const separator = props.decimalSeparator ?? '.';
  const decimals = props.allowDecimal !== false;
  const outOfRange = rangeError(props.value, { min, max, prefix: props.prefix, suffix: props.suffix });
  return (
    <NumberInput
      {...props}
      min={min}
      max={max}
      clampBehavior="none"
      // Mantine trims leading zeros on leaving the field by clamping the value into min..max when it is a string
      // ("-5.00" with fixed decimals), whatever clampBehavior says.
      trimLeadingZeroesOnBlur={false}
      isAllowed={({ floatValue }) => floatValue === undefined || Math.abs(floatValue) <= LARGEST_TYPED}
      onChange={(value) => {
        setLeft(false);
        onChange?.(value);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      onPaste={decimals ? (event) => insertWithOwnMark(event, event.clipboardData.getData('text'), separator) : undefined}
      onBeforeInput={decimals ? (event) => insertWithOwnMark(event, (event.nativeEvent as InputEvent).data ?? '', separator) : undefined}
      error={outOfRange && (left || error) ? outOfRange : error}
    />
  );
}
