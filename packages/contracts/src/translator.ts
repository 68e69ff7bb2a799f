/**
 * Translating a key with a page's texts: the part of i18next this app used (`ns:key.path`, `{{name}}`, plurals by
 * `count` with `_zero`, `context`, `defaultValue`, `returnObjects`), with the same results, in about a tenth of
 * its size: i18next and react-i18next were 16 KB gzip of every page's first load (issue #11's landing budget).
 * Pure functions; the web app's app/i18n.ts keeps the texts and the language. The server's `translate` (i18n.ts)
 * finds its shared messages and their placeholders the same way.
 */
import type { TLanguage } from './i18n.ts';

export type Dict = { [key: string]: string | Dict | Dict[] | string[] };

export type TOptions = {
  count?: number;
  context?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  /** Another namespace than the hook's, for this key. */
  ns?: string;
  /** Another language than the page's (its texts must be loaded). */
  lng?: TLanguage;
  [name: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

/** A namespace's texts in a language, or undefined while they are not loaded. */
export type TextsOf = (lang: TLanguage, ns: string) => Dict | undefined;

/**
 * English and German plural categories, as `Intl.PluralRules` gives them (translator.test.ts compares): one for
 * exactly one, whatever the sign, else other. Without Intl, whose first use on a page loads its locale data.
 */
export const pluralCategory = (count: number): 'one' | 'other' => (Math.abs(count) === 1 ? 'one' : 'other');

export const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function valueAt(node: unknown, path: string): unknown {
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A text by its dotted path, where a name may itself hold dots (the permission `dashboard.view` under
 * `permissions`), as i18next finds it: at each level the shortest run of parts that names an entry.
 */
export function textAt(texts: Dict | undefined, path: string): unknown {
  const parts = path.split('.');
  let node: unknown = texts;
  for (let start = 0; start < parts.length; ) {
    if (typeof node !== 'object' || node === null) return undefined;
    let end = start;
    while (end < parts.length && !Object.hasOwn(node, parts.slice(start, end + 1).join('.'))) end += 1;
    if (end === parts.length) return undefined;
    node = (node as Record<string, unknown>)[parts.slice(start, end + 1).join('.')];
    start = end + 1;
  }
  return node;
}

/** `{{name}}` from the options; a name the options lack stays as written (as i18next's skipOnVariables). */
export function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = valueAt(values, name);
    return value === undefined ? placeholder : value === null ? '' : String(value);
  });
}

function interpolateAll(node: unknown, values: TOptions): unknown {
  if (typeof node === 'string') return interpolate(node, values);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, values));
  if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, interpolateAll(item, values)]));
  return node;
}

/** The keys to try, most specific first: with context and plural (zero before one/other), then without. */
function candidates(key: string, { count, context }: TOptions): string[] {
  const forms = (base: string) => (typeof count === 'number' ? [...(count === 0 ? [`${base}_zero`] : []), `${base}_${pluralCategory(count)}`, base] : [base]);
  return [...(context === undefined ? [] : forms(`${key}_${context}`)), ...forms(key)];
}

/**
 * The `t` of one language and namespace (and key prefix, as react-i18next's `keyPrefix`). A key of another
 * namespace is written `ns:key`. A missing key comes back as the key, so a gap shows instead of an empty spot.
 */
export function makeT(textsOf: TextsOf, lang: TLanguage, defaultNs: string, keyPrefix?: string): TFunction {
  return (fullKey, options = {}) => {
    const colon = fullKey.indexOf(':');
    const ns = colon > -1 ? fullKey.slice(0, colon) : (options.ns ?? defaultNs);
    const bare = colon > -1 ? fullKey.slice(colon + 1) : fullKey;
    const key = keyPrefix ? `${keyPrefix}.${bare}` : bare;
    const texts = textsOf(options.lng ?? lang, ns);
    for (const candidate of candidates(key, options)) {
      const found = textAt(texts, candidate);
      if (typeof found === 'string') return interpolate(found, options);
      // The callers that ask for a list or an object cast the result to what they asked for.
      if (found !== undefined && found !== null && options.returnObjects) return interpolateAll(found, options) as string;
    }
    return interpolate(options.defaultValue ?? bare, options);
  };
}

export type TextPart = string | { tag: string; text: string };

/**
 * Splits a translated text at its `<tag>text</tag>` marks (the links inside a sentence, as react-i18next's Trans
 * with named components), so each language places them where its grammar wants them.
 */
export function splitTags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ tag: match[1] ?? match[3]!, text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
