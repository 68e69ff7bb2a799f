const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', å: 'a' };

/**
 * Cyrillic and Greek letters in Latin ("Ресторан Пушкин" -> "restoran-pushkin"; it suggested nothing at all), after
 * accents are gone (й and ё read as и and е).
 */
const LATIN: Record<string, string> = Object.fromEntries(
  [
    ['абвгдезиклмнопрстуфыэ', 'abvgdeziklmnoprstufye'],
    ['αβγδεζηικλμνξοπρστυφω', 'avgdeziiklmnxoprstyfo'],
  ].flatMap(([from, to]) => [...from!].map((c, i) => [c, to![i]!])),
);
const LATIN_PAIRS: Record<string, string> = { ж: 'zh', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ь: '', ю: 'yu', я: 'ya', є: 'ye', і: 'i', ґ: 'g', θ: 'th', χ: 'ch', ψ: 'ps', ς: 's' };
const MAX = 40;

/**
 * A sub-domain suggestion from a restaurant name: lowercase ASCII letters, digits and single hyphens,
 * at most 40 characters ("Café Müller & Söhne" -> "cafe-mueller-soehne").
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüßæœøå]/g, (c) => GERMAN[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0370-\u03ff\u0400-\u04ff]/g, (c) => LATIN_PAIRS[c] ?? LATIN[c] ?? c)
    .replace(/[\u0300-\u036f]/g, '')
    // An apostrophe joins its word: "Luca's" is "lucas", not "luca-s".
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/, '');
}

/** What the user typed into the domain field, made closer to a DNS label without surprising them. */
export function normaliseDomainInput(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '-');
}
