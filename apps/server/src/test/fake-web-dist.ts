import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for `vite build --ssr` output (<web dist>/ssr/entry-server.js): it names what it was asked to render,
 * counts its renders, and misbehaves on purpose at /boom (throws), /slow (never answers) and /checkout (not a
 * server-rendered page).
 */
const FAKE_RENDERER = `
export async function renderPage(page) {
  globalThis.fakeRenders = (globalThis.fakeRenders ?? 0) + 1;
  const path = new URL(page.url).pathname;
  if (path === '/checkout') return null;
  if (path === '/boom') throw new Error('boom');
  if (path === '/slow') return new Promise(() => {});
  return '<main>' + (page.boot?.details?.business_name ?? page.site.kind) + '|' + page.language + '|' + path + '</main>';
}
`;

/** A web build with that renderer and the given index.html; remove it with fs.rmSync when done. */
export function fakeWebDist(indexHtml: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-ssr-'));
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(path.join(dir, 'ssr/entry-server.js'), FAKE_RENDERER);
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  return dir;
}

/** How many pages the fake renderer has rendered in this process. */
export const fakeRenders = () => (globalThis as { fakeRenders?: number }).fakeRenders ?? 0;
