import { expect, it } from 'vitest';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from '../test/harness.ts';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf.ts';

describeEachDb('CSRF', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const login = { email: DEMO_LOGINS.admin.email, password: DEMO_LOGINS.admin.password };

  const rawPost = (headers: Record<string, string>, url = '/api/login', host = DEMO_HOST) =>
    t.app.inject({ method: 'POST', url, headers: { host, ...headers }, payload: login });

  it('any GET sets a readable, same-site XSRF-TOKEN cookie once', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/csrf', headers: { host: DEMO_HOST } });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{32}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();

    const second = await t.app.inject({ method: 'GET', url: '/api/tenant/settings', headers: { host: DEMO_HOST, cookie: `${CSRF_COOKIE}=${cookie!.value}` } });
    expect(second.statusCode).toBe(200);
    expect(second.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
  });

  it('POST without cookie and header is 403 CSRF', async () => {
    const res = await rawPost({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'CSRF' });
  });

  it('cookie without header, header without cookie, and a mismatched pair are 403 CSRF', async () => {
    const value = await t.client(DEMO_HOST).csrf();
    const cases: Record<string, string>[] = [
      { cookie: `${CSRF_COOKIE}=${value}` },
      { [CSRF_HEADER]: value },
      { cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: `${value.slice(0, -1)}${value.endsWith('x') ? 'y' : 'x'}` },
      { cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: `${value}${value}` },
      { cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: '' },
    ];
    for (const headers of cases) {
      const res = await rawPost(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });

  it('a foreign Origin is refused even with a correct pair', async () => {
    const value = await t.client(DEMO_HOST).csrf();
    const pair = { cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: value };
    for (const origin of ['http://evil.localhost:3000', 'http://localhost:3000', 'https://demo.localhost:3000', 'http://demo.localhost:3001', 'null']) {
      const res = await rawPost({ ...pair, host: 'demo.localhost:3000', origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
    const sameOrigin = await rawPost({ ...pair, host: 'demo.localhost:3000', origin: 'http://demo.localhost:3000' });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.json().data.kind).toBe('session');
  });

  it('the correct pair passes (with or without a same-origin Origin)', async () => {
    const res = await t.client(DEMO_HOST).post('/api/login', login);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toEqual(expect.any(String));
  });

  it('a token from one host works on another only as a pair (the cookie is per host), never across origins', async () => {
    const value = await t.client(MAIN_HOST).csrf();
    const res = await rawPost({ cookie: `${CSRF_COOKIE}=${value}`, [CSRF_HEADER]: value, origin: 'http://localhost' }, '/api/login', DEMO_HOST);
    expect(res.statusCode).toBe(403);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('%s is checked too', async (method) => {
    const res = await t.app.inject({ method, url: '/api/logout', headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });

  it('safe methods are not checked', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/tenant/settings', headers: { host: DEMO_HOST, origin: 'http://evil.localhost' } });
      expect(res.statusCode, method).not.toBe(403);
    }
  });
});
