import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_HOST, describeEachDb, useTestApp } from '../test/harness.ts';
import { pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describeEachDb('compressed answers', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const menu = '/api/tenant/public/products?per_page=48';
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: DEMO_HOST, ...headers } });

  it('sends the menu as brotli or gzip as accepted, the same JSON as uncompressed, with Vary', async () => {
    const plain = await get(menu);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await get(menu, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get(menu, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps the ETag of the content, so a compressed answer still revalidates to a bodiless 304', async () => {
    const first = await get(menu, { 'accept-encoding': 'br' });
    const again = await get(menu, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(first.headers.etag).toBe((await get(menu)).headers.etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
