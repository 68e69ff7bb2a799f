import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, pickLanguage, sharedMessages, type TLanguage } from '@tavolo/contracts/i18n';
import { LANGUAGE_KEY } from '../lib/storage.ts';

// One JSON file per namespace and language: src/locales/{en,de}/<namespace>.json. Each is its own
// chunk, so a visitor downloads only the language they read.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
const parse = (file: string) => /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
const namespaces = [...new Set(Object.keys(files).map((file) => parse(file)[2]!))];

async function loadLanguage(lang: TLanguage) {
  if (i18n.hasResourceBundle(lang, 'shared')) return;
  await Promise.all(
    Object.entries(files)
      .filter(([file]) => parse(file)[1] === lang)
      .map(async ([file, load]) => i18n.addResourceBundle(lang, parse(file)[2]!, (await load()).default, true, true)),
  );
  // Validation and error messages shared with the server (packages/contracts).
  i18n.addResourceBundle(lang, 'shared', sharedMessages[lang], true, true);
}

/**
 * `?lang=` first (the hreflang links of the marketing pages point at it, and it sticks like the switcher does),
 * then the visitor's earlier choice, then the browser's language, as the server picks the head's language.
 */
function firstLanguage(): TLanguage {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && (LANGUAGES as readonly string[]).includes(asked)) {
    localStorage.setItem(LANGUAGE_KEY, asked);
    return asked as TLanguage;
  }
  return pickLanguage(localStorage.getItem(LANGUAGE_KEY) ?? navigator.language);
}

export const initialLanguage: TLanguage = firstLanguage();

/** Resolves once the visitor's language is loaded; render after it so no key ever flashes. */
export async function initI18n() {
  await i18n.use(initReactI18next).init({
    lng: initialLanguage,
    fallbackLng: 'en',
    ns: [...namespaces, 'shared'],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(initialLanguage);
  document.documentElement.lang = initialLanguage;
}

export async function setLanguage(lang: TLanguage) {
  localStorage.setItem(LANGUAGE_KEY, lang);
  await loadLanguage(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export default i18n;
