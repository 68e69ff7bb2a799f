import { describe, expect, it } from 'vitest';
import { makeT } from '@tavolo/contracts/translator';
import de from '../../../locales/de/dashboard.json';
import en from '../../../locales/en/dashboard.json';

describe('home page: the low-stock panel link', () => {
  it.each([
    ['en', en, ['Open stock', 'See 1 item', 'See all 3']],
    ['de', de, ['Bestand öffnen', '1 Artikel ansehen', 'Alle 3 ansehen']],
  ] as const)('%s: names the stock page when nothing runs low ("See all 0" read as broken)', (lng, resources, expected) => {
    const t = makeT((lang, ns) => (lang === lng && ns === 'dashboard' ? resources : undefined), lng, 'dashboard');
    expect([0, 1, 3].map((count) => t('insights.low_stock_all', { count }))).toEqual(expected);
  });
});
