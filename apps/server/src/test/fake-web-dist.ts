import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRenderer } from '../modules/web/page-renderer.ts';

/**
 * A stand-in for `vite build --ssr` output (<web dist>/ssr/entry-server.js): it names what it was asked to render,
 * counts its renders (/count answers how many so far), and misbehaves on purpose at /boom (throws), /slow (never
 * answers) and /reservation (not a server-rendered page); no page's path starts with /missing.
 */
const FAKE_RENDERER = `
let renders = 0;
export async function renderPage(page) {
  const path = new URL(page.url).pathname;
  if (path === '/count') return String(renders);
  renders++;
  if (path === '/reservation') return null;
  if (path === '/boom') throw new Error('boom');
  if (path === '/slow') return new Promise(() => {});
  if (path === '/spin') for (const until = Date.now() + 300; Date.now() < until; );
  return '<main>' + (page.boot?.details?.business_name ?? page.site.kind) + '|' + page.language + '|' + path + '</main>';
}
export const statusOf = (site, pathname) => (pathname.startsWith('/missing') ? 404 : 200);
`;

/** A web build with that renderer and the given index.html; remove it with fs.rmSync when done. */
export function fakeWebDist(indexHtml: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-ssr-'));
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(path.join(dir, 'ssr/entry-server.js'), FAKE_RENDERER);
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  return dir;
}

let asked = 0;
/** How many pages the fake renderer behind `renderer` has rendered (it runs in the renderer's thread). */
export async function fakeRenders(renderer: PageRenderer): Promise<number> {
  const html = await renderer.render({ url: `http://count.test/count?${asked++}`, site: { kind: 'unknown', mainDomain: 'count.test' }, language: 'en' });
  // NaN when it did not answer in time: never mistaken for a count.
  return html === null ? Number.NaN : Number(html);
}
