import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// i18n.ts runs without a fallback language, so a German visitor never downloads the English files as well:
// that is only right while both languages carry exactly the same keys.
type Dict = { [key: string]: string | Dict };
const keysOf = (dict: Dict, prefix = ''): string[] =>
  Object.entries(dict).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Dict;

const webLocales = join(import.meta.dirname, '../locales');
const sharedLocales = join(import.meta.dirname, '../../../../packages/contracts/src/locales');

describe('translations', () => {
  const namespaces = readdirSync(join(webLocales, 'en')).filter((file) => file.endsWith('.json'));

  it('has the same namespaces in both languages', () => {
    expect(readdirSync(join(webLocales, 'de')).sort()).toEqual(namespaces.sort());
  });

  it.each(namespaces)('%s has the same keys in German as in English', (file) => {
    expect(keysOf(read(join(webLocales, 'de', file))).sort()).toEqual(keysOf(read(join(webLocales, 'en', file))).sort());
  });

  it('shared messages have the same keys in German as in English', () => {
    expect(keysOf(read(join(sharedLocales, 'de.json'))).sort()).toEqual(keysOf(read(join(sharedLocales, 'en.json'))).sort());
  });
});
