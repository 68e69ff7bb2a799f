import { expect, it } from 'vitest';
import { PERMISSIONS } from '@tavolo/contracts/permissions';
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
    expect(before).toEqual({
      total_restaurants: 1,
      active_restaurants: 1,
      pending_approvals: 0,
      suspended_restaurants: 0,
      total_users: 4, // operator + demo admin, manager, staff
      total_roles: 3,
      total_permissions: PERMISSIONS.length,
      active_users_today: 1, // the operator, just now; the demo admin signed in but made no authenticated call
    });

    await t.registerTenant({ domain: 'pending-one' });
    await t.registerTenant({ domain: 'suspended-one', status: 'suspended' });
    const after = (await stats(token)).json().data;
    expect(after).toMatchObject({
      total_restaurants: 3,
      active_restaurants: 1,
      pending_approvals: 1,
      suspended_restaurants: 1,
      total_users: 6,
      total_roles: 9,
    });
  });

  it('is not served on a restaurant host, even with a platform token', async () => {
    const token = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    const res = await stats(token, DEMO_HOST);
    expect(res.statusCode).toBe(404);
  });
});
