import { expect, it } from 'vitest';
import type { RouteEntry } from '../app.ts';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from './harness.ts';
import { SKIPPED, runFuzz, type Caller } from './fuzz.ts';
import { apiRoutes } from './isolation-matrix.ts';
import { routeKey } from './permissions-matrix.ts';

/** About a dozen calls per route, a few with 100 KB bodies. */
const FUZZ_TIMEOUT_MS = 120_000;

describeEachDb('bad-input fuzzing of every route', (kind) => {
  const t = useTestApp(kind, { seed: true });

  it('no input makes a route answer 5xx, and every answer is a well-formed, translated envelope', async () => {
    const admin = await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
    const operator = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    // The demo restaurant's admin on its own host; platform routes as the operator on the main domain; public ones without a session.
    const callerFor = (route: RouteEntry): Caller => {
      const signedIn = Boolean(route.config.auth || route.config.permission);
      if (route.config.site === 'platform') return { host: MAIN_HOST, token: signedIn ? operator : undefined };
      return { host: DEMO_HOST, token: signedIn ? admin : undefined };
    };

    const { violations, calls } = await runFuzz(t, { callerFor });
    expect(violations.map((v) => `${v.route} [${v.input}]: ${v.problem}`)).toEqual([]);

    const routes = apiRoutes(t.app.routeTable);
    for (const route of routes) {
      const key = routeKey(route);
      if (!(key in SKIPPED)) expect(calls.get(key), key).toBeGreaterThanOrEqual(5);
    }
    // Every skip names a route that exists.
    expect(Object.keys(SKIPPED).filter((key) => !routes.some((r) => routeKey(r) === key))).toEqual([]);
    // The fuzzing left the world usable: the admin is still signed in.
    expect((await t.client(DEMO_HOST, { token: admin }).get('/api/tenant/auth-check')).statusCode).toBe(200);
  }, FUZZ_TIMEOUT_MS);
});
