import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError, isPublicAddress, parsePublicUrl, safeFetch, type Lookup } from './safe-fetch.ts';

/** A self-signed certificate for public.test (test only): trusted by nobody, so a verifying client must refuse it. */
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg72nYMtUgy4GT+9id
l6syHTUpvh88Ti0M7BSFMgA5VCahRANCAATnif3awIWPtMOeJvMufIAQ6wpt9Qs5
bUDDVpmTtUMuayo8S3VBNi7C21RX/zD2tAjMX4/YoWQyp5gPe7qGTpnS
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUZkfrJy67EY8Bcgxdp2dQvKTz47cwCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLcHVibGljLnRlc3QwIBcNMjYxMTIzMTkwMjA3WhgPMjEyNjEw
MzAxOTAyMDdaMBYxFDASBgNVBAMMC3B1YmxpYy50ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAE54n92sCFj7TDnibzLnyAEOsKbfULOW1Aw1aZk7VDLmsqPEt1
QTYuwttUV/8w9rQIzF+P2KFkMqeYD3u6hk6Z0qNrMGkwHQYDVR0OBBYEFKWANTd7
6FR1lKQV+AxaC1VCnNiHMB8GA1UdIwQYMBaAFKWANTd76FR1lKQV+AxaC1VCnNiH
MA8GA1UdEwEB/wQFMAMBAf8wFgYDVR0RBA8wDYILcHVibGljLnRlc3QwCgYIKoZI
zj0EAwIDSQAwRgIhAOROF/9qv+P4UwhmloG2/xnIL4ODIr6nYT9ViffnEdQvAiEA
jA+mqppOqkaQFgyaAQFpJ3SPVtAjldofvYx46tPYw5M=
-----END CERTIFICATE-----`;

/** The guard itself, with stub DNS: the test server on 127.0.0.1 stands in for "the one public address". */
describe('safeFetch', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];
  const hosts: Record<string, string[]> = {
    'public.test': ['127.0.0.1'],
    'private.test': ['10.0.0.1'],
    'rebind.test': ['127.0.0.1', '192.168.0.1'],
    'metadata.test': ['169.254.169.254'],
  };
  const lookup: Lookup = async (host) => {
    const list = hosts[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: 4 }));
  };
  const options = { lookup, allowAddress: (a: string) => a === '127.0.0.1' };
  const at = (host: string, path: string) => `http://${host}:${port}${path}`;
  const problem = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (e: unknown) => (e instanceof SafeFetchError ? e.problem : `threw ${String(e)}`),
    );

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.url} cookie=${req.headers.cookie ?? '-'} ua=${req.headers['user-agent']}`);
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/page') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=1' }).end('<h1>ok</h1>');
      if (url.pathname === '/ld') return void res.writeHead(200, { 'content-type': 'application/ld+json' }).end('{}');
      if (url.pathname === '/png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('png');
      if (url.pathname === '/go') return void res.writeHead(302, { location: url.searchParams.get('to')! }).end();
      if (url.pathname === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
      if (url.pathname === '/big') {
        // No content-length: the cap must hold while the body streams.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = 'x'.repeat(64 * 1024);
        for (let i = 0; i < 30; i++) res.write(chunk);
        return void res.end();
      }
      if (url.pathname === '/declared-big') return void res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(3 * 1024 * 1024) }).end();
      if (url.pathname === '/slow') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html>');
        return void setTimeout(() => res.end('</html>'), 2000);
      }
      if (url.pathname === '/no-headers') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('late'), 2000);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads a page from the checked address with the asked-for Host, no cookies and a plain User-Agent', async () => {
    const page = await safeFetch(at('public.test', '/page'), options);
    expect(page).toMatchObject({ contentType: 'text/html', charset: 'utf-8', url: at('public.test', '/page') });
    expect(page.body.toString()).toBe('<h1>ok</h1>');
    // The cookie it set is not sent back on the next request.
    await safeFetch(at('public.test', '/page'), options);
    expect(seen.at(-1)).toMatch(new RegExp(`^public\\.test:${port} /page cookie=- ua=Tavolo listing import`));
    expect((await safeFetch(at('public.test', '/ld'), options)).contentType).toBe('application/ld+json');
  });

  it('refuses a private address before connecting, also when one of several addresses is private', async () => {
    const before = seen.length;
    expect(await problem(safeFetch(at('private.test', '/page'), options))).toBe('blocked');
    expect(await problem(safeFetch(at('rebind.test', '/page'), options))).toBe('blocked');
    expect(await problem(safeFetch(at('metadata.test', '/page'), options))).toBe('blocked');
    expect(await problem(safeFetch(at('nowhere.test', '/page'), options))).toBe('unreachable');
    // The real guard (no widening) refuses loopback, written any way.
    for (const url of [`http://127.0.0.1:${port}/page`, `http://[::1]:${port}/page`, `http://0x7f000001:${port}/page`, `http://[::ffff:127.0.0.1]:${port}/page`])
      expect(await problem(safeFetch(url, { lookup })), url).toBe('blocked');
    expect(seen.length).toBe(before);
  });

  it('checks every redirect again: a hop to a private address is refused; at most 5 hops', async () => {
    const before = seen.length;
    expect(await problem(safeFetch(at('public.test', `/go?to=${encodeURIComponent(at('private.test', '/page'))}`), options))).toBe('blocked');
    expect(await problem(safeFetch(at('public.test', `/go?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data')}`), options))).toBe('blocked');
    expect(await problem(safeFetch(at('public.test', `/go?to=${encodeURIComponent('file:///etc/passwd')}`), options))).toBe('invalid_url');
    expect(seen.length - before).toBe(3);
    const followed = await safeFetch(at('public.test', `/go?to=${encodeURIComponent('/page')}`), options);
    expect(followed.url).toBe(at('public.test', '/page'));
    expect(await problem(safeFetch(at('public.test', '/loop'), options))).toBe('too_many_redirects');
  });

  it('caps the body while it streams, and a declared size before reading', async () => {
    expect(await problem(safeFetch(at('public.test', '/big'), { ...options, maxBytes: 1024 * 1024 }))).toBe('too_big');
    expect(await problem(safeFetch(at('public.test', '/declared-big'), options))).toBe('too_big');
    expect((await safeFetch(at('public.test', '/big'), options)).body.length).toBe(30 * 64 * 1024);
  });

  it('one time limit for the whole request, headers and body', async () => {
    const started = Date.now();
    expect(await problem(safeFetch(at('public.test', '/slow'), { ...options, timeoutMs: 300 }))).toBe('timeout');
    expect(await problem(safeFetch(at('public.test', '/no-headers'), { ...options, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('only accepts the asked-for content types; error statuses are refused', async () => {
    expect(await problem(safeFetch(at('public.test', '/png'), options))).toBe('content_type');
    expect((await safeFetch(at('public.test', '/png'), { ...options, accept: ['image/'] })).body.toString()).toBe('png');
    expect(await problem(safeFetch(at('public.test', '/missing'), options))).toBe('status');
  });

  it('only http and https, without credentials', () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/', 'gopher://x', 'http://user:pw@example.com/', 'not a url', 'data:text/html,hi'])
      expect(() => parsePublicUrl(bad), bad).toThrow(SafeFetchError);
    expect(parsePublicUrl('https://example.com:8443/menu').port).toBe('8443');
  });

  it('https: connects to the checked address, names the host for SNI and verifies the certificate', async () => {
    const sni: string[] = [];
    const served: string[] = [];
    const context = createSecureContext({ key: TEST_KEY, cert: TEST_CERT });
    const tls = https.createServer(
      { key: TEST_KEY, cert: TEST_CERT, SNICallback: (name, done) => (sni.push(name), done(null, context)) },
      (req, res) => (served.push(req.url!), res.writeHead(200, { 'content-type': 'text/html' }).end('secret')),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    try {
      // The name went along for SNI; the self-signed certificate is not trusted, so nothing is requested or read.
      expect(await problem(safeFetch(`https://public.test:${tlsPort}/`, options))).toBe('unreachable');
      expect(sni).toEqual(['public.test']);
      expect(served).toEqual([]);
    } finally {
      tls.closeAllConnections();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('isPublicAddress knows the private ranges, and the IPv4 address an IPv6 one carries in every spelling', () => {
    const internal = ['100.100.1.1', '224.0.0.1', '::', '::1', 'fe80::1%eth0', 'fd00::1', 'ff02::1'];
    // Mapped (both spellings), compatible, NAT64, 6to4 around a private IPv4; local NAT64 and Teredo, whose IPv4 is not told.
    const carried = ['::ffff:7f00:1', '::ffff:127.0.0.1', '::ffff:a00:1', '::127.0.0.1', '::a00:1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '2002:7f00:1::1', '2002:c0a8:101::', '64:ff9b:1::a00:1', '2001:0:4136:e378::1'];
    for (const bad of [...internal, ...carried]) expect(isPublicAddress(bad), bad).toBe(false);
    for (const good of ['8.8.8.8', '::ffff:808:808', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2a00:1450:4001:80b::200e', '2606:4700::1111']) expect(isPublicAddress(good), good).toBe(true);
  });
});
