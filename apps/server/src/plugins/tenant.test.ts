import { expect, it } from 'vitest';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from '../test/harness.ts';

describeEachDb('host resolution', (kind) => {
  const t = useTestApp(kind, { seed: true });

  const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('the main domain is the platform, demo.localhost is the demo restaurant', async () => {
    const platform = await get(MAIN_HOST, '/api/tenant/settings');
    expect(platform.statusCode).toBe(404);
    expect(platform.json().code).toBe('NOT_FOUND');

    const tenant = await get(DEMO_HOST, '/api/tenant/get-tenant-details');
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json().data.business_name).toBe('Trattoria Demo');
  });

  it.each(['DEMO.LOCALHOST', 'demo.localhost:3000', 'demo.localhost.', 'Demo.Localhost.:8080'])('host %s is the demo restaurant', async (host) => {
    const res = await get(host, '/api/tenant/get-tenant-details');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.business_name).toBe('Trattoria Demo');
  });

  // The last three name the demo but carry more than a port: no link in a mail or page may be built from them.
  it.each(['nope.localhost', 'a.demo.localhost', 'example.com', 'demo.localhost.example.com', 'localhost.evil.com', 'xn--bad_.localhost', '127.0.0.1', 'demo.localhost:3000@evil.example.com', 'demo.localhost:3000/evil', 'demo.localhost:evil.example.com'])(
    'unknown host %s: /api routes are 404 TENANT_NOT_FOUND',
    async (host) => {
      for (const url of ['/api/tenant/settings', '/api/csrf', '/api/me', '/api/no-such-route']) {
        const res = await get(host, url);
        expect(res.statusCode, `${host}${url}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'TENANT_NOT_FOUND' });
      }
      const post = await t.client(host).post('/api/login', { email: 'a@b.co', password: 'x' });
      expect(post.statusCode).toBe(404);
      expect(post.json().code).toBe('TENANT_NOT_FOUND');
    },
  );

  it.each([MAIN_HOST, DEMO_HOST, 'nope.localhost', 'example.com'])('/api/health answers on %s', async (host) => {
    const res = await get(host, '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('caches host -> tenant: a second request to the same host makes no query', async () => {
    t.app.tenants.invalidate();
    const before = t.database.queries.count;
    expect((await get(DEMO_HOST, '/api/health')).statusCode).toBe(200);
    const afterFirst = t.database.queries.count;
    expect(afterFirst - before).toBe(1);

    expect((await get(DEMO_HOST, '/api/health')).statusCode).toBe(200);
    expect((await get('DEMO.localhost:3000', '/api/health')).statusCode).toBe(200);
    expect(t.database.queries.count).toBe(afterFirst);
  });

  it("knows the restaurant's time zone from that one query, and a change in the settings at once (the dashboard shows times on it)", async () => {
    t.app.tenants.invalidate();
    const before = t.database.queries.count;
    expect(await t.app.tenants.resolve(DEMO_HOST)).toMatchObject({ kind: 'tenant', tenant: { slug: 'demo', timeZone: 'America/New_York' } });
    expect(t.database.queries.count - before).toBe(1);

    const admin = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) });
    const settings = (await admin.get('/api/tenant/admin/settings')).json().data;
    const saved = await admin.put('/api/tenant/admin/settings', { ...settings, time_zone: 'Europe/Berlin' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.tenants.resolve(DEMO_HOST)).toMatchObject({ tenant: { timeZone: 'Europe/Berlin' } });
    expect((await admin.put('/api/tenant/admin/settings', settings)).statusCode).toBe(200);
  });

  it('caches misses too: an unknown host costs one query, then none', async () => {
    const host = 'never-seen-before.localhost';
    const before = t.database.queries.count;
    await get(host, '/api/health');
    expect(t.database.queries.count - before).toBe(1);
    await get(host, '/api/health');
    await get(host, '/api/tenant/settings');
    expect(t.database.queries.count - before).toBe(1);
  });

  it('the main domain and malformed subdomains cost no query; a foreign host one (it may be a custom domain), then none', async () => {
    const before = t.database.queries.count;
    await get(MAIN_HOST, '/api/health');
    await get('a.b.c.localhost', '/api/health');
    await get('not a host', '/api/health');
    expect(t.database.queries.count).toBe(before);
    await get('example.com', '/api/health');
    expect(t.database.queries.count).toBe(before + 1);
    await get('example.com', '/api/health');
    await get('EXAMPLE.com.', '/api/health');
    expect(t.database.queries.count).toBe(before + 1);
  });

  it('a newly registered restaurant is found at once (the cached miss is invalidated)', async () => {
    const host = 'fresh-place.localhost';
    expect((await get(host, '/api/tenant/settings')).statusCode).toBe(404);
    const tenant = await t.registerTenant({ domain: 'fresh-place' });
    expect(tenant.host).toBe(host);
    const res = await get(host, '/api/tenant/get-tenant-details');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.business_name).toBe(tenant.name);
  });
});
