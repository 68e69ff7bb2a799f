import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_HOST, useTestApp } from '../../test/harness.ts';

// A stand-in for the web build: one chunk with the brotli and gzip copies the Vite build writes next to it.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-web-assets-'));
const chunk = `export const menu = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `dish ${i}`))};\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>Tavolo</title><!--site-data--></head><body></body></html>');
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js'), chunk);
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js.br'), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(webDist, 'assets/menu-abc123.js.gz'), zlib.gzipSync(chunk));

describe('built assets under /build/', () => {
  const t = useTestApp('pglite', { env: { WEB_DIST: webDist } });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
  const get = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/build/assets/menu-abc123.js', headers: { host: MAIN_HOST, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
    expect(res.rawPayload.length).toBeLessThan(chunk.length / 2);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('sends the file as it is to a client that asks for no encoding', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(chunk);
  });
});
