/**
 * What a page downloads before it can render, read from Vite's build manifest (dist/.vite/manifest.json): the
 * entry chunk, the lazy chunks of the route's layout and page, everything those import statically, and the
 * translation chunks the route loads with them. Chunks a page imports dynamically (a form below the fold, a
 * dialog) are not counted: they load after the first paint.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The part of a Vite manifest entry this needs (https://vite.dev/guide/backend-integration). */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export type InitialAssets = { js: string[]; css: string[] };

/** JS and CSS files (relative to dist/) that the given manifest keys pull in statically, each once, in load order. */
export function initialAssets(manifest: Manifest, keys: readonly string[]): InitialAssets {
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed? (update the route list of the bundle budget)`);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key.endsWith('.html'));
  if (keys.length !== 1) throw new Error(`expected one HTML entry in the build manifest, found ${keys.length}`);
  return keys[0]!;
}

/** Manifest key of a translation chunk: the web app's namespaces, and `shared` from packages/contracts. */
export function localeKey(manifest: Manifest, lang: string, namespace: string): string {
  const suffix = namespace === 'shared' ? `packages/contracts/src/locales/${lang}.json` : `src/locales/${lang}/${namespace}.json`;
  const key = Object.keys(manifest).find((candidate) => candidate === suffix || candidate.endsWith(`/${suffix}`));
  if (!key) throw new Error(`no chunk for the ${lang} texts of namespace ${namespace} in the build manifest`);
  return key;
}

/** Bytes after gzip at the level servers use by default (zlib 6), as the browser receives them. */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

export function totalGzip(dist: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSize(path.join(dist, file)), 0);
}
