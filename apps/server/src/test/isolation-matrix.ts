/**
 * The tenant isolation matrix: every /api route the app registered, called across tenants, realms and hosts.
 * Routes are read from the app itself (`app.routeTable`), so routes added later are covered without
 * editing anything here. See isolation.test.ts.
 */
import { sql } from 'drizzle-orm';
import type { RouteEntry } from '../app.ts';
import type { Db } from '../db/client.ts';
import {
  contactRequests,
  couponRedemptions,
  coupons,
  deliveryZones,
  diningAreas,
  diningTables,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  quoteRequests,
  requestReplies,
  reservationTables,
  reservations,
  stockCheckRequests,
  taxRates,
  tenantDomains,
} from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { customerKey } from '../modules/customers/customers.service.ts';
import { DEMO_LOGINS, GOOD_PASSWORD, MAIN_HOST, client, rowsOf, type RegisteredTenant, type Response, type TestApp } from './harness.ts';
import { sampleBody } from './sample-body.ts';
import { LIVE_TOPICS } from '@tavolo/contracts/live';
import { openSse, pause } from './sse.ts';

/**
 * Bodies for routes with path parameters whose body schema cannot be sampled automatically (see sample-body.ts).
 * Key: `METHOD /api/path/:param`. Needed only when the matrix says so.
 */
export const BODY_FIXTURES: Record<string, unknown> = {
  // Permissions must come from the catalogue (sampled text would be refused before the id is looked at).
  'PUT /api/tenant/roles/:id': { name: 'Matrix role', permissions: ['orders.view'] },
  // A postal-code zone needs at least one code (the sampled empty list is refused before the id is looked at).
  'PUT /api/tenant/delivery-zones/:id': { name: 'Matrix zone', kind: 'postal_codes', postal_codes: ['10115'], fee_cents: 0, min_order_cents: 0 },
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface World {
  a: RegisteredTenant;
  b: RegisteredTenant;
  tokens: { aAdmin: string; bAdmin: string; bStaff: string; platform: string };
  /** Strings that belong to B alone: no response on A's host (or the main domain) may contain one. */
  bIdentifiers: string[];
  /** B's row ids by table, for path parameters. */
  bIds: Record<string, string[]>;
  aIds: Record<string, string[]>;
  /** Values of B's for path parameters that are not row ids (e.g. a customer's `:key`), by parameter name. */
  bParams?: Record<string, string[]>;
}

/** Tables with a tenant_id column: everything a restaurant owns. */
export async function tenantTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  );
  return rowsOf(result).map((r) => String(r.table_name));
}

/** Every row a tenant owns, table by table, in a stable order; plus its tenants row. */
export async function tenantRows(db: Db, tenantId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of await tenantTables(db)) {
    const rows = rowsOf(await db.execute(sql`select * from ${sql.identifier(table)} where tenant_id = ${tenantId}`));
    out[table] = rows.map((r) => JSON.parse(JSON.stringify(r))).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  }
  out.tenants = rowsOf(await db.execute(sql`select * from tenants where id = ${tenantId}`)).map((r) => JSON.parse(JSON.stringify(r)));
  return out;
}

/**
 * A digest of a tenant's rows per table (its tenant tables and its tenants row), in ONE statement: the matrix
 * takes one after every unsafe call, and tenantRows' query per table made that most of its running time.
 * `tables` is tenantTables(db), read once (the schema does not change during a run).
 */
async function tenantDigest(db: Db, tenantId: string, tables: string[]): Promise<Record<string, string>> {
  const digest = (table: string, key: string) =>
    sql`select ${table} as t, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from ${sql.identifier(table)} x where ${sql.identifier(key)} = ${tenantId}`;
  const parts = [...tables.map((table) => digest(table, 'tenant_id')), digest('tenants', 'id')];
  const rows = rowsOf(await db.execute(sql.join(parts, sql` union all `)));
  return Object.fromEntries(rows.map((r) => [String(r.t), String(r.h)]));
}

/** Row ids of each tenant table that has an `id` column (empty list: no rows yet). */
async function idsByTable(db: Db, rows: Record<string, Record<string, unknown>[]>): Promise<Record<string, string[]>> {
  const result = await db.execute(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id'`);
  const withId = new Set(rowsOf(result).map((r) => String(r.table_name)));
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([table]) => withId.has(table))
      .map(([table, list]) => [table, list.map((r) => String(r.id))]),
  );
}

function stringsOf(value: unknown, out: Set<string>) {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
}

/** Ids, e-mails, names and hashes; not timestamps, nor enum-like words ('active', 'orders.view') that any page may mention. */
const isIdentifier = (s: string) =>
  !/^\d{4}-\d{2}-\d{2}[ T]\d/.test(s) && (UUID.test(s) || s.includes('@') || (s.length >= 6 && /[A-Z ]/.test(s)) || s.length >= 20);

/** Singular and plural spellings of a path segment, as table names. */
function tableCandidates(segment: string): string[] {
  // SPEC §7 abbreviates: /stock-check-reqs are the stock_check_requests.
  const base = segment.replace(/-/g, '_').toLowerCase().replace(/_reqs$/, '_requests');
  const singular = base.replace(/ies$/, 'y').replace(/s$/, '');
  return [base, `${singular}s`, `${singular}ies`.replace(/yies$/, 'ies'), singular];
}

function matchTable(segment: string | undefined, tables: string[]): string | undefined {
  if (!segment) return undefined;
  const candidates = tableCandidates(segment);
  return tables.find((t) => candidates.includes(t)) ?? tables.find((t) => candidates.some((c) => c.endsWith(`_${t}`) || t.endsWith(`_${c}`)));
}

/**
 * Creates some of everything for a tenant through its own API: every POST route without path parameters
 * that takes a body is called once with a sampled body. Best effort: what fails, fails (but never 5xx).
 */
async function populateThroughApi(t: TestApp, routes: RouteEntry[], tenant: RegisteredTenant, token: string, text: string, problems: string[]) {
  for (const route of routes) {
    if (route.method !== 'POST' || route.url.includes(':') || route.url.includes('*') || !route.schema?.body) continue;
    const site = route.config.site ?? 'known';
    if (site !== 'tenant' && site !== 'known') continue;
    const sample = sampleBody(route.schema.body, { text });
    if (!sample) continue;
    const res = await client(t.app, tenant.host, { token }).post(route.url, sample.body);
    if (res.statusCode >= 500) problems.push(`populate: POST ${route.url} on ${tenant.host} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
}

/** An order straight into the tables (the checkout itself depends on the clock and opening hours). */
async function addOrder(db: Db, tenantId: string, productId: string, prefix: string) {
  const [order] = await db
    .insert(orders)
    .values({
      tenantId,
      number: 1001,
      trackingTokenHash: hashToken(`${prefix} tracking token`),
      type: 'pickup',
      customerName: `${prefix} Guest`,
      customerPhone: '+49 30 555 0101',
      customerEmail: `guest@${prefix.toLowerCase().replace(/\W+/g, '-')}.example.com`,
      paymentMethod: 'cash',
      currencySymbol: '$',
      subtotalCents: 990,
      totalCents: 990,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ tenantId, orderId: order!.id, productId, name: `${prefix} Soup`, unitPriceCents: 990, finalUnitPriceCents: 990, quantity: 1, lineTotalCents: 990 });
  await db.insert(orderStatusHistory).values({ tenantId, orderId: order!.id, status: 'pending' });
  await db.insert(notifications).values({ tenantId, kind: 'order', data: { number: 1001 }, orderId: order!.id });
}

/** A failed mail, so the mail log's resend route has one of B's ids to be refused. */
async function addFailedMail(db: Db, tenantId: string, prefix: string) {
  await db.insert(mailOutbox).values({
    tenantId,
    template: 'action',
    toAddress: `bounced@${prefix.toLowerCase().replace(/\W+/g, '-')}.example.com`,
    language: 'en',
    payload: { site: `${prefix} Kitchen`, name: `${prefix} Guest`, subjectKey: 'orders.mail.placed_subject', subjectParams: { number: 1001 }, paragraphs: [] },
    status: 'failed',
    attempts: 8,
    lastError: `${prefix} mailbox unavailable`,
  });
}

/** One of each guest request (and a staff reply), so the inbox's id routes have B's rows to be refused. */
async function addGuestRequests(db: Db, tenantId: string, prefix: string, productId: string) {
  const email = `asker@${prefix.toLowerCase().replace(/\W+/g, '-')}.example.com`;
  const [reservation] = await db
    .insert(reservations)
    .values({ tenantId, fullName: `${prefix} Diner`, phoneNumber: '+49 30 555 0102', email, date: '2030-01-15', time: '19:00', guests: 2, message: `${prefix} window table` })
    .returning({ id: reservations.id });
  await db.insert(contactRequests).values({ tenantId, name: `${prefix} Writer`, email, subject: `${prefix} question`, message: `${prefix} hello` });
  await db.insert(stockCheckRequests).values({ tenantId, fullName: `${prefix} Asker`, phoneNumber: '+49 30 555 0103', email, productId, productName: `${prefix} Soup`, quantity: 3, availableAtRequest: 5 });
  await db.insert(quoteRequests).values({ tenantId, name: `${prefix} Planner`, email, phone: '+49 30 555 0104', eventDate: '2030-02-01', guests: 40, message: `${prefix} party` });
  await db.insert(newsletterSubscribers).values({ tenantId, email: `reader@${prefix.toLowerCase().replace(/\W+/g, '-')}.example.com`, status: 'confirmed', unsubscribeTokenHash: hashToken(`${prefix} unsubscribe`), confirmedAt: new Date() });
  await db.insert(requestReplies).values({ tenantId, kind: 'reservation', requestId: reservation!.id, userName: `${prefix} Manager`, toAddress: email, subject: `${prefix} see you`, body: `${prefix} reply body` });
}

/**
 * A tax rate (the default) that the soup uses and a coupon its order redeemed, for the coupon and tax-rate id
 * routes; the coupon list's use counts and the rate's product counts must stay within the restaurant.
 */
async function addCouponAndTax(db: Db, tenantId: string, prefix: string, productId: string) {
  const [rate] = await db.insert(taxRates).values({ tenantId, name: `${prefix} VAT`, rateMillipercent: 7000, isDefault: true }).returning({ id: taxRates.id });
  await db.update(products).set({ taxRateId: rate!.id }).where(sql`${products.tenantId} = ${tenantId} and ${products.id} = ${productId}`);
  const code = `${prefix.toUpperCase().replace(/\W+/g, '-')}-10`;
  const [coupon] = await db.insert(coupons).values({ tenantId, code, kind: 'percent', value: 10, maxUses: 50 }).returning({ id: coupons.id });
  const [order] = await db.select({ id: orders.id, email: orders.customerEmail }).from(orders).where(sql`${orders.tenantId} = ${tenantId}`).limit(1);
  await db.update(orders).set({ couponCode: code }).where(sql`${orders.tenantId} = ${tenantId} and ${orders.id} = ${order!.id}`);
  await db.insert(couponRedemptions).values({ tenantId, couponId: coupon!.id, orderId: order!.id, customerKey: order!.email ?? `${prefix} guest` });
}

/** A dining area with a table that holds the restaurant's reservation, for the setup's id routes. */
async function addDiningTable(db: Db, tenantId: string, prefix: string) {
  const [area] = await db.insert(diningAreas).values({ tenantId, name: `${prefix} Terrace` }).returning({ id: diningAreas.id });
  const [table] = await db.insert(diningTables).values({ tenantId, areaId: area!.id, name: `${prefix} T1`, maxSeats: 4 }).returning({ id: diningTables.id });
  const [reservation] = await db.select({ id: reservations.id }).from(reservations).where(sql`${reservations.tenantId} = ${tenantId}`).limit(1);
  await db.insert(reservationTables).values({ tenantId, reservationId: reservation!.id, tableId: table!.id });
}

export async function buildWorld(t: TestApp): Promise<World & { problems: string[] }> {
  const problems: string[] = [];
  const a = await t.registerTenant({ domain: 'alpha-isle', restaurant_name: 'Alpha Isle Kitchen', email: 'owner@alpha-isle.example.com', status: 'active' });
  const b = await t.registerTenant({ domain: 'bravo-zulu', restaurant_name: 'Bravo Zulu Secret Bistro', email: 'owner@bravo-zulu.example.com', status: 'active' });

  for (const [tenant, prefix] of [
    [a, 'Alpha Plain'],
    [b, 'Zulu Secret'],
  ] as const) {
    const slug = tenant.slug;
    await t.addUser({ tenantId: tenant.tenantId, role: 'manager', email: `manager@${slug}.example.com`, name: `${prefix} Manager` });
    await t.addUser({ tenantId: tenant.tenantId, role: 'staff', email: `staff@${slug}.example.com`, name: `${prefix} Staff` });
    const open = await t.addCategory(tenant.tenantId, { name: `${prefix} Mains` });
    const closed = await t.addCategory(tenant.tenantId, { name: `${prefix} Retired Menu`, isActive: false });
    const soup = await t.addProduct(tenant.tenantId, open, { name: `${prefix} Soup`, priceCents: 990, description: `${prefix} broth` });
    await addOrder(t.db, tenant.tenantId, soup, prefix);
    await addFailedMail(t.db, tenant.tenantId, prefix);
    await addGuestRequests(t.db, tenant.tenantId, prefix, soup);
    await addDiningTable(t.db, tenant.tenantId, prefix);
    await addCouponAndTax(t.db, tenant.tenantId, prefix, soup);
    // A delivery zone for the zone id routes (PUT/DELETE /api/tenant/delivery-zones/:id).
    await t.db.insert(deliveryZones).values({ tenantId: tenant.tenantId, name: `${prefix} Centre`, kind: 'postal_codes', postalCodes: ['10115'], feeCents: 250, minOrderCents: 1500 });
    await t.addProduct(tenant.tenantId, open, { name: `${prefix} Off Dish`, priceCents: 1290, isActive: false });
    await t.addProduct(tenant.tenantId, closed, { name: `${prefix} Hidden Pie`, priceCents: 590 });
    // Custom domains are Premium (the API refuses these Free restaurants): straight into the table.
    await t.db.insert(tenantDomains).values({ tenantId: tenant.tenantId, host: `www.${slug}.test`, verificationToken: `${prefix.replace(' ', '-')}-token` });
  }

  const routes = apiRoutes(t.app.routeTable);
  const aOwner = await t.loginAs(a.host, a.email, a.password);
  const bOwner = await t.loginAs(b.host, b.email, b.password);
  await populateThroughApi(t, routes, a, aOwner, 'Alpha Plain', problems);
  await populateThroughApi(t, routes, b, bOwner, 'Zulu Secret', problems);

  // Fresh tokens after populating (in case a sampled call signed someone out).
  const tokens = {
    aAdmin: await t.loginAs(a.host, a.email, a.password),
    bAdmin: await t.loginAs(b.host, b.email, b.password),
    bStaff: await t.loginAs(b.host, `staff@${b.slug}.example.com`, GOOD_PASSWORD),
    platform: await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password),
  };

  const aRows = await tenantRows(t.db, a.tenantId);
  const bRows = await tenantRows(t.db, b.tenantId);
  const aStrings = new Set<string>();
  stringsOf(aRows, aStrings);
  const bStrings = new Set<string>();
  stringsOf(bRows, bStrings);
  const explicit = [b.slug, b.host, b.name, b.tenantId, tokens.bAdmin, tokens.bStaff];
  const bIdentifiers = [...new Set([...explicit, ...[...bStrings].filter((s) => isIdentifier(s) && !aStrings.has(s))])];

  // B's guest (see addOrder) as a customer: the customers routes must answer 404 for it on A's host.
  const bParams = { key: [customerKey(String(bRows.orders?.[0]?.customer_email))] };
  return { a, b, tokens, bIdentifiers, bIds: await idsByTable(t.db, bRows), aIds: await idsByTable(t.db, aRows), bParams, problems };
}

/** The /api routes, one entry per method; OPTIONS (CORS preflight) aside. */
export function apiRoutes(table: readonly RouteEntry[]): RouteEntry[] {
  return table.filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && r.method !== 'OPTIONS');
}

/** What the checks read of an answer (injected, or read from a stream). */
type Answer = Pick<Response, 'statusCode' | 'body'>;

export interface Violation {
  /** `METHOD /api/path` as registered. */
  route: string;
  /** Which call: host, token, ids. */
  call: string;
  problem: string;
}

export interface MatrixResult {
  violations: Violation[];
  /** Which checks ran for each `METHOD url`. */
  coverage: Map<string, string[]>;
  calls: number;
}

/**
 * Runs the matrix and returns what went wrong (empty when isolation holds). Checks, per route:
 *  - needs auth, answers on restaurant hosts: on A's host, B's token / B's staff token / a platform token / no token -> 401;
 *    A's token on the main domain -> 401 or 404.
 *  - needs auth, platform only: A's token on the main domain -> 401; a platform token on A's host -> 404.
 *  - public and tenant-only: 404 on the main domain.
 *  - every call on A's host, with any token: no B identifier in the answer, never a 5xx; GETs also with A's own token.
 *  - path parameters: on A's host with A's admin token and B's ids -> 404.
 */
export async function runMatrix(t: TestApp, world: World): Promise<MatrixResult> {
  const violations: Violation[] = [];
  const coverage = new Map<string, string[]>();
  let calls = 0;
  const { a, tokens } = world;
  const bTables = Object.keys(world.bIds).filter((table) => world.bIds[table]!.length > 0);

  const tables = await tenantTables(t.db);
  let bBefore = await tenantDigest(t.db, world.b.tenantId, tables);
  /** B's rows changed by the last unsafe call, if they did. */
  let bChanged: string | undefined;

  /**
   * A streaming route (`config.stream`, Server-Sent Events) never finishes, so `app.inject` would wait forever:
   * it is called on a real port instead, read for a moment and closed. Refusals answer and end at once; an
   * open stream must not carry B's events (one is published to B while A's stream is open).
   */
  const streamCall = async (route: RouteEntry, host: string, token: string | undefined, url: string): Promise<Answer> => {
    const stream = await openSse(t.app, host, url, token);
    if (stream.status === 200) {
      await pause(100);
      t.app.live.publish(world.b.tenantId, { topics: [...LIVE_TOPICS] });
    }
    await Promise.race([stream.ended, pause(300)]);
    stream.close();
    if (stream.status === 200 && stream.events.length > 0) {
      violations.push({ route: `${route.method} ${route.url}`, call: `${host}, open stream`, problem: `carried tenant B's events: ${JSON.stringify(stream.events)}` });
    }
    return { statusCode: stream.status, body: stream.text() };
  };

  const call = async (route: RouteEntry, host: string, token: string | undefined, url: string, body?: unknown): Promise<Answer> => {
    calls++;
    if (route.config.stream) return streamCall(route, host, token, url);
    const c = client(t.app, host, { token });
    if (!UNSAFE.has(route.method)) return c.request(route.method, url);
    const res = await c.request(route.method, url, { body: body ?? {} });
    const after = await tenantDigest(t.db, world.b.tenantId, tables);
    const changed = Object.keys(after).filter((table) => after[table] !== bBefore[table]);
    if (changed.length > 0) {
      bChanged = changed.join(', ');
      bBefore = after;
    }
    return res;
  };

  for (const route of apiRoutes(t.app.routeTable)) {
    const key = `${route.method} ${route.url}`;
    const ran: string[] = [];
    coverage.set(key, ran);
    const site = route.config.site ?? 'known';
    const needsAuth = Boolean(route.config.auth || route.config.permission);
    const reachableOnTenant = site !== 'platform';
    const fill = (url: string) => url.replace(/\*$/, 'index.html').replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
    const plainUrl = fill(route.url);

    const check = (label: string, res: Answer, allowed: number[] | 'no-5xx') => {
      ran.push(label);
      const report = (problem: string) => violations.push({ route: key, call: label, problem });
      if (res.statusCode >= 500) report(`${res.statusCode} ${res.body.slice(0, 300)}`);
      else if (allowed !== 'no-5xx' && !allowed.includes(res.statusCode)) report(`expected ${allowed.join('/')}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
      const leaked = world.bIdentifiers.filter((id) => res.body.includes(id));
      if (leaked.length > 0) report(`response contains tenant B data: ${leaked.slice(0, 5).join(', ')}`);
      if (bChanged !== undefined) report(`changed tenant B's rows in ${bChanged}`);
      bChanged = undefined;
    };

    if (needsAuth && reachableOnTenant) {
      check("A's host, B's token", await call(route, a.host, tokens.bAdmin, plainUrl), [401]);
      check("A's host, B's staff token", await call(route, a.host, tokens.bStaff, plainUrl), [401]);
      check("A's host, platform token", await call(route, a.host, tokens.platform, plainUrl), [401]);
      check("A's host, no token", await call(route, a.host, undefined, plainUrl), [401]);
      check("main domain, A's token", await call(route, MAIN_HOST, tokens.aAdmin, plainUrl), [401, 404]);
    }
    if (needsAuth && !reachableOnTenant) {
      check("main domain, A's token", await call(route, MAIN_HOST, tokens.aAdmin, plainUrl), [401]);
      check("A's host, platform token", await call(route, a.host, tokens.platform, plainUrl), [404]);
    }
    if (!needsAuth && site === 'tenant') {
      check('main domain', await call(route, MAIN_HOST, undefined, plainUrl), [404]);
    }
    if (!needsAuth && site === 'platform') {
      check("A's host", await call(route, a.host, undefined, plainUrl), [404]);
    }
    if (!needsAuth && reachableOnTenant) {
      // Public on restaurant hosts: whatever it answers on A's host, with whatever token, is A's business only.
      for (const [who, token] of [
        ['no token', undefined],
        ["B's token", tokens.bAdmin],
        ['platform token', tokens.platform],
      ] as const) {
        if (UNSAFE.has(route.method) && who !== "B's token") continue;
        check(`A's host, ${who}`, await call(route, a.host, token, plainUrl), 'no-5xx');
      }
    }
    if (reachableOnTenant && (route.method === 'GET' || route.method === 'HEAD') && !route.url.includes(':')) {
      check("A's host, A's token", await call(route, a.host, tokens.aAdmin, plainUrl), 'no-5xx');
    }

    // Path parameters: B's ids on A's host with A's own (all-permission) token.
    const params = [...route.url.matchAll(/:(\w+)/g)];
    if (params.length > 0 && reachableOnTenant) {
      const segments = route.url.split('/');
      const perParam = params.map((m) => {
        const index = segments.indexOf(m[0]);
        const table = matchTable(segments[index - 1], Object.keys(world.bIds));
        if (table && world.bIds[table]!.length > 0) return world.bIds[table]!.slice(0, 2);
        if (table) {
          // Trying other tables' ids would 404 for the wrong reason.
          violations.push({
            route: key,
            call: "B's ids",
            problem: `tenant B has no rows in ${table} to try; create some in buildWorld (apps/server/src/test/isolation-matrix.ts)`,
          });
          return [];
        }
        const known = world.bParams?.[m[1]!];
        if (known) return known;
        if (!/id$/i.test(m[1]!)) return [world.b.slug];
        return bTables.map((tb) => world.bIds[tb]![0]!);
      });
      let combos: string[][] = [[]];
      for (const options of perParam) combos = combos.flatMap((c) => options.map((o) => [...c, o])).slice(0, 40);

      let body: unknown;
      if (UNSAFE.has(route.method) && route.schema?.body) {
        const fixture = BODY_FIXTURES[key];
        const sample =
          fixture !== undefined
            ? { body: fixture }
            : sampleBody(route.schema.body, { text: 'Alpha Plain', idFor: (field) => world.aIds[matchTable(field.replace(/_id$/, ''), Object.keys(world.aIds)) ?? '']?.[0] });
        if (!sample) {
          violations.push({
            route: key,
            call: "B's ids",
            problem: "cannot build a valid body to try B's ids with; add one to BODY_FIXTURES in apps/server/src/test/isolation-matrix.ts",
          });
          continue;
        }
        body = sample.body;
      }
      for (const ids of combos) {
        let i = 0;
        const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(ids[i++]!)).replace(/\*$/, 'index.html');
        check(`A's host, A's token, B's ids ${ids.join(',')}`, await call(route, a.host, tokens.aAdmin, url, body), [404]);
        if (!needsAuth) check(`A's host, no token, B's ids ${ids.join(',')}`, await call(route, a.host, undefined, url, body), [404]);
      }
    }
  }
  return { violations, coverage, calls };
}
