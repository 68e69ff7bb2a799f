import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, PLATFORM_PERMISSION_GROUPS } from '@tavolo/contracts/permissions';
import type { Dict } from '@tavolo/contracts/translator';

// The app's sources as text, and every namespace's English texts (locales.test.ts: German has the same keys).
const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' });
const pageTexts = import.meta.glob<Dict>('../locales/en/*.json', { eager: true, import: 'default' });
const sharedTexts = import.meta.glob<Dict>('../../../../packages/contracts/src/locales/en.json', { eager: true, import: 'default' });
const namespaces = new Map<string, Dict>(Object.entries(pageTexts).map(([file, texts]) => [/([\w-]+)\.json$/.exec(file)![1]!, texts]));
namespaces.set('shared', Object.values(sharedTexts)[0]!);

/** Whether a key names a text or a group of texts, as itself or by its plural forms. */
function exists(texts: Dict | undefined, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = texts;
  for (const part of parts) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'object' || node === null) return false;
  return [last, `${last}_one`, `${last}_other`].some((name) => Object.hasOwn(node, name));
}

describe('translation keys', () => {
  it('every key written out in a component exists in its namespace (English and so German)', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      if (file.endsWith('.test.ts')) continue;
      // The namespace a file's hooks name is the one its `t` reads; files that name several (or a key prefix) are
      // left out, except for their `ns:key` keys.
      const hooks = [...source.matchAll(/useTranslation\((?:'([\w-]+)')?(, \{[^}]*\})?\)/g)];
      const names = new Set(hooks.map(([, ns, options]) => (options ? undefined : (ns ?? 'common'))));
      const fileNs = names.size === 1 ? [...names][0] : undefined;
      for (const [, key, nsOption] of source.matchAll(/\bt\('([\w.:-]+)'(?:, \{ ns: '([\w-]+)')?/g)) {
        const [ns, bare] = key!.includes(':') ? key!.split(':') : [nsOption ?? fileNs, key!];
        if (!ns) continue;
        checked += 1;
        if (!exists(namespaces.get(ns), bare!)) missing.push(`${file}: ${ns}:${bare}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  it('every permission group and permission of both catalogues has its name and hint (the role form builds their keys)', () => {
    // Permission names hold dots ("orders.view"): their texts are looked up as one key, as i18next does.
    const team = namespaces.get('team') as { groups: Record<string, unknown>; permissions: Record<string, { label?: unknown; hint?: unknown }> };
    const catalogues: Record<string, readonly string[]>[] = [PERMISSION_GROUPS, PLATFORM_PERMISSION_GROUPS];
    const missing = catalogues.flatMap((catalogue) =>
      Object.entries(catalogue).flatMap(([group, permissions]) => [
        ...(typeof team.groups[group] === 'string' ? [] : [`groups.${group}`]),
        ...permissions.flatMap((permission) => (['label', 'hint'] as const).filter((text) => typeof team.permissions[permission]?.[text] !== 'string').map((text) => `permissions.${permission}.${text}`)),
      ]),
    );
    expect(missing).toEqual([]);
  });
});
