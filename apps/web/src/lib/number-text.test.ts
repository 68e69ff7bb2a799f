import { describe, expect, it } from 'vitest';
import { pastedNumber } from './number-text.ts';

describe('pastedNumber', () => {
  it('reads a pasted amount as its writer meant it, in a field that writes a decimal comma', () => {
    const cases: [string, number | null][] = [
      ['9.50', 9.5],
      ['12.5', 12.5],
      ['9,5', 9.5],
      ['1.000,50', 1000.5],
      ['1,000.50', 1000.5],
      ['1.500', 1500],
      ['1,500', 1.5],
      ['1.000.000', 1_000_000],
      ['-2.5', -2.5],
      [' 7,25 ', 7.25],
      ['.5', 0.5],
      ['12', null],
      ['abc', null],
      ['1.2.3,4,5', null],
      ['5.', null],
      ['1..5', null],
    ];
    for (const [text, expected] of cases) expect(pastedNumber(text, ','), text).toBe(expected);
  });

  it('and in a field that writes a decimal point', () => {
    expect(pastedNumber('9,50', '.')).toBe(9.5);
    expect(pastedNumber('1,500', '.')).toBe(1500);
    expect(pastedNumber('1.500', '.')).toBe(1.5);
    expect(pastedNumber('1.000,50', '.')).toBe(1000.5);
  });
});
