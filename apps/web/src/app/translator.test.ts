import fc from 'fast-check';
import i18next, { type i18n as I18next } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type TLanguage } from '@tavolo/contracts/i18n';
import { Trans } from './i18n.ts';
import { makeT, pluralCategory, splitTags, type Dict, type TOptions } from '@tavolo/contracts/translator';

// Every text of the app, as the browser loads them (app/i18n.ts): src/locales/<lang>/<ns>.json and the shared ones.
const pageFiles = import.meta.glob<Dict>('../locales/*/*.json', { eager: true, import: 'default' });
const sharedFiles = import.meta.glob<Dict>('../../../../packages/contracts/src/locales/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Dict>> = {};
for (const [file, texts] of Object.entries(pageFiles)) {
  const [, lang, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[lang!] ??= {})[ns!] = texts;
}
for (const [file, texts] of Object.entries(sharedFiles)) (resources[/(\w+)\.json$/.exec(file)![1]!] ??= {}).shared = texts;
const textsOf = (lang: TLanguage, ns: string) => resources[lang]?.[ns];

/** Every key a page can ask for, once: each leaf without its plural suffix (plural: it had one), and each list or group of texts. */
function keysOf(node: Dict, prefix = '', found = new Map<string, { isObject: boolean; plural: boolean }>()) {
  for (const [name, value] of Object.entries(node)) {
    const key = `${prefix}${name.replace(/_(zero|one|other)$/, '')}`;
    const plural = key !== `${prefix}${name}` || Boolean(found.get(key)?.plural);
    found.set(key, { isObject: typeof value !== 'string', plural });
    if (typeof value !== 'string' && !Array.isArray(value)) keysOf(value as Dict, `${key}.`, found);
  }
  return found;
}

const placeholders = (value: unknown): string[] => [...JSON.stringify(value ?? '').matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);

let reference: I18next;
beforeAll(async () => {
  // i18next as the app configured it before this translator replaced it.
  reference = i18next.createInstance();
  await reference.init({ resources, lng: 'en', fallbackLng: false, defaultNS: 'common', interpolation: { escapeValue: false }, returnNull: false, showSupportNotice: false });
});

describe('the translator gives what i18next gave', () => {
  it('for every key of every namespace in both languages: with and without counts, values, lists', () => {
    let compared = 0;
    const differences: { at: string; mine: unknown; reference: unknown }[] = [];
    for (const lang of LANGUAGES) {
      for (const [ns, texts] of Object.entries(resources[lang]!)) {
        const ours = makeT(textsOf, lang, ns);
        const theirs = reference.getFixedT(lang, ns);
        // Every placeholder of the namespace, given to each of its keys (once per namespace: it reads the whole file).
        const names = placeholders(texts).filter((name) => name !== 'count');
        const values = Object.fromEntries(names.map((name) => [name, `«${name}»`]));
        for (const [key, { isObject, plural }] of keysOf(texts)) {
          // Every count's plural form where the text has forms; elsewhere a count is one more value.
          const counts = plural ? [0, 1, 2, 21, -1, 1.5] : [2];
          const cases: TOptions[] = isObject ? [{ returnObjects: true, ...values }] : [{}, values, ...counts.map((count) => ({ count, ...values }))];
          for (const options of cases) {
            const [mine, reference] = [ours(key, options), theirs(key, options as never)];
            // One expect for all: tens of thousands of them took seconds.
            if (JSON.stringify(mine) !== JSON.stringify(reference)) differences.push({ at: `${lang} ${ns}:${key} ${JSON.stringify(options)}`, mine, reference });
            compared += 1;
          }
        }
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });

  it('for keys of another namespace, key prefixes, another language, defaults and missing keys', () => {
    const cases: [lang: TLanguage, ns: string, keyPrefix: string | undefined, key: string, options: TOptions][] = [
      ['de', 'orders', undefined, 'zone', { ns: 'order-totals', zone: 'Mitte' }],
      ['en', 'storefront', undefined, 'common:network_error', {}],
      ['de', 'common', undefined, 'shared:errors.generic', {}],
      ['en', 'team', 'users', 'title', {}],
      ['de', 'menu', 'products', 'title', {}],
      ['de', 'contact', 'messages', 'title', {}],
      ['en', 'team', 'users', 'team:roles.delete_in_use', { count: 3 }],
      ['en', 'common', undefined, 'network_error', { lng: 'de' }],
      ['de', 'common', undefined, 'no.such.key', {}],
      ['de', 'common', undefined, 'no.such.key', { defaultValue: 'Hallo {{name}}', name: 'Ada' }],
      ['en', 'nothing-here', undefined, 'title', {}],
    ];
    for (const [lang, ns, keyPrefix, key, options] of cases) {
      expect(makeT(textsOf, lang, ns, keyPrefix)(key, options), `${lang} ${ns} ${keyPrefix} ${key}`).toBe(reference.getFixedT(lang, ns, keyPrefix)(key, options as never));
    }
  });

  it('for context, null and missing values, nested values and repeated placeholders', async () => {
    const texts = { t: { a: 'Hi {{name}}, {{ name }}!', a_male: 'Sir {{name}}', a_male_one: 'One sir', b: '{{user.name}} / {{missing}} / {{empty}}' } };
    const other = i18next.createInstance();
    await other.init({ resources: { en: texts }, lng: 'en', defaultNS: 't', ns: ['t'], fallbackLng: false, interpolation: { escapeValue: false }, showSupportNotice: false });
    const ours = makeT((lang, ns) => (lang === 'en' && ns === 't' ? texts.t : undefined), 'en', 't');
    const cases: [string, TOptions][] = [
      ['a', { name: 'Ada' }],
      ['a', { name: 'Ada', context: 'male' }],
      ['a', { name: 'Ada', context: 'male', count: 1 }],
      ['a', { name: 'Ada', context: 'male', count: 2 }],
      ['a', { name: 'Ada', context: 'female' }],
      ['b', { user: { name: 'Bo' }, empty: null }],
      ['b', {}],
    ];
    for (const [key, options] of cases) expect(ours(key, options), `${key} ${JSON.stringify(options)}`).toBe(other.t(key, options as never));
  });
});

describe('plural categories', () => {
  it('are those of Intl.PluralRules in English and German, for whole and fractional counts of any sign', () => {
    const rules = LANGUAGES.map((lang) => new Intl.PluralRules(lang));
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.constantFrom(0, 1, -1, 1.5, 0.5)), (count) => {
        for (const rule of rules) expect(pluralCategory(count)).toBe(rule.select(count));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a sentence with elements inside (Trans)', () => {
  it('splits a text at its tags, self-closing ones too', () => {
    expect(splitTags('By creating it you accept our <terms>terms</terms> and <privacy>privacy policy</privacy>.')).toEqual([
      'By creating it you accept our ',
      { tag: 'terms', text: 'terms' },
      ' and ',
      { tag: 'privacy', text: 'privacy policy' },
      '.',
    ]);
    expect(splitTags('<a>x</a><br/>end')).toEqual([{ tag: 'a', text: 'x' }, { tag: 'br', text: '' }, 'end']);
    expect(splitTags('no tags, a < b')).toEqual(['no tags, a < b']);
  });

  it.each(LANGUAGES)('%s: renders the reservation form sentence with its values and links where the language puts them', (lang) => {
    const t = makeT(textsOf, lang, 'requests');
    const html = renderToStaticMarkup(
      createElement(Trans, {
        t,
        i18nKey: 'reservation.reasons.party_too_large',
        values: { max: 8, phone: '+49 30 1234' },
        components: { call: createElement('a', { href: 'tel:+49301234' }), quote: createElement('a', { href: '/quote' }) },
      }),
    );
    expect(html).toBe(
      lang === 'en'
        ? 'For groups above 8 please call us at <a href="tel:+49301234">+49 30 1234</a> or <a href="/quote">send a quote request</a>.'
        : 'Für Gruppen über 8 Personen rufen Sie uns bitte an unter <a href="tel:+49301234">+49 30 1234</a> oder <a href="/quote">senden Sie eine Angebotsanfrage</a>.',
    );
  });
});
