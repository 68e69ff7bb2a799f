/**
 * The route-by-role matrix (issue #7): who may call each /api route, decided here in one literal table and
 * proved with real calls by every kind of role. A route added without an entry fails the first test until
 * someone decides who may call it.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, useTestApp, type TestTeam } from './harness.ts';
import {
  FORBIDDEN_MESSAGE,
  compareWithTable,
  decidedRoutes,
  headTwinsAgree,
  platformCallers,
  probeRoute,
  routeKey,
  routeRules,
  sessionsAlive,
  tenantCallers,
  type Access,
  type Caller,
} from './permissions-matrix.ts';

/** Every /api route ('METHOD /api/path' as registered; HEAD twins of a GET follow it): 'public', 'auth' (any signed-in user of the host's realm) or the permission it needs. */
const EXPECTED: Record<string, Access> = {
  // API documentation, health, CSRF cookie.
  'GET /api/docs': 'public',
  'HEAD /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/health': 'public',
  'GET /api/csrf': 'public',

  // Signing in and out, one's own account (both realms).
  'POST /api/login': 'public',
  'POST /api/auth/handoff': 'public',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  // An invitation link carries its own single-use code (either realm).
  'POST /api/invitations/lookup': 'public',
  'POST /api/invitations/accept': 'public',
  'POST /api/logout': 'auth',
  'GET /api/me': 'auth',
  'POST /api/tenant/logout': 'auth',
  'GET /api/tenant/auth-check': 'auth',
  'POST /api/tenant/password': 'auth',
  'PATCH /api/tenant/profile': 'auth',
  'POST /api/tenant/profile/avatar': 'auth',
  'DELETE /api/tenant/profile/avatar': 'auth',
  // The bell and the live stream filter what they show by the caller's permissions.
  'GET /api/tenant/notifications': 'auth',
  'POST /api/tenant/notifications/mark-all-read': 'auth',
  'POST /api/tenant/notifications/:id/read': 'auth',
  'GET /api/tenant/live': 'auth',

  // Registration (main domain).
  'GET /api/tenant-register/check-domain': 'public',
  'POST /api/tenant-register': 'public',
  // Sign-up by import: reads a public page for the form before any account exists (safe fetch, per-IP limit).
  'POST /api/tenant-register/import': 'public',

  // The marketing site (main domain): plans for the pricing page, the contact form.
  'GET /api/plans': 'public',
  'POST /api/contact': 'public',

  // The storefront: guests.
  'GET /api/tenant/settings': 'public',
  'GET /api/tenant/get-tenant-details': 'public',
  'GET /api/tenant/public/categories': 'public',
  'GET /api/tenant/public/products': 'public',
  'GET /api/tenant/public/appearance': 'public',
  'GET /api/tenant/public/pages': 'public',
  'GET /api/tenant/public/pages/:slug': 'public',
  'GET /api/tenant/public/reservation-options': 'public',
  'GET /api/tenant/public/reservation-availability': 'public',
  // The guest's view/cancel link carries its own token (rate-limited).
  'POST /api/tenant/public/reservation-manage': 'public',
  'POST /api/tenant/public/reservation-manage/cancel': 'public',
  'GET /api/tenant/public/stock-check/products': 'public',
  'GET /api/tenant/orders/options': 'public',
  'POST /api/tenant/orders/quote': 'public',
  'POST /api/tenant/orders': 'public',
  'GET /api/tenant/orders/track/:token': 'public',
  'POST /api/tenant/reservation': 'public',
  'POST /api/tenant/subscribe': 'public',
  'POST /api/tenant/newsletter/confirm': 'public',
  'POST /api/tenant/newsletter/unsubscribe': 'public',
  'POST /api/tenant/contact': 'public',
  'POST /api/tenant/stock-check': 'public',
  'POST /api/tenant/quote-request': 'public',

  // Dashboard home and bulletin (everyone on the team reads; bulletin.manage writes).
  'GET /api/tenant/dashboard/insights': 'dashboard.view',
  'GET /api/tenant/dashboard/summary': 'dashboard.view',
  'GET /api/tenant/bulletin-posts': 'dashboard.view',
  'POST /api/tenant/bulletin-posts': 'bulletin.manage',
  'PUT /api/tenant/bulletin-posts/:id': 'bulletin.manage',
  'DELETE /api/tenant/bulletin-posts/:id': 'bulletin.manage',

  // Orders.
  'GET /api/tenant/orders': 'orders.view',
  'GET /api/tenant/orders/:id': 'orders.view',
  'GET /api/tenant/orders/ordering': 'orders.view',
  'POST /api/tenant/orders/ordering/resume': 'orders.manage',
  'GET /api/tenant/orders/pause': 'orders.view',
  'POST /api/tenant/orders/pause': 'orders.manage',
  'GET /api/tenant/ordering-settings': 'settings.manage',
  'PUT /api/tenant/ordering-settings': 'settings.manage',
  'GET /api/tenant/delivery-zones': 'settings.manage',
  'POST /api/tenant/delivery-zones': 'settings.manage',
  'PUT /api/tenant/delivery-zones/order': 'settings.manage',
  'PUT /api/tenant/delivery-zones/:id': 'settings.manage',
  'DELETE /api/tenant/delivery-zones/:id': 'settings.manage',
  'POST /api/tenant/orders/phone': 'orders.manage',
  'PATCH /api/tenant/orders/:id/status': 'orders.manage',

  // Reservations and the guests' requests.
  'GET /api/tenant/reservations': 'reservations.view',
  'GET /api/tenant/reservations/:id': 'reservations.view',
  'PATCH /api/tenant/reservations/:id/status': 'reservations.manage',
  'POST /api/tenant/reservations/:id/replies': 'reservations.manage',
  // The staff side of bookings: the day view, phone bookings and moves.
  'GET /api/tenant/reservations/day': 'reservations.view',
  'POST /api/tenant/reservations': 'reservations.manage',
  'PATCH /api/tenant/reservations/:id/placement': 'reservations.manage',
  // The reservation setup: booking rules, dining areas and tables.
  'GET /api/tenant/reservation-setup': 'reservations.view',
  'PUT /api/tenant/reservation-setup/settings': 'reservations.manage',
  'POST /api/tenant/dining-areas': 'reservations.manage',
  'PATCH /api/tenant/dining-areas/:id': 'reservations.manage',
  'DELETE /api/tenant/dining-areas/:id': 'reservations.manage',
  'POST /api/tenant/dining-tables': 'reservations.manage',
  'PATCH /api/tenant/dining-tables/:id': 'reservations.manage',
  'DELETE /api/tenant/dining-tables/:id': 'reservations.manage',
  'GET /api/tenant/stock-check-reqs': 'requests.view',
  'GET /api/tenant/stock-check-reqs/:id': 'requests.view',
  'PATCH /api/tenant/stock-check-reqs/:id/status': 'requests.manage',
  'POST /api/tenant/stock-check-reqs/:id/replies': 'requests.manage',
  'GET /api/tenant/quote-requests': 'requests.view',
  'GET /api/tenant/quote-requests/:id': 'requests.view',
  'PATCH /api/tenant/quote-requests/:id/status': 'requests.manage',
  'POST /api/tenant/quote-requests/:id/replies': 'requests.manage',
  'GET /api/tenant/contact-requests': 'requests.view',
  'GET /api/tenant/contact-requests/:id': 'requests.view',
  'PATCH /api/tenant/contact-requests/:id/status': 'requests.manage',
  'POST /api/tenant/contact-requests/:id/replies': 'requests.manage',

  // Customers and subscribers (one customer's export is a read: customers.view).
  'GET /api/tenant/customers': 'customers.view',
  'GET /api/tenant/customers/:key': 'customers.view',
  'GET /api/tenant/customers/:key/export': 'customers.view',
  'POST /api/tenant/customers/:key/erase': 'customers.manage',
  'GET /api/tenant/subscribers': 'customers.view',
  'GET /api/tenant/subscribers/export.csv': 'customers.manage',
  'DELETE /api/tenant/subscribers/:id': 'customers.manage',

  // Menu and stock.
  'GET /api/tenant/categories': 'menu.view',
  'POST /api/tenant/categories': 'menu.manage',
  'PATCH /api/tenant/categories/reorder': 'menu.manage',
  'PUT /api/tenant/categories/:id': 'menu.manage',
  'DELETE /api/tenant/categories/:id': 'menu.manage',
  'GET /api/tenant/products': 'menu.view',
  'GET /api/tenant/products/:id': 'menu.view',
  'POST /api/tenant/products': 'menu.manage',
  'PUT /api/tenant/products/:id': 'menu.manage',
  'DELETE /api/tenant/products/:id': 'menu.manage',
  'PATCH /api/tenant/products/bulk-status': 'menu.manage',
  'POST /api/tenant/uploads/images': 'menu.manage',
  'GET /api/tenant/option-groups': 'menu.view',
  'POST /api/tenant/option-groups': 'menu.manage',
  'PUT /api/tenant/option-groups/:id': 'menu.manage',
  'DELETE /api/tenant/option-groups/:id': 'menu.manage',
  'GET /api/tenant/stock': 'menu.view',
  'GET /api/tenant/stock/:productId/movements': 'menu.view',
  'POST /api/tenant/stock/:productId/adjustments': 'menu.manage',

  // Coupons (menu staff) and taxes (settings; the product form reads the rates).
  'GET /api/tenant/coupons': 'menu.view',
  'POST /api/tenant/coupons': 'menu.manage',
  'PUT /api/tenant/coupons/:id': 'menu.manage',
  'DELETE /api/tenant/coupons/:id': 'menu.manage',
  'GET /api/tenant/tax-rates': 'menu.view',
  'POST /api/tenant/tax-rates': 'settings.manage',
  'PUT /api/tenant/tax-rates/:id': 'settings.manage',
  'DELETE /api/tenant/tax-rates/:id': 'settings.manage',
  'GET /api/tenant/tax-settings': 'settings.manage',
  'PUT /api/tenant/tax-settings': 'settings.manage',

  // Content, looks, settings, e-mail.
  'GET /api/tenant/admin/cms-pages': 'content.manage',
  'GET /api/tenant/admin/cms-pages/:id': 'content.manage',
  'POST /api/tenant/admin/cms-pages': 'content.manage',
  'PUT /api/tenant/admin/cms-pages/:id': 'content.manage',
  'DELETE /api/tenant/admin/cms-pages/:id': 'content.manage',
  'GET /api/tenant/admin/appearance': 'appearance.manage',
  'PUT /api/tenant/admin/appearance': 'appearance.manage',
  'POST /api/tenant/admin/appearance/banner': 'appearance.manage',
  'GET /api/tenant/admin/settings': 'settings.manage',
  'PUT /api/tenant/admin/settings': 'settings.manage',
  'GET /api/tenant/admin/email-settings': 'email_settings.manage',
  'PUT /api/tenant/admin/email-settings': 'email_settings.manage',
  'DELETE /api/tenant/admin/email-settings': 'email_settings.manage',
  'POST /api/tenant/admin/email-settings/test': 'email_settings.manage',
  'GET /api/tenant/admin/mails': 'email_settings.manage',
  'POST /api/tenant/admin/mails/:id/resend': 'email_settings.manage',

  // Plan and custom domains (the restaurant's account).
  'GET /api/tenant/plan': 'settings.manage',
  'GET /api/tenant/plan/product-room': 'menu.view',
  'POST /api/tenant/plan/upgrade-request': 'settings.manage',
  'GET /api/tenant/domains': 'settings.manage',
  'POST /api/tenant/domains': 'settings.manage',
  'POST /api/tenant/domains/:id/verify': 'settings.manage',
  'DELETE /api/tenant/domains/:id': 'settings.manage',

  // The team: users and roles (the role picker of the user editor needs only users.manage).
  'GET /api/tenant/users': 'users.manage',
  'POST /api/tenant/users': 'users.manage',
  'PUT /api/tenant/users/:id': 'users.manage',
  'POST /api/tenant/users/:id/deactivate': 'users.manage',
  'POST /api/tenant/users/:id/reactivate': 'users.manage',
  'POST /api/tenant/users/:id/resend-invite': 'users.manage',
  'DELETE /api/tenant/users/:id': 'users.manage',
  'GET /api/tenant/roles/options': 'users.manage',
  'GET /api/tenant/roles': 'roles.manage',
  'POST /api/tenant/roles': 'roles.manage',
  'POST /api/tenant/roles/restore-defaults': 'roles.manage',
  'PUT /api/tenant/roles/:id': 'roles.manage',
  'DELETE /api/tenant/roles/:id': 'roles.manage',

  // Platform operators (main domain).
  'GET /api/platform/stats': 'platform.dashboard.view',
  'GET /api/platform/stats/signups': 'platform.dashboard.view',
  'GET /api/platform/tenants': 'tenants.view',
  'GET /api/platform/tenants/:id': 'tenants.view',
  'PATCH /api/platform/tenants/:id': 'tenants.manage',
  'POST /api/platform/tenants/:id/approve': 'tenants.manage',
  'POST /api/platform/tenants/:id/suspend': 'tenants.manage',
  'POST /api/platform/tenants/:id/activate': 'tenants.manage',
  'POST /api/platform/tenants/:id/start-trial': 'tenants.manage',
  'DELETE /api/platform/tenants/:id': 'tenants.delete',
  'GET /api/platform/users': 'platform_users.manage',
  'POST /api/platform/users': 'platform_users.manage',
  'PUT /api/platform/users/:id': 'platform_users.manage',
  'POST /api/platform/users/:id/deactivate': 'platform_users.manage',
  'POST /api/platform/users/:id/reactivate': 'platform_users.manage',
  'POST /api/platform/users/:id/resend-invite': 'platform_users.manage',
  'DELETE /api/platform/users/:id': 'platform_users.manage',
  'GET /api/platform/roles/options': 'platform_users.manage',
  'GET /api/platform/roles': 'platform_roles.manage',
  'POST /api/platform/roles': 'platform_roles.manage',
  'POST /api/platform/roles/restore-defaults': 'platform_roles.manage',
  'PUT /api/platform/roles/:id': 'platform_roles.manage',
  'DELETE /api/platform/roles/:id': 'platform_roles.manage',
  'GET /api/platform/messages': 'platform_messages.manage',
  'GET /api/platform/messages/:id': 'platform_messages.manage',
  'POST /api/platform/messages/:id/handled': 'platform_messages.manage',
  'DELETE /api/platform/messages/:id': 'platform_messages.manage',
};

/** What any signed-in user may do whatever their role: their own session, account and (permission-filtered) notifications. */
const ANY_SIGNED_IN = new Set([
  'POST /api/logout',
  'GET /api/me',
  'POST /api/tenant/logout',
  'GET /api/tenant/auth-check',
  'POST /api/tenant/password',
  'PATCH /api/tenant/profile',
  'POST /api/tenant/profile/avatar',
  'DELETE /api/tenant/profile/avatar',
  'GET /api/tenant/notifications',
  'POST /api/tenant/notifications/mark-all-read',
  'POST /api/tenant/notifications/:id/read',
  'GET /api/tenant/live',
]);

/** Deliberately misconfigured routes (a permission of the other realm): no role row may open them. Test-only, so not in EXPECTED. */
const FOREIGN = { tenant: '/api/test/tenant-route-with-platform-permission', platform: '/api/test/platform-route-with-tenant-permission' };
const TEST_ONLY = new Set([`GET ${FOREIGN.tenant}`, `HEAD ${FOREIGN.tenant}`, `GET ${FOREIGN.platform}`, `HEAD ${FOREIGN.platform}`]);

/** Every refused call is also checked in German for the caller without permissions. */
const GERMAN = new Set(['no permissions']);

describeEachDb('route-by-role matrix', (kind) => {
  const t = useTestApp(kind, {
    seed: true,
    extend(app) {
      const ok = async () => ({ success: true, data: null });
      app.get(FOREIGN.tenant, { config: { site: 'tenant', permission: 'tenants.view' } }, ok);
      app.get(FOREIGN.platform, { config: { site: 'platform', permission: 'orders.view' } }, ok);
    },
  });
  let team: TestTeam;
  let tenant: Caller[];
  let platform: Caller[];
  const routes = () => decidedRoutes(t.app.routeTable, TEST_ONLY);

  beforeAll(async () => {
    team = await t.registerTeam('perm');
    tenant = await tenantCallers(t, team);
    platform = await platformCallers(t);
  }, 60_000);

  it('EXPECTED lists every /api route the app registers, with the access it really has', () => {
    expect(compareWithTable(routes(), EXPECTED)).toEqual([]);
    expect(headTwinsAgree(t.app.routeTable)).toEqual([]);
    expect(Object.keys(EXPECTED).length).toBeGreaterThan(100);
  });

  it('every guarded route names a permission of its own realm, and session-only routes are on the any-signed-in list', () => {
    expect(routeRules(routes(), ANY_SIGNED_IN)).toEqual([]);
    // The list names only routes that exist and need nothing more than a session.
    for (const key of ANY_SIGNED_IN) expect(EXPECTED[key], key).toBe('auth');
  });

  it('restaurant routes: 403 with the translated message exactly for roles without the permission', async () => {
    const guarded = routes().filter((r) => r.config.site === 'tenant' && r.config.permission);
    expect(guarded.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const route of guarded) problems.push(...(await probeRoute(route, tenant, GERMAN)));
    expect(problems).toEqual([]);
    expect(await sessionsAlive(tenant)).toEqual([]);
  }, 60_000);

  it('platform routes: the same for super_user, support and operators with one permission or none', async () => {
    const guarded = routes().filter((r) => r.config.site === 'platform' && r.config.permission);
    expect(guarded.map(routeKey)).toContain('GET /api/platform/stats');
    const problems: string[] = [];
    for (const route of guarded) problems.push(...(await probeRoute(route, platform, GERMAN)));
    expect(problems).toEqual([]);
    expect(await sessionsAlive(platform)).toEqual([]);
  }, 60_000);

  it('a signed-in user whose role holds no permission still reaches their own account and notifications', async () => {
    const nobody = tenant.find((c) => c.label === 'no permissions')!;
    for (const url of ['/api/me', '/api/tenant/auth-check', '/api/tenant/notifications']) {
      expect((await nobody.client.get(url)).statusCode, url).toBe(200);
    }
    const me = (await nobody.client.get('/api/me')).json().data;
    expect(me.permissions).toEqual([]);
  });

  it('a role row holding the other realm’s permissions unlocks nothing, not even a route guarded by one of them', async () => {
    const restaurantSide = tenant.find((c) => c.label === 'only platform permissions')!;
    const operatorSide = platform.find((c) => c.label === 'only restaurant permissions')!;
    const refused = async (caller: Caller, url: string) => {
      const res = await caller.client.get(url);
      return { status: res.statusCode, message: res.json().message };
    };
    // Holding 'tenants.view' on a restaurant's role does not open a (misconfigured) restaurant route guarded by it...
    expect(await refused(restaurantSide, FOREIGN.tenant)).toEqual({ status: 403, message: FORBIDDEN_MESSAGE.en });
    // ...nor does 'orders.view' on an operator's role open a platform route guarded by it.
    expect(await refused(operatorSide, FOREIGN.platform)).toEqual({ status: 403, message: FORBIDDEN_MESSAGE.en });
    // (And every real guarded route refuses both: they are callers of the two tests above.)
  });
});
