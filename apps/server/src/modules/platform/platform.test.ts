import { expect, it } from 'vitest';
import { PERMISSIONS, PLATFORM_PERMISSIONS } from '@tavolo/contracts/permissions';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from '../../test/harness.ts';

describeEachDb('platform stats', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const stats = (token?: string, host = MAIN_HOST) => t.client(host, { token }).get('/api/platform/stats');

  it('needs a platform token', async () => {
    expect((await stats()).statusCode).toBe(401);
    expect((await stats('not-a-token')).statusCode).toBe(401);
    // A restaurant token is no platform token, on either host.
    const tenantToken = await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    expect((await stats(tenantToken)).statusCode).toBe(401);
    expect((await stats(tenantToken, DEMO_HOST)).statusCode).toBe(404);
  });

  it('counts restaurants by status, users, roles and permissions', async () => {
    const token = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    const before = (await stats(token)).json().data;
    // The seed: the demo (active) plus one pending, one suspended and one on a trial, each with its owner.
    expect(before).toEqual({
      total_restaurants: 4,
      active_restaurants: 1,
      pending_approvals: 1,
      suspended_restaurants: 1,
      total_users: 7, // operator + demo admin, manager, staff + three owners
      total_roles: 14, // three default roles in each of four restaurants + super_user and support
      total_permissions: PERMISSIONS.length + PLATFORM_PERMISSIONS.length,
      active_users_today: 1, // the operator, just now; the demo admin signed in but made no authenticated call
      trial_restaurants: 1,
      platform_users: 1,
      platform_roles: 2,
    });

    await t.registerTenant({ domain: 'pending-one' });
    await t.registerTenant({ domain: 'suspended-one', status: 'suspended' });
    const after = (await stats(token)).json().data;
    expect(after).toMatchObject({
      total_restaurants: 6,
      active_restaurants: 1,
      pending_approvals: 2,
      suspended_restaurants: 2,
      total_users: 9,
      total_roles: 20,
    });
  });

  it('is not served on a restaurant host, even with a platform token', async () => {
    const token = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    const res = await stats(token, DEMO_HOST);
    expect(res.statusCode).toBe(404);
  });
});
