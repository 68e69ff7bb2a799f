import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './format.ts';

describe('Intl formatters', () => {
  it('are made once per locale and options, and format as a new one would', () => {
    const options = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
    expect(dateFormat('de-DE', { ...options })).toBe(dateFormat('de-DE', options));
    expect(dateFormat('en-US', options)).not.toBe(dateFormat('de-DE', options));
    expect(dateFormat('de-DE', { ...options, timeZone: 'Europe/Berlin' })).not.toBe(dateFormat('de-DE', options));
    expect(dateFormat('de-DE', options).format(new Date('2026-06-12T00:00:00Z'))).toBe(new Intl.DateTimeFormat('de-DE', options).format(new Date('2026-06-12T00:00:00Z')));
    expect(numberFormat('en-US', { maximumFractionDigits: 1 })).toBe(numberFormat('en-US', { maximumFractionDigits: 1 }));
    expect(numberFormat('en-US', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
  });
});
