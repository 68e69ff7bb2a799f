import type { NumberInputProps } from '@mantine/core';

/**
 * Bounds for a Mantine NumberInput that never changes what the user typed. Mantine's default clamps on leaving the
 * field without a word (a coupon's 150 % became 100 %, a discount of 0 % became 1 %); instead a minus sign is not
 * taken where the minimum is not negative, digits that would go past the maximum are refused as they are typed,
 * and a value under a positive minimum stays as typed for the form's validation to name (refusing it as typed
 * would refuse the "0" of "0.50"). The step arrows still stop at min and max.
 */
export function typedBounds(min: number | undefined, max: number | undefined): Pick<NumberInputProps, 'min' | 'max' | 'allowNegative' | 'clampBehavior' | 'isAllowed'> {
  return {
    min,
    max,
    allowNegative: min === undefined || min < 0,
    clampBehavior: 'none',
    isAllowed: ({ floatValue }) =>
      floatValue === undefined || ((min === undefined || min > 0 || floatValue >= min) && (max === undefined || max < 0 || floatValue <= max)),
  };
}
