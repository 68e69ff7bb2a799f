import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, pickLanguage, type TLanguage } from '@tavolo/contracts/i18n';
import { cookie as readCookie } from '../lib/api.ts';
import { LANGUAGE_KEY } from '../lib/storage.ts';
import { BASE_NAMESPACES } from './namespaces.ts';

// One JSON file per namespace and language: src/locales/{en,de}/<namespace>.json, plus the messages shared with
// the server (packages/contracts, namespace `shared`). Each is its own chunk, fetched only when a page needs it,
// so a guest on the storefront downloads neither the other language nor the dashboard's texts.
type Loader = () => Promise<{ default: ResourceKey }>;
const pageFiles = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json');
const sharedFiles = import.meta.glob<{ default: ResourceKey }>('../../../../packages/contracts/src/locales/*.json');
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

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, done) {
    const load = loaders.get(`${lang}/${ns}`);
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error.message : String(error), null),
    );
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
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage,
      // Both languages carry every key (locales.test.ts), so a German visitor never downloads the English files too.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: [...BASE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      // A namespace a route forgot to name still loads: the component waits (Suspense) instead of showing keys.
      react: { useSuspense: true },
    });
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
  // loadNamespaces adds them to the namespaces in use; loadLanguages then loads all of those in every language.
  await i18n.loadNamespaces(ALL_NAMESPACES);
  await i18n.loadLanguages([...LANGUAGES]);
}

export default i18n;
