const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', å: 'a' };
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
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/, '');
}

/** What the user typed into the domain field, made closer to a DNS label without surprising them. */
export function normaliseDomainInput(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '-');
}
