import { cloneElement, createElement, Fragment, use, useMemo, useSyncExternalStore, type ReactElement } from 'react';
import { LANGUAGES, pickLanguage, type TLanguage } from '@tavolo/contracts/i18n';
import { cookie as readCookie, LANGUAGE_KEY } from '../lib/storage.ts';
import { makeT, splitTags, type Dict, type TFunction, type TOptions } from '@tavolo/contracts/translator';
import { BASE_NAMESPACES } from './namespaces.ts';

// One JSON file per namespace and language: src/locales/{en,de}/<namespace>.json, plus the messages shared with
// the server (packages/contracts, namespace `shared`). Each is its own chunk, fetched only when a page needs it,
// so a guest on the storefront downloads neither the other language nor the dashboard's texts.
type Loader = () => Promise<{ default: Dict }>;
const pageFiles = import.meta.glob<{ default: Dict }>('../locales/*/*.json');
const sharedFiles = import.meta.glob<{ default: Dict }>('../../../../packages/contracts/src/locales/*.json');
const loaders = new Map<string, Loader>();
for (const [file, load] of Object.entries(pageFiles)) {
  const [, lang, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) loaders.set(`${lang}/${ns}`, load);
}
for (const [file, load] of Object.entries(sharedFiles)) {
  const [, lang] = /locales\/(\w+)\.json$/.exec(file) ?? [];
  if (lang) loaders.set(`${lang}/shared`, load);
}

/** Every namespace there is: the dashboards load them all (their pages mix many). */
export const ALL_NAMESPACES = [...new Set([...loaders.keys()].map((key) => key.split('/')[1]!))];

// The loaded texts by `lang/ns`, the namespaces pages asked for (a language switch loads them in the new one), and
// the loads under way, so two pages asking at once fetch a file once.
const texts = new Map<string, Dict>();
const inUse = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

const textsOf = (lang: TLanguage, ns: string) => texts.get(`${lang}/${ns}`);

function load(lang: TLanguage, ns: string): Promise<void> {
  const id = `${lang}/${ns}`;
  if (texts.has(id)) return Promise.resolve();
  let pending = loading.get(id);
  if (!pending) {
    // A namespace without a file (none in this language) counts as loaded and empty: its keys show as keys.
    pending = (loaders.get(id)?.() ?? Promise.resolve({ default: {} })).then(
      (module) => void texts.set(id, module.default),
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

const loadAll = (langs: readonly TLanguage[], namespaces: Iterable<string>) => Promise.all(langs.flatMap((lang) => [...namespaces].map((ns) => load(lang, ns)))).then(() => undefined);

let language: TLanguage = 'en';
let translate: TFunction = makeT(textsOf, language, 'common');

/** The page's language and texts: the part of i18next's instance this app uses. */
const i18n = {
  get language(): TLanguage {
    return language;
  },
  /** Outside components: `i18n.t('common:network_error')`, in the page's language. */
  t: (key: string, options?: TOptions) => translate(key, options),
  hasLoaded: (ns: string, lang: TLanguage = language) => texts.has(`${lang}/${ns}`),
  /** Loads namespaces in the page's language; from then on they count as in use. */
  loadNamespaces(namespaces: readonly string[]) {
    for (const ns of namespaces) inUse.add(ns);
    return loadAll([language], namespaces);
  },
  /** Loads every namespace in use in the new language first, so no key flashes, then switches and re-renders. */
  async changeLanguage(lang: TLanguage) {
    await loadAll([lang], inUse);
    if (lang === language) return;
    language = lang;
    translate = makeT(textsOf, lang, 'common');
    for (const listener of listeners) listener();
  },
  /** For useTranslation: called when the language changes. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * The choice also goes into a `language` cookie, so the server renders the next page in it (server modules/web
 * reads the cookie before Accept-Language, as this reads storage before the browser's language).
 */
function remember(lang: TLanguage) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.cookie = `${LANGUAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

const isLanguage = (value: string | null | undefined): value is TLanguage => !!value && (LANGUAGES as readonly string[]).includes(value);

/**
 * `?lang=` first (the hreflang links of the marketing pages point at it, and it sticks like the switcher does),
 * then the visitor's earlier choice, then the cookie, then the browser's language, as the server picks the page's
 * language (it reads the cookie where this reads storage first).
 */
function firstLanguage(): TLanguage {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLanguage(asked)) {
    remember(asked);
    return asked;
  }
  const stored = localStorage.getItem(LANGUAGE_KEY);
  const cookie = readCookie(LANGUAGE_KEY);
  if (stored) {
    // A choice made before the cookie existed, or a cookie that says otherwise: the server would render every
    // page in another language than this one, which then renders it again instead of taking it over.
    if (cookie !== pickLanguage(stored)) remember(pickLanguage(stored));
    return pickLanguage(stored);
  }
  return isLanguage(cookie) ? cookie : pickLanguage(navigator.language);
}

const inBrowser = typeof document !== 'undefined';

/** The server renders in the language of each request instead (see prepareServerI18n). */
export const initialLanguage: TLanguage = inBrowser ? firstLanguage() : 'en';

async function init() {
  // Both languages carry every key (locales.test.ts), so a German visitor never downloads the English files too.
  await i18n.changeLanguage(initialLanguage);
  await i18n.loadNamespaces(BASE_NAMESPACES);
  if (inBrowser) document.documentElement.lang = initialLanguage;
}

let ready: Promise<void> | undefined;

/** Resolves once the shell's texts are loaded; render after it so no key ever flashes. Safe to call repeatedly. */
export function initI18n() {
  ready ??= init();
  return ready;
}

/**
 * Loads namespaces before a route renders (see lazyPage), in parallel with its code; the router may ask before
 * main.tsx has started i18n, so this waits for it. Once loaded they count as in use, so a language switch fetches
 * them again in the new language.
 */
export async function loadNamespaces(namespaces: readonly string[]) {
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
}

export async function setLanguage(lang: TLanguage) {
  remember(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** For the server's renderer: every text of both languages in memory, so no render waits for (or suspends on) one. */
export async function prepareServerI18n() {
  await initI18n();
  for (const ns of ALL_NAMESPACES) inUse.add(ns);
  await loadAll(LANGUAGES, ALL_NAMESPACES);
}

/** A wait that is over, marked as React marks the promises it has seen settle, so `use` returns at once. */
const LOADED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

// One wait per namespace a component suspended on: React renders it again when the wait settles, and a load that
// failed must then reach the error page (route-error.tsx), not start another load (an endless loop).
const waits = new Map<string, Promise<void>>();

function waitFor(lang: TLanguage, ns: string) {
  let wait = waits.get(`${lang}/${ns}`);
  if (!wait) {
    inUse.add(ns);
    waits.set(`${lang}/${ns}`, (wait = load(lang, ns)));
  }
  return wait;
}

/**
 * A component's texts: `const { t } = useTranslation('menu')` (react-i18next's hook, the part used here). A
 * namespace not loaded yet in the page's language suspends the component until it is (routes name theirs, see
 * lazyPage, so this is the rare part whose texts load with it); a language switch renders it again.
 */
export function useTranslation(ns = 'common', options?: { keyPrefix?: string }) {
  const lang = useSyncExternalStore(i18n.subscribe, () => language, () => language);
  // Called on every render, loaded or not: React renders a suspended component again from where `use` stood, and
  // one that skipped `use` the second time ("Update hook called on initial render", React error 467) broke the
  // hydration of a page whose footer form waited for its texts.
  use(i18n.hasLoaded(ns, lang) ? LOADED : waitFor(lang, ns));
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(() => makeT(textsOf, lang, ns, keyPrefix), [lang, ns, keyPrefix]);
  return { t, i18n };
}

/**
 * A sentence with elements inside: `<Trans t={t} i18nKey="legal" components={{ terms: <Link to="/terms" /> }} />`
 * for the text "… our <terms>terms</terms> …"; each tag's text becomes that element's children.
 */
export function Trans({ t, i18nKey, values, components }: { t: TFunction; i18nKey: string; values?: TOptions; components: Record<string, ReactElement> }) {
  const parts = splitTags(t(i18nKey, values));
  return createElement(
    Fragment,
    null,
    ...parts.map((part, index) => {
      if (typeof part === 'string') return part;
      const element = components[part.tag];
      return element ? cloneElement(element, { key: index }, part.text) : part.text;
    }),
  );
}

export default i18n;
