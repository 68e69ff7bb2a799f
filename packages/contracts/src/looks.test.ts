import { describe, expect, it } from 'vitest';
import { formatRatio } from './looks.ts';

describe('formatRatio', () => {
  it('rounds down, so a failing 2.999 never reads as a passing 3.00, and writes the decimal mark of the language', () => {
    expect(formatRatio(2.999)).toBe('2.99:1');
    expect(formatRatio(15.2, 'de')).toBe('15,20:1');
    expect(formatRatio(4.5, 'en')).toBe('4.50:1');
  });
});
