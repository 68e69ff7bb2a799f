import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openAllDay, placeOrder } from '../support/api.ts';
import { wcagAxe } from '../support/axe.ts';
import { DESKTOP, clickUntilVisible, uniqueSlug, url, useBrowser } from '../support/browser.ts';
import { linkFromMail } from '../support/mail.ts';
import { signIn, signInOperator } from '../support/restaurant.ts';

/**
 * Issue #11: axe (WCAG 2 A and AA) on every route of every site — marketing, storefront, the restaurant's and the
 * operators' dashboards — with nothing serious or critical. The route patterns below are checked against the
 * router source, so a route added without an axe visit here fails this file.
 */
const browser = useBrowser();
const DEMO = 'demo';
/** The narrowest phone the storefront is made for. */
const PHONE = { width: 375, height: 812 };
const admin = { email: 'admin@demo.example.com', password: 'tavolo-demo' };

// ---------------------------------------------------------------------------------------------------------------
// The route patterns the web app declares, read from its router files.
const routesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/app/routes');

/** Full path patterns of a router file: top-level `path: '/x'` entries and their relative children, in source order. */
export function routePatterns(file: string): string[] {
  const source = fs.readFileSync(path.join(routesDir, file), 'utf8');
  const constants = new Map<string, string[]>();
  for (const m of source.matchAll(/const (\w+) = \[([^\]]*)\]/g)) constants.set(m[1]!, [...m[2]!.matchAll(/'([^']*)'/g)].map((s) => s[1]!));
  const found: string[] = [];
  let parent = '';
  const join = (child: string) => (parent === '/' ? `/${child}` : `${parent}/${child}`);
  // One token per route entry: an absolute path, a relative path, an index route, or a spread list of paths.
  const token = /path: '([^']*)'|index: true|\.\.\.\[([^\]]*)\]\.map|\.\.\.(\w+)\.map/g;
  for (const m of source.matchAll(token)) {
    if (m[1]?.startsWith('/')) {
      parent = m[1];
      found.push(m[1]);
    } else if (m[1] !== undefined) found.push(join(m[1]));
    else if (m[0] === 'index: true') found.push(parent);
    else {
      const list = m[2] !== undefined ? [...m[2].matchAll(/'([^']*)'/g)].map((s) => s[1]!) : (constants.get(m[3]!) ?? []);
      for (const p of list) found.push(join(p));
    }
  }
  return [...new Set(found)];
}

// ---------------------------------------------------------------------------------------------------------------
// What each pattern is visited as. Parametrised ones get real values from the seeded demo (see `fixtures`).
type Fixtures = { orderToken: string; orderId: string; pageSlug: string; manageLink: string; inviteLink: string; tenantInviteLink: string };
type Visit = (f: Fixtures) => string;

/** The storefront and the pages anyone can open on a restaurant's host. */
const TENANT_GUEST: Record<string, Visit> = {
  '/': () => '/',
  '/checkout': () => '/checkout',
  '/order/:token': (f) => `/order/${f.orderToken}`,
  '/login': () => '/login',
  '/tenant/login': () => '/tenant/login',
  '/forgot-password': () => '/forgot-password',
  '/reset-password': () => '/reset-password?token=not-a-real-token&email=guest%40example.com',
  '/auth/handoff': () => '/auth/handoff',
  '/accept-invite': (f) => f.tenantInviteLink,
  '/reservation': () => '/reservation',
  '/reservation/manage': (f) => f.manageLink,
  '/stock-check': () => '/stock-check',
  '/contact': () => '/contact',
  '/quote': () => '/quote',
  '/newsletter/confirm': () => '/newsletter/confirm?token=not-a-real-token',
  '/newsletter/unsubscribe': () => '/newsletter/unsubscribe?token=not-a-real-token',
  '/about': () => '/about',
  '/privacy': () => '/privacy',
  '/terms': () => '/terms',
  '/p/:slug': (f) => `/p/${f.pageSlug}`,
  '/*': () => '/no-such-page',
};

/** The restaurant's dashboard, signed in as its admin. */
const TENANT_DASHBOARD: Record<string, Visit> = {
  '/dashboard/orders/:id/ticket': (f) => `/dashboard/orders/${f.orderId}/ticket`,
  '/dashboard': () => '/dashboard',
  ...Object.fromEntries(
    [
      'home', 'orders', 'reservations', 'reservations/setup', 'stock-check-requests', 'quote-requests', 'contact-reqs', 'subscribers', 'customers',
      'bulletin', 'categories', 'products', 'option-groups', 'stock', 'coupons', 'taxes', 'settings', 'ordering', 'themes', 'colors', 'layouts',
      'email-settings', 'plan', 'cms', 'users', 'roles', 'profile', 'password',
    ].map((p) => [`/dashboard/${p}`, () => `/dashboard/${p}`]),
  ),
  '/dashboard/*': () => '/dashboard/no-such-page',
};

/** The main domain: marketing pages, sign-up and the auth pages, as a guest. */
const PLATFORM_GUEST: Record<string, Visit> = {
  '/': () => '/',
  ...Object.fromEntries(['food-ordering', 'restaurant-services', 'pricing', 'about', 'contact', 'privacy', 'terms'].map((p) => [`/${p}`, () => `/${p}`])),
  '/tenant-register': () => '/tenant-register',
  '/login': () => '/login',
  '/forgot-password': () => '/forgot-password',
  '/reset-password': () => '/reset-password?token=not-a-real-token&email=operator%40example.com',
  '/accept-invite': (f) => f.inviteLink,
  '/*': () => '/no-such-page',
};

/** The operators' dashboard, signed in as the demo operator. */
const PLATFORM_DASHBOARD: Record<string, Visit> = {
  '/dashboard': () => '/dashboard',
  '/dashboard/users': () => '/dashboard/users',
  '/dashboard/roles': () => '/dashboard/roles',
  '/dashboard/tenants': () => '/dashboard/tenants',
  '/dashboard/messages': () => '/dashboard/messages',
  '/dashboard/*': () => '/dashboard/no-such-page',
};

// ---------------------------------------------------------------------------------------------------------------

/** The dashboard's live stream stays open as long as the page: Playwright's 'networkidle' never comes there. */
const LIVE_STREAM = /\/api\/tenant\/live$/;
type Traffic = { open: Set<Request>; lastChange: number };
const traffic = new WeakMap<Page, Traffic>();

/** The page's requests in flight other than the live stream, counted from the first call on (before its visits). */
function trafficOf(page: Page): Traffic {
  const known = traffic.get(page);
  if (known) return known;
  const t: Traffic = { open: new Set(), lastChange: Date.now() };
  const change = (request: Request, inFlight: boolean) => {
    if (LIVE_STREAM.test(request.url())) return;
    if (inFlight) t.open.add(request);
    else t.open.delete(request);
    t.lastChange = Date.now();
  };
  page.on('request', (request) => change(request, true));
  page.on('requestfinished', (request) => change(request, false));
  page.on('requestfailed', (request) => change(request, false));
  traffic.set(page, t);
  return t;
}

/** 'networkidle' without the live stream: nothing else in flight for 500 ms, waiting 2.5 s at most. */
async function networkQuiet(page: Page) {
  const t = trafficOf(page);
  const deadline = Date.now() + 2_500;
  while (Date.now() < deadline && (t.open.size > 0 || Date.now() - t.lastChange < 500)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Waits until the page has drawn its content: no requests in flight, no loaders or skeletons, no running animation. */
async function settle(page: Page) {
  await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
}

/** axe with the WCAG 2 A and AA rules; returns the serious and critical violations, one line each. */
async function axeProblems(page: Page, label: string): Promise<string[]> {
  await settle(page);
  const { violations } = await wcagAxe(page).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary?.includes('contrast') ? ` [${n.any[0]?.message ?? ''}]` : ''}`).join(', ')}`);
}

async function visitAll(page: Page, routes: Record<string, Visit>, fixtures: Fixtures, sub: string | undefined, label: string): Promise<string[]> {
  const problems: string[] = [];
  trafficOf(page);
  for (const [pattern, visit] of Object.entries(routes)) {
    const target = visit(fixtures);
    const response = await page.goto(url(target, sub));
    // The not-found page says so to crawlers too; every other address is a page.
    const status = pattern === '/*' ? 404 : 200;
    if (response?.status() !== status) problems.push(`${label} ${pattern}: HTTP ${response?.status()} at ${target}, not ${status}`);
    // Something real is on the page (not an empty shell): text beyond a loader.
    const drawn = await page
      .waitForFunction(() => ((document.querySelector('#root') as HTMLElement | null)?.innerText.trim().length ?? 0) > 20, undefined, { timeout: 15_000 })
      .then(() => true, () => false);
    if (!drawn) problems.push(`${label} ${pattern}: nothing drawn at ${target}`);
    problems.push(...(await axeProblems(page, `${label} ${pattern}`)));
  }
  return problems;
}

/** The parametrised routes' values, made through the app's own API as the demo's staff and guests would. */
async function fixtures(page: Page): Promise<Fixtures> {
  await signIn(page, admin);
  await openAllDay(page);
  // A plain dish (no options to choose) for the order whose tracking page and ticket are checked.
  // A category of its own: journeys running alongside may hide or reorder the demo's categories.
  const category = await call<{ id: string }>(page, 'POST', '/tenant/categories', { body: { name: `Axe ${uniqueSlug('c').slice(-5)}` } });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  const dish = await call<{ id: string }>(page, 'POST', '/tenant/products', { body: { name: `Axe Bruschetta ${Date.now().toString(36)}`, price_cents: 650, category_id: category.body.data.id } });
  expect(dish.status, JSON.stringify(dish.body)).toBe(201);
  const order = await placeOrder(page, dish.body.data.id, { name: 'Axel Axe', quantity: 1 });

  const tag = Date.now().toString(36);
  const pageSlug = `axe-${tag}`;
  const cms = await call(page, 'POST', '/tenant/admin/cms-pages', {
    body: { slug: pageSlug, is_published: true, sort_order: 50, translations: { en: { title: 'Our wine list', body_html: '<p>Red, white and rosé.</p>' }, de: { title: 'Unsere Weinkarte', body_html: '<p>Rot, weiß und rosé.</p>' } } },
  });
  expect(cms.status, JSON.stringify(cms.body)).toBe(201);

  const options = await call<{ today: string }>(page, 'GET', '/tenant/public/reservation-options', { as: 'guest' });
  const date = new Date(`${options.body.data.today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 2);
  const day = date.toISOString().slice(0, 10);
  const free = await call<{ times: string[] }>(page, 'GET', `/tenant/public/reservation-availability?date=${day}&guests=2`, { as: 'guest' });
  const guestEmail = `axe-${tag}@example.com`;
  const booked = await call(page, 'POST', '/tenant/reservation', {
    as: 'guest',
    body: { full_name: 'Axel Axe', phone_number: '+49 30 7654321', email: guestEmail, date: day, time: free.body.data.times.at(-1), guests: 2, message: 'Window seat' },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const manageLink = await linkFromMail(guestEmail, /(\/reservation\/manage#token=[A-Za-z0-9_-]+)/);

  const roles = await call<{ roles: { id: string; name: string }[] }>(page, 'GET', '/tenant/roles/options');
  const staffRole = roles.body.data.roles.find((r) => r.name === 'staff') ?? roles.body.data.roles[0]!;
  const inviteEmail = `axe-invite-${tag}@demo.example.com`;
  const invited = await call(page, 'POST', '/tenant/users', { body: { name: 'Ina Invite', email: inviteEmail, role_id: staffRole.id, mode: 'invite' } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const invite = new URL(await linkFromMail(inviteEmail, /(http:\/\/demo\.localhost:\d+\/accept-invite\?token=[\w%-]+)/));

  return {
    orderToken: order.token,
    orderId: order.id,
    pageSlug,
    manageLink,
    tenantInviteLink: `${invite.pathname}${invite.search}`,
    inviteLink: '/accept-invite?token=not-a-real-token',
  };
}

async function operatorInvite(page: Page): Promise<string> {
  const options = await call<{ roles: { id: string; name: string }[] }>(page, 'GET', '/platform/roles/options');
  const email = `axe-op-${Date.now().toString(36)}@example.com`;
  const invited = await call(page, 'POST', '/platform/users', { body: { name: 'Otto Operator', email, role_id: options.body.data.roles[0]!.id, mode: 'invite' } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const link = new URL(await linkFromMail(email, /(http:\/\/localhost:\d+\/accept-invite\?token=[\w%-]+)/));
  return `${link.pathname}${link.search}`;
}

describe('axe on every route of every site (issue #11)', { timeout: 300_000 }, () => {
  it('the list of visited routes is the list the router declares', () => {
    expect(Object.keys({ ...TENANT_GUEST, ...TENANT_DASHBOARD }).sort()).toEqual(routePatterns('tenant-site.tsx').sort());
    expect(Object.keys({ ...PLATFORM_GUEST, ...PLATFORM_DASHBOARD }).sort()).toEqual(routePatterns('platform-site.tsx').sort());
  });

  let f: Fixtures;

  // The dashboard's pages in two halves, each in its own time limit: all of them took 200 s on a loaded machine.
  const dashboardPages = Object.entries(TENANT_DASHBOARD);
  const firstHalf = Object.fromEntries(dashboardPages.slice(0, Math.ceil(dashboardPages.length / 2)));
  const secondHalf = Object.fromEntries(dashboardPages.slice(Math.ceil(dashboardPages.length / 2)));

  it('the restaurant dashboard, first half of its pages, signed in as the admin', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    f = await fixtures(page);
    expect(await visitAll(page, firstHalf, f, DEMO, 'dashboard')).toEqual([]);
    await context.close();
  });

  it('the restaurant dashboard, the other half of its pages, and its main drawers and dialogs', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signIn(page, admin);
    const problems = await visitAll(page, secondHalf, f, DEMO, 'dashboard');

    // The order drawer, the product form, the add-user dialog.
    await page.goto(url(`/dashboard/orders?order_id=${f.orderId}`, DEMO));
    await page.getByRole('dialog').first().waitFor();
    problems.push(...(await axeProblems(page, 'dashboard order drawer')));
    await page.goto(url('/dashboard/products', DEMO));
    await page.getByRole('button', { name: /^(Add|New) (product|dish)/ }).first().click();
    await page.getByRole('dialog').first().waitFor();
    problems.push(...(await axeProblems(page, 'dashboard product form')));
    await page.goto(url('/dashboard/users', DEMO));
    await page.getByRole('button', { name: /^(Add|Invite)/ }).first().click();
    await page.getByRole('dialog').first().waitFor();
    problems.push(...(await axeProblems(page, 'dashboard add user')));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the storefront and the restaurant host’s public pages, as a guest, at 1280 px', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    const problems = await visitAll(page, TENANT_GUEST, f, DEMO, 'storefront');
    // The size dialog of a dish with choices, then the cart drawer with it.
    await page.goto(url('/', DEMO));
    const choices = page.getByRole('dialog', { name: /Margherita/ });
    await clickUntilVisible(page.getByRole('button', { name: 'Add Margherita to the cart' }), choices);
    problems.push(...(await axeProblems(page, 'storefront options dialog')));
    await choices.getByRole('radio').first().check();
    await choices.getByTestId('options-confirm').click();
    await expect.poll(() => choices.count()).toBe(0);
    // The "added" toast closes itself after 1.2 s; axe reading it mid-fade sees near-white text.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: /^Open the cart/ }).click();
    await page.getByRole('dialog').first().waitFor();
    problems.push(...(await axeProblems(page, 'storefront cart drawer')));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the storefront at phone width, in German', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    const problems = await visitAll(page, TENANT_GUEST, f, DEMO, 'phone de storefront');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the main domain: marketing, sign-up and auth pages as a guest, then the operators’ dashboard', async () => {
    const { context, page } = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    await signInOperator(page);
    const inviteLink = await operatorInvite(page);
    const problems = await visitAll(page, PLATFORM_DASHBOARD, f, undefined, 'platform');
    await context.close();

    const guest = await browser.newPage({ viewport: DESKTOP, language: 'en' });
    problems.push(...(await visitAll(guest.page, PLATFORM_GUEST, { ...f, inviteLink }, undefined, 'main')));
    expect(problems).toEqual([]);
    await guest.context.close();
  });
});
