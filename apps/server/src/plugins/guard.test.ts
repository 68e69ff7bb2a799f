import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { PLATFORM_PERMISSIONS } from '@tavolo/contracts/permissions';
import { users } from '../db/schema/index.ts';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp, type RegisteredTenant } from '../test/harness.ts';
import { authOf } from './context.ts';

const { platform, admin, manager, staff } = DEMO_LOGINS;

describeEachDb('route guard and token scoping', (kind) => {
  // Routes that exercise each guard rule; real feature routes come and go, these stay.
  const t = useTestApp(kind, {
    seed: true,
    extend(app) {
      const echo = async (request: { auth: unknown; site: { kind: string } }) => ({ success: true, data: { site: request.site.kind, auth: request.auth } });
      app.get('/api/test/settings-only', { config: { site: 'tenant', permission: 'settings.manage' } }, echo);
      app.get('/api/test/orders-view', { config: { site: 'tenant', permission: 'orders.view' } }, echo);
      app.get('/api/test/platform-only', { config: { site: 'platform' } }, echo);
      app.get('/api/test/any-host', { config: { site: 'any' } }, echo);
      app.get('/api/test/whoami', { config: { auth: true } }, async (request) => ({ success: true, data: authOf(request.auth) }));
    },
  });
  let demo: Record<'platform' | 'admin' | 'manager' | 'staff', string>;
  let other: RegisteredTenant & { token: string };

  beforeAll(async () => {
    demo = {
      platform: await t.loginAs(MAIN_HOST, platform.email, platform.password),
      admin: await t.loginAs(DEMO_HOST, admin.email, admin.password),
      manager: await t.loginAs(DEMO_HOST, manager.email, manager.password),
      staff: await t.loginAs(DEMO_HOST, staff.email, staff.password),
    };
    const tenant = await t.registerTenant({ domain: 'guarded-other', status: 'active' });
    other = { ...tenant, token: await t.loginAs(tenant.host, tenant.email, tenant.password) };
  });

  const get = (host: string, url: string, token?: string) => t.client(host, { token }).get(url);

  it('a tenant token is refused (401) on another tenant host and on the main domain', async () => {
    expect((await get(DEMO_HOST, '/api/me', demo.admin)).statusCode).toBe(200);
    expect((await get(other.host, '/api/me', demo.admin)).statusCode).toBe(401);
    expect((await get(MAIN_HOST, '/api/me', demo.admin)).statusCode).toBe(401);
    expect((await get(DEMO_HOST, '/api/me', other.token)).statusCode).toBe(401);
    expect((await get(other.host, '/api/me', other.token)).statusCode).toBe(200);
    expect((await t.client(other.host, { token: demo.admin }).post('/api/logout')).statusCode).toBe(401);
    // ...and the refused attempt did not revoke it.
    expect((await get(DEMO_HOST, '/api/me', demo.admin)).statusCode).toBe(200);
  });

  it('a platform token is refused (401) on a tenant host', async () => {
    expect((await get(MAIN_HOST, '/api/me', demo.platform)).statusCode).toBe(200);
    expect((await get(DEMO_HOST, '/api/me', demo.platform)).statusCode).toBe(401);
    expect((await get(DEMO_HOST, '/api/tenant/auth-check', demo.platform)).statusCode).toBe(401);
    expect((await get(DEMO_HOST, '/api/test/orders-view', demo.platform)).statusCode).toBe(401);
  });

  it('the auth context carries the realm and tenant of the host', async () => {
    const tenant = (await get(DEMO_HOST, '/api/test/whoami', demo.staff)).json().data;
    expect(tenant).toMatchObject({ realm: 'tenant', tenantId: expect.any(String), permissions: ['dashboard.view', 'orders.view', 'reservations.view'] });
    const plat = (await get(MAIN_HOST, '/api/test/whoami', demo.platform)).json().data;
    expect(plat).toMatchObject({ realm: 'platform', tenantId: null });
    // The super user holds the whole catalogue (in the order migrations granted it).
    expect([...plat.permissions].sort()).toEqual([...PLATFORM_PERMISSIONS].sort());
  });

  it('a permission route: 401 without a token, 403 FORBIDDEN without the permission, 200 with it', async () => {
    expect((await get(DEMO_HOST, '/api/test/settings-only')).statusCode).toBe(401);
    const forbidden = await get(DEMO_HOST, '/api/test/settings-only', demo.manager);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await get(DEMO_HOST, '/api/test/settings-only', demo.staff)).statusCode).toBe(403);
    expect((await get(DEMO_HOST, '/api/test/settings-only', demo.admin)).statusCode).toBe(200);
  });

  it('x.manage implies x.view; staff may view orders', async () => {
    for (const token of [demo.admin, demo.manager, demo.staff]) {
      expect((await get(DEMO_HOST, '/api/test/orders-view', token)).statusCode).toBe(200);
    }
  });

  it('the permission check reads the role at request time, not at sign-in', async () => {
    const token = await t.loginAs(DEMO_HOST, manager.email, manager.password);
    const roleOf = async (email: string) => (await t.db.select({ tenantId: users.tenantId, id: users.id, roleId: users.roleId }).from(users).where(eq(users.email, email)))[0]!;
    const managerRow = await roleOf(manager.email);
    const adminRow = await roleOf(admin.email);
    const setRole = (roleId: string) => t.db.update(users).set({ roleId }).where(and(eq(users.tenantId, managerRow.tenantId), eq(users.id, managerRow.id)));

    expect((await get(DEMO_HOST, '/api/test/settings-only', token)).statusCode).toBe(403);
    await setRole(adminRow.roleId);
    expect((await get(DEMO_HOST, '/api/test/settings-only', token)).statusCode).toBe(200);
    await setRole(managerRow.roleId);
    expect((await get(DEMO_HOST, '/api/test/settings-only', token)).statusCode).toBe(403);
  });

  it('site rules: tenant routes 404 on the main domain, platform routes 404 on a tenant host, "any" answers everywhere', async () => {
    const onMain = await get(MAIN_HOST, '/api/test/orders-view', demo.platform);
    expect(onMain.statusCode).toBe(404);
    expect(onMain.json().code).toBe('NOT_FOUND');
    expect((await get(DEMO_HOST, '/api/test/platform-only')).statusCode).toBe(404);
    expect((await get(MAIN_HOST, '/api/test/platform-only')).json().data.site).toBe('platform');
    for (const host of [MAIN_HOST, DEMO_HOST, 'unknown.localhost', 'example.org']) {
      expect((await get(host, '/api/test/any-host')).statusCode, host).toBe(200);
    }
    expect((await get('unknown.localhost', '/api/test/whoami', demo.admin)).json().code).toBe('TENANT_NOT_FOUND');
  });

  it('an authenticated request marks the user as seen', async () => {
    const user = await t.addUser({ tenantId: other.tenantId, role: 'staff', email: 'seen@guarded.example.com' });
    const token = await t.loginAs(other.host, user.email, user.password);
    const lastSeen = async () =>
      (await t.db.select({ at: users.lastSeenAt }).from(users).where(and(eq(users.tenantId, other.tenantId), eq(users.id, user.id))))[0]!.at;
    expect(await lastSeen()).toBeNull();
    expect((await get(other.host, '/api/me', token)).statusCode).toBe(200);
    expect((await lastSeen())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
