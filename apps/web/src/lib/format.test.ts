import { describe, expect, it } from 'vitest';
import i18n from '../app/i18n.ts';
import { setServerPage, updateTenantSite } from '../app/site.ts';
import { dateFormat, dateTime, dateTimeLong, longDate, money, numberFormat, percent, timeOnly } from './format.ts';

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

describe('times on a restaurant host', () => {
  const at = '2026-11-28T15:30:00Z';
  it("are on the restaurant's clock, whatever the browser's, and follow a change of its time zone", async () => {
    setServerPage({ kind: 'tenant', mainDomain: 'localhost', tenant: { slug: 'a', name: 'A', status: 'active', time_zone: 'America/New_York' } }, new URL('http://a.localhost/'));
    await i18n.changeLanguage('en');
    expect(dateTime(at)).toBe('Nov 28, 10:30');
    expect(timeOnly(at)).toBe('10:30');
    updateTenantSite({ name: 'A', time_zone: 'Asia/Tokyo' });
    expect(dateTimeLong(at)).toBe('Nov 29, 2026, 00:30');
    expect(longDate(at)).toBe('Nov 29, 2026');
    // A calendar day stays that day; an explicit zone wins.
    expect(longDate('2026-11-28')).toBe('Nov 28, 2026');
    expect(dateTime(at, 'UTC')).toBe('Nov 28, 15:30');
    await i18n.changeLanguage('de');
    // German keeps number and unit on one line.
    expect(money(1250, '€')).toBe('12,50\u00a0€');
    expect(percent(10)).toBe('10\u00a0%');
    expect(timeOnly(at, 'UTC')).toBe('15:30');
    await i18n.changeLanguage('en');
    expect(money(1250, '€')).toBe('€12.50');
  });

  it("are on the browser's clock on the main domain (operators)", () => {
    setServerPage({ kind: 'platform', mainDomain: 'localhost' }, new URL('http://localhost/'));
    expect(dateTime(at)).toBe(dateFormat('en-US', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at)));
  });
});
