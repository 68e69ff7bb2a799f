import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../app.ts';
import { EARLY_CLICKS_SCRIPT_SOURCE } from '../modules/web/early-clicks-script.ts';
import { DEMO_HOST, describeEachDb, useTestApp } from '../test/harness.ts';
import { staticSecurityHeaders } from './security-headers.ts';

const options: HelmetOptions = HELMET_OPTIONS;

/** What helmet itself sends on a real Node response, for comparison. */
async function helmetOnRealResponse(opts: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(opts);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
  } finally {
    server.close();
  }
}

describe('staticSecurityHeaders', () => {
  it("are exactly the headers helmet sends for the same options", async () => {
    const computed = Object.fromEntries(staticSecurityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]));
    expect(computed).toEqual(await helmetOnRealResponse(options));
    expect(computed['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(computed['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // Scripts from our origin and the one inline script of that hash, no other inline script.
    expect(computed['content-security-policy']).toContain(`script-src 'self' ${EARLY_CLICKS_SCRIPT_SOURCE};`);
    expect(EARLY_CLICKS_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(computed['content-security-policy']).toContain("script-src-attr 'none'");
    expect(computed['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('refuse options that depend on the request (they cannot be computed once)', () => {
    const perRequest: HelmetOptions = { contentSecurityPolicy: { directives: { 'script-src': ["'self'", (req) => String((req as http.IncomingMessage).url)] } } };
    expect(() => staticSecurityHeaders(perRequest)).toThrow(/static/);
  });
});

describeEachDb('security headers on every reply', (kind) => {
  const t = useTestApp(kind);
  const expected = Object.fromEntries(staticSecurityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]));

  it.each([
    ['a page', 'GET', '/api/health', DEMO_HOST, 200],
    ['an unknown restaurant', 'GET', '/api/tenant/settings', 'nowhere.localhost', 404],
    ['an unknown route', 'GET', '/api/no-such-route', DEMO_HOST, 404],
    ['a refused write (CSRF)', 'POST', '/api/login', DEMO_HOST, 403],
  ] as const)('%s', async (_name, method, url, host, status) => {
    const res = await t.app.inject({ method, url, headers: { host } });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
  });
});
