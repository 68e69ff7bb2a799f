/**
 * `npm run bench:scale` (issue #11, "Scale"): does the demo restaurant stay as fast with 10,000 neighbours and a
 * million orders as with 10 restaurants? Two fresh PostgreSQL databases, migrated by the product's migrations and
 * given the demo restaurant with the same menu and order history; the "large" one also gets 10,000 restaurants and
 * 1,000,000 orders in all (lines and status history included), written by set-based SQL. The real server runs on
 * each; the same requests go to both in turn, so the machine's noise hits both alike. Then the statements those
 * routes run are EXPLAINed on the large database. The figures go into bench/README.md (section bench:scale).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale
 *   SCALE_REQUESTS=100 SCALE_RESTAURANTS=1000 SCALE_ORDERS=100000 ...   # a quick run (smaller "large" database)
 *   BENCH_NOTE="CI suite running" ...                                    # what else was running on the machine
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_ROLE_NAMES, DEFAULT_ROLES } from '@tavolo/contracts/permissions';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_LOGINS, OTHER_RESTAURANTS, seedDemo } from '../apps/server/src/db/seed.ts';
import { createMemoryMailer } from '../apps/server/src/lib/mailer.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../apps/server/src/plugins/csrf.ts';
import { startRealServer, type RealServer } from '../apps/server/src/test/real-server.ts';
import { fmt, freshPostgresDatabase, sleep, writeSection } from './shared.ts';

/** A whole number >= `min` from the environment, or the default; anything else stops the run with a clear message. */
function setting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(raw)})`);
  return value;
}

const ADMIN_URL = process.env.DATABASE_URL;
const REQUESTS = setting('SCALE_REQUESTS', 300, 20);
const WARMUP = Math.max(10, Math.round(REQUESTS / 10));
const SMALL_RESTAURANTS = 10;
const LARGE_RESTAURANTS = setting('SCALE_RESTAURANTS', 10_000, SMALL_RESTAURANTS + 1);
const LARGE_ORDERS = setting('SCALE_ORDERS', 1_000_000, 10_000);
/** The measured restaurant's menu and history, the same in both databases. */
const DEMO_PRODUCTS = 500;
const DEMO_ORDERS = 2_000;
const NEIGHBOUR_CATEGORIES = ['Starters', 'Mains', 'Desserts', 'Drinks'];
const NEIGHBOUR_PRODUCTS = 20;
/** Orders are spread over this many days back from now. */
const HISTORY_DAYS = 180;
/** The ratio of the large database's p95 to the small one's that issue #11 allows. */
const TARGET_RATIO = 1.2;
/** A sequential scan of a table with more rows than this in a plan is a finding. */
const BIG_TABLE_ROWS = 10_000;
const DEMO_HOST = 'demo.localhost';
/** Restaurants seedDemo creates: the demo and the operators' examples; the neighbours make up the rest. */
const SEEDED_RESTAURANTS = 1 + OTHER_RESTAURANTS.length;

const ROUTES = [
  { name: 'Staff orders list (first page, newest first)', url: '/api/tenant/orders?page=1&per_page=20&sort=newest', staff: true },
  { name: 'Pending-orders badge (status filter, count)', url: '/api/tenant/orders?status=pending&page=1&per_page=1', staff: true },
  { name: 'Dashboard home: summary', url: '/api/tenant/dashboard/summary', staff: true },
  { name: 'Dashboard home: insights (today, 30-day chart, best sellers)', url: '/api/tenant/dashboard/insights', staff: true },
  { name: 'Storefront products (first page)', url: '/api/tenant/public/products', staff: false },
] as const;

/** Loaded in bulk: their secondary indexes are built after the rows are in. */
const BULK_TABLES = ['orders', 'order_items', 'order_status_history'];

const COUNTED_TABLES = ['tenants', 'users', 'categories', 'products', 'orders', 'order_items', 'order_status_history'] as const;

/**
 * Orders per neighbouring restaurant: heavy-tailed (log-normal, as real restaurants differ a lot), deterministic
 * (a seeded generator, so every run builds the same data) and summing to exactly `total`.
 */
export function neighbourOrderCounts(restaurants: number, total: number): number[] {
  let seed = 11;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const weights = Array.from({ length: restaurants }, () => Math.exp(Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.round((w / sum) * total));
  // Rounding leaves a few orders over or missing: the largest restaurant absorbs them.
  const largest = counts.indexOf(Math.max(...counts));
  counts[largest]! += total - counts.reduce((a, b) => a + b, 0);
  return counts;
}

interface Seeded {
  seconds: Record<string, number>;
  rows: Record<(typeof COUNTED_TABLES)[number], number>;
  sizes: { table: string; bytes: number }[];
  databaseBytes: number;
}

/**
 * The demo restaurant (seedDemo) grown to DEMO_PRODUCTS dishes and DEMO_ORDERS orders, plus `neighbours` restaurants
 * with the given order counts, all in set-based SQL. Order details derive from a hash of each order's position in
 * its restaurant, and dates count back from `anchor` (one instant for both databases), so the demo's history is
 * the same in both; only the ids differ.
 */
async function seed(url: string, dataDir: string, neighbours: number[], anchor: Date): Promise<Seeded> {
  const seconds: Record<string, number> = {};
  const timed = async (step: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    seconds[step] = (seconds[step] ?? 0) + (performance.now() - started) / 1000;
  };

  await timed('migrations and demo restaurant (product code)', async () => {
    const database = createDatabase({ databaseUrl: url });
    try {
      await database.migrate();
      await seedDemo(database.db, dataDir);
    } finally {
      await database.close();
    }
  });

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  try {
    // Bulk load: no wait for the WAL flush per statement, room for the sorts and the temporary tables.
    await q(`set synchronous_commit = off; set work_mem = '128MB'; set maintenance_work_mem = '256MB'; set temp_buffers = '512MB'`);
    const demo = (
      await q(
        `select t.id, u.id as admin_id, u.password_hash, s.last_order_number
           from tenants t join users u on u.tenant_id = t.id and u.email = $1 join tenant_settings s on s.tenant_id = t.id
          where t.slug = 'demo'`,
        [DEMO_LOGINS.admin.email],
      )
    ).rows[0] as { id: string; admin_id: string; password_hash: string; last_order_number: number };

    await timed('neighbour restaurants, owners and menus', async () => {
      await q(`create temp table scale_tenants (k int primary key, id uuid not null, owner_id uuid not null, admin_role uuid not null, orders int not null)`);
      await q(`insert into scale_tenants select k, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), n from unnest($1::int[]) with ordinality as c(n, k)`, [neighbours]);
      // Mostly active; every 41st on a trial, every 97th suspended, as an operator's list would show.
      await q(`
        insert into tenants (id, slug, name, status, email, phone, address, postal_code, city, country, plan_id, trial_ends_at, suspended_reason, status_changed_at, created_at, updated_at)
        select id, 'scale-' || k, 'Restaurant ' || k,
               case when k % 97 = 0 then 'suspended' when k % 41 = 0 then 'trial' else 'active' end,
               'hello@scale-' || k || '.example.com', '+1 555 010 ' || lpad((k % 10000)::text, 4, '0'), k || ' Main Street',
               lpad((10000 + k % 90000)::text, 5, '0'), 'Springfield', 'United States',
               case when k % 5 = 0 then 'premium' else 'free' end,
               case when k % 97 <> 0 and k % 41 = 0 then now() + interval '10 days' end,
               case when k % 97 = 0 then 'Unpaid invoices' end,
               now() - make_interval(days => 1 + k % 30), now() - make_interval(days => ${HISTORY_DAYS} + k % 400), now()
          from scale_tenants`);
      await q(`insert into tenant_status_events (tenant_id, from_status, to_status, created_at) select t.id, null, t.status, t.created_at from tenants t join scale_tenants s using (id)`);
      await q(`insert into tenant_settings (tenant_id, last_order_number) select id, 1000 + orders from scale_tenants`);
      for (const role of DEFAULT_ROLE_NAMES) {
        await q(
          `insert into roles (tenant_id, id, name, permissions, is_system) select id, case when $1 = 'admin' then admin_role else gen_random_uuid() end, $1, $2::text[], true from scale_tenants`,
          [role, [...DEFAULT_ROLES[role]]],
        );
      }
      await q(
        `insert into users (tenant_id, id, role_id, name, email, password_hash) select id, owner_id, admin_role, 'Owner ' || k, 'owner@scale-' || k || '.example.com', $1 from scale_tenants`,
        [demo.password_hash],
      );
      await q(`insert into categories (tenant_id, name, sort_order) select s.id, c.name, c.pos - 1 from scale_tenants s cross join unnest($1::text[]) with ordinality as c(name, pos)`, [
        NEIGHBOUR_CATEGORIES,
      ]);
      // Dishes up to the wanted count per restaurant, spread over its categories in turn.
      await q(
        `create temp table scale_menu as
         select s.id as tenant_id, $1::int as want, 0 as have from scale_tenants s
         union all select $2::uuid, $3::int, (select count(*)::int from products where tenant_id = $2)`,
        [NEIGHBOUR_PRODUCTS, demo.id, DEMO_PRODUCTS],
      );
      await q(`
        insert into products (tenant_id, category_id, name, description, price_cents, discount_percent, sort_order, rating, allergens, diet_tags)
        select m.tenant_id, c.ids[1 + p % cardinality(c.ids)], 'Dish ' || p, 'House speciality number ' || p || ', made fresh every day.',
               (450 + (p * 137) % 2500) / 10 * 10, case when p % 9 = 0 then 10 else 0 end, p, 3.5 + (p % 15) / 10.0,
               case when p % 3 = 0 then '{gluten,milk}'::text[] else '{}'::text[] end, case when p % 4 = 0 then '{vegetarian}'::text[] else '{}'::text[] end
          from scale_menu m
          cross join lateral (select array_agg(id order by sort_order, id) as ids from categories where tenant_id = m.tenant_id) c
          cross join lateral generate_series(m.have + 1, m.want) p`);
    });

    // Like a restore: the secondary indexes of the three big tables are built once after the load (from the
    // definitions the migrations created) instead of row by row; primary keys stay for the foreign keys.
    const bulkIndexes = (
      await q(
        `select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.schemaname = 'public' and i.tablename = any($1::text[])
            and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
        [BULK_TABLES],
      )
    ).rows as { name: string; definition: string }[];
    for (const index of bulkIndexes) await q(`drop index "${index.name}"`);

    await timed('orders (set-based)', async () => {
      // Who sells what: the demo (its orders continue after the seed's) and every neighbour; `salt` varies the neighbours.
      await q(
        `create temp table scale_sales as
         select id as tenant_id, owner_id, 1000 as first_number, orders, k as salt from scale_tenants
         union all select $1::uuid, $2::uuid, $3::int, $4::int, 0`,
        [demo.id, demo.admin_id, demo.last_order_number, DEMO_ORDERS - (demo.last_order_number - 1000)],
      );
      await q(`
        create temp table scale_dishes as
        select tenant_id, (row_number() over (partition by tenant_id order by sort_order, name) - 1)::int as pos, id, name, price_cents, discount_percent
          from products where tenant_id in (select tenant_id from scale_sales) and not track_stock`);
      await q(`create index on scale_dishes (tenant_id, pos)`);
      await q(`create temp table scale_dish_count as select tenant_id, count(*)::int as n from scale_dishes group by 1`);
      // h: a hash of the order's position (and the restaurant's salt) that picks its status, type, guest and dishes.
      // Newest orders last; in-flight statuses only in the last two hours, and none pending, so the escalation
      // worker (which mails about waiting orders) has nothing to do while the requests are timed.
      await q(`
        create temp table scale_orders as
        select x.*,
               case when x.created_at > $1::timestamptz - interval '2 hours' then (array['accepted', 'preparing', 'ready'])[1 + x.h % 3]
                    when x.h % 100 < 5 then 'rejected' when x.h % 100 < 12 then 'cancelled' else 'completed' end as status
          from (select s.tenant_id, gen_random_uuid() as id, s.first_number + g + 1 as number, s.owner_id,
                       ((g::bigint + s.salt * 7919) * 2654435761) % 4294967296 as h,
                       $1::timestamptz - make_interval(secs => 180 + (s.orders - 1 - g + ((g * 7) % 10) / 10.0) * (${HISTORY_DAYS} * 86400.0 / s.orders)) as created_at
                  from scale_sales s cross join lateral generate_series(0, s.orders - 1) g) x`,
        [anchor],
      );
      // One to four lines per order (2.5 on average), one to three of each dish.
      await q(`
        create temp table scale_lines as
        select o.id as order_id, o.tenant_id, d.id as product_id, d.name, d.price_cents, d.discount_percent,
               (d.price_cents * (100 - d.discount_percent) + 50) / 100 as final_cents, 1 + ((o.h >> j) % 3)::int as quantity
          from scale_orders o
          join scale_dish_count c using (tenant_id)
          cross join lateral generate_series(1, 1 + (o.h % 4)::int) j
          join scale_dishes d on d.tenant_id = o.tenant_id and d.pos = ((o.h / 7 + j * 13) % c.n)::int`);
      await q(`
        insert into orders (tenant_id, id, number, tracking_token_hash, status, type, customer_name, customer_phone, customer_email,
                            delivery_address, delivery_zone_name, delivery_postal_code, note, payment_method, language, currency_symbol,
                            subtotal_cents, delivery_fee_cents, total_cents, slot_at, cancelled_reason, source, created_by, promised_at,
                            marketing_consent, created_at, updated_at)
        select o.tenant_id, o.id, o.number, encode(sha256(convert_to(o.id::text, 'UTF8')), 'hex'), o.status,
               case when o.h % 100 < 35 then 'delivery' else 'pickup' end,
               'Guest ' || (o.h / 100) % 400, '+1 555 020 ' || lpad(((o.h / 100) % 400)::text, 4, '0'), 'guest' || (o.h / 100) % 400 || '@example.com',
               case when o.h % 100 < 35 then (o.h % 200) || ' Harbour Street' end, case when o.h % 100 < 35 then 'Centre' end,
               case when o.h % 100 < 35 then '10001' end, case when o.h % 17 = 0 then 'No onions, please.' end,
               'cash', case when o.h % 10 < 2 then 'de' else 'en' end, '$',
               l.subtotal, case when o.h % 100 < 35 then 250 else 0 end, l.subtotal + case when o.h % 100 < 35 then 250 else 0 end,
               date_trunc('minute', o.created_at) + interval '20 minutes',
               case o.status when 'rejected' then 'Kitchen closed early' when 'cancelled' then 'The guest called to cancel' end,
               case when o.h % 10 = 9 then 'phone' else 'online' end, case when o.h % 10 = 9 then o.owner_id end,
               case when o.status <> 'rejected' then o.created_at + interval '25 minutes' end,
               o.h % 3 = 0, o.created_at, o.created_at + interval '30 minutes'
          from scale_orders o
          join (select order_id, sum(final_cents * quantity)::int as subtotal from scale_lines group by 1) l on l.order_id = o.id`);
    });

    await timed('order lines', () =>
      q(`
        insert into order_items (tenant_id, order_id, product_id, name, unit_price_cents, discount_percent, final_unit_price_cents, quantity, line_total_cents)
        select tenant_id, order_id, product_id, name, price_cents, discount_percent, final_cents, quantity, final_cents * quantity from scale_lines`),
    );

    await timed('status history', () =>
      q(`
        insert into order_status_history (tenant_id, order_id, status, user_id, reason, created_at)
        select o.tenant_id, o.id, p.status, case when p.step > 1 then o.owner_id end,
               case when p.status in ('rejected', 'cancelled') then case p.status when 'rejected' then 'Kitchen closed early' else 'The guest called to cancel' end end,
               o.created_at + (p.step - 1) * interval '7 minutes'
          from scale_orders o
          cross join lateral unnest(case o.status
                 when 'completed' then array['pending', 'accepted', 'ready', 'completed'] when 'rejected' then array['pending', 'rejected']
                 when 'cancelled' then array['pending', 'accepted', 'cancelled'] when 'accepted' then array['pending', 'accepted']
                 when 'preparing' then array['pending', 'accepted', 'preparing'] else array['pending', 'accepted', 'preparing', 'ready'] end)
               with ordinality as p(status, step)`),
    );
    await timed('secondary indexes of orders, lines and history', async () => {
      for (const index of bulkIndexes) await q(index.definition);
    });
    await q(`update tenant_settings s set last_order_number = x.first_number + x.orders from scale_sales x where s.tenant_id = x.tenant_id`);
    await q(`drop table scale_lines, scale_orders, scale_dishes, scale_dish_count, scale_sales, scale_menu, scale_tenants`);

    // VACUUM as well as ANALYZE: the visibility map and hint bits a live database has, and nothing left for
    // autovacuum to do while the requests are timed.
    await timed('VACUUM ANALYZE', () => q('vacuum (analyze)'));

    const counts = (await q(`select ${COUNTED_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`)).rows[0] as Seeded['rows'];
    const sizes = (
      await q(
        `select c.relname as table, pg_total_relation_size(c.oid)::bigint as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by 2 desc limit 6`,
      )
    ).rows.map((r: { table: string; bytes: string }) => ({ table: r.table, bytes: Number(r.bytes) }));
    const databaseBytes = Number((await q('select pg_database_size(current_database())::bigint as n')).rows[0].n);
    return { seconds, rows: counts, sizes, databaseBytes };
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request to a server on 127.0.0.1 for the demo restaurant's host, on a kept-alive connection. */
function call(base: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: { host: DEMO_HOST, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs the demo admin in (CSRF pair from GET /api/csrf, then POST /api/login) and returns the bearer headers. */
async function signIn(base: string): Promise<Record<string, string>> {
  const csrf = await call(base, 'GET', '/api/csrf');
  const token = [csrf.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${CSRF_COOKIE}=`))?.split(';')[0]!.slice(CSRF_COOKIE.length + 1);
  if (!token) throw new Error(`GET /api/csrf set no ${CSRF_COOKIE} cookie (${csrf.status})`);
  const login = await call(base, 'POST', '/api/login', { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token }, { ...DEMO_LOGINS.admin, remember: false });
  const session = JSON.parse(login.body) as { data?: { kind?: string; token?: string } };
  if (login.status !== 200 || session.data?.kind !== 'session' || !session.data.token) throw new Error(`demo admin login failed: ${login.status} ${login.body}`);
  return { authorization: `Bearer ${session.data.token}` };
}

/** Milliseconds for one request that must answer 200, and its body. */
async function timedGet(base: string, url: string, headers: Record<string, string>): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const answer = await call(base, 'GET', url, headers);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return { ms, body: answer.body };
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

function summarise(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

/** What a body says about the data behind it, to prove both databases hold the same demo restaurant. */
function shapeOf(body: string): string {
  const data = (JSON.parse(body) as { data: Record<string, unknown> }).data;
  if (typeof data.total === 'number') return `total ${data.total}`;
  if (data.counts) return `products ${(data.counts as { products: number }).products}`;
  if (Array.isArray(data.chart)) return `30-day orders ${(data.chart as { orders: number }[]).reduce((a, d) => a + d.orders, 0)}`;
  return 'no total';
}

interface RouteFigures {
  name: string;
  url: string;
  small: Latency;
  large: Latency;
  shape: string;
}

/**
 * Warm-up, then REQUESTS timed requests per route and database, one at a time, alternating between the two
 * servers (and which goes first), so a busy moment on the machine costs both the same.
 */
async function measure(small: RealServer, large: RealServer): Promise<RouteFigures[]> {
  const auth = { small: await signIn(small.base), large: await signIn(large.base) };
  const figures: RouteFigures[] = [];
  for (const route of ROUTES) {
    const headers = (which: 'small' | 'large') => (route.staff ? auth[which] : {});
    let shapes = { small: '', large: '' };
    for (let i = 0; i < WARMUP; i++) {
      shapes = {
        small: shapeOf((await timedGet(small.base, route.url, headers('small'))).body),
        large: shapeOf((await timedGet(large.base, route.url, headers('large'))).body),
      };
    }
    if (shapes.small !== shapes.large) throw new Error(`${route.url} differs between the databases: ${shapes.small} (small) vs ${shapes.large} (large)`);
    const samples = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < REQUESTS; i++) {
      const order: ('small' | 'large')[] = i % 2 ? ['small', 'large'] : ['large', 'small'];
      for (const which of order) samples[which].push((await timedGet((which === 'small' ? small : large).base, route.url, headers(which))).ms);
    }
    figures.push({ name: route.name, url: route.url, small: summarise(samples.small), large: summarise(samples.large), shape: shapes.small });
    console.log(`${route.url}: p95 ${summarise(samples.small).p95.toFixed(2)} ms (small) / ${summarise(samples.large).p95.toFixed(2)} ms (large)`);
  }
  return figures;
}

interface Plan {
  route: string;
  statement: string;
  lines: string[];
}

/**
 * The statements each route runs, captured in-process (the same app, on the large database) and EXPLAINed
 * with ANALYZE and BUFFERS on the same parameters. Only reads: EXPLAIN ANALYZE would execute a write.
 */
async function explainRoutes(url: string, dataDir: string): Promise<Plan[]> {
  let captured: { query: string; params: unknown[] }[] = [];
  const database = createDatabase({ databaseUrl: url, onQuery: (query, params) => captured.push({ query, params }) });
  const config = loadConfig({}, { NODE_ENV: 'production', MAIN_DOMAIN: 'localhost', DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_DEMO: 'false', STOREFRONT_CACHE_SECONDS: '0' });
  const app = await buildApp({ config, database, mailer: createMemoryMailer() });
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  try {
    await app.ready();
    const inject = (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, payload?: unknown) =>
      app.inject({ method, url: path, headers: { host: DEMO_HOST, ...headers }, payload: payload as never });
    const csrf = (await inject('GET', '/api/csrf')).cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const login = await inject('POST', '/api/login', { cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf }, { ...DEMO_LOGINS.admin, remember: false });
    const auth = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
    const plans: Plan[] = [];
    for (const route of ROUTES) {
      const headers = route.staff ? auth : {};
      // The first call fills the per-process caches (the host's restaurant); the second is what every request runs.
      await inject('GET', route.url, headers);
      captured = [];
      const answer = await inject('GET', route.url, headers);
      if (answer.statusCode !== 200) throw new Error(`in-process GET ${route.url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
      for (const { query, params } of captured.filter((c) => /^\s*(select|with)\b/i.test(c.query))) {
        const { rows } = await explainer.query(`explain (analyze, buffers) ${query}`, params);
        plans.push({ route: route.name, statement: query, lines: rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']) });
      }
    }
    return plans;
  } finally {
    await explainer.end();
    await app.close();
    await database.close();
  }
}

/** The plan's scan and sort nodes, the lines that show how each table is reached. */
const keyLines = (plan: Plan) => plan.lines.filter((l) => /(Seq Scan|Index Scan|Index Only Scan|Bitmap (Index|Heap) Scan|Sort {2}|Sort \(|Incremental Sort|Execution Time)/.test(l));

/** Sequential scans of tables with more than BIG_TABLE_ROWS rows: what the (tenant_id, ...) indexes must avoid. */
function bigSeqScans(plans: Plan[], rows: Record<string, number>): string[] {
  return plans.flatMap((p) =>
    p.lines.flatMap((l) => {
      const table = /Seq Scan on (\w+)/.exec(l)?.[1];
      return table && (rows[table] ?? 0) > BIG_TABLE_ROWS ? [`${table} (${p.route})`] : [];
    }),
  );
}

/** The statement with its column list folded, so the FROM/WHERE/ORDER BY that decide the plan stay readable. */
const shortSql = (query: string) => {
  const column = String.raw`"\w+"(?:\."\w+")?(?: as "\w+")?`;
  const folded = query.replace(new RegExp(`(${column}, )+${column}(?= from )`, 'g'), '…').replace(/\s+/g, ' ');
  return folded.length > 400 ? `${folded.slice(0, 400)} …` : folded;
};

interface Report {
  started: Date;
  loadBefore: number[];
  loadAfter: number[];
  version: string;
  settings: Record<string, string>;
  small: Seeded;
  large: Seeded;
  routes: RouteFigures[];
  plans: Plan[];
}

const mib = (bytes: number) => fmt(bytes / 2 ** 20);

function report(r: Report): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const note = process.env.BENCH_NOTE || 'nothing else announced';
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
  const seedSeconds = (s: Seeded) => Object.values(s.seconds).reduce((a, b) => a + b, 0);
  const ratio = (f: RouteFigures, key: keyof Latency) => f.large[key] / f.small[key];
  const worst = Math.max(...r.routes.map((f) => ratio(f, 'p95')));
  const scans = bigSeqScans(r.plans, r.large.rows);
  const steps = Object.keys(r.large.seconds);
  return [
    `Run ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.availableParallelism()} cores (${cpu}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ` +
      `Node ${process.version}; ${r.version} on the same machine (${Object.entries(r.settings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}). Load average (1 / 5 / 15 min) before: ${load(r.loadBefore)}, after: ${load(r.loadAfter)} (also running: ${note}).`,
    '',
    '**Data.** Both databases: the demo restaurant with ' +
      `${fmt(DEMO_PRODUCTS)} dishes and ${fmt(DEMO_ORDERS)} orders over ${HISTORY_DAYS} days (the measured restaurant, the same in both). ` +
      `Small: ${SMALL_RESTAURANTS} restaurants. Large: ${fmt(r.large.rows.tenants)} restaurants and ${fmt(r.large.rows.orders)} orders in all.`,
    '',
    '| rows | small | large |\n|---|---:|---:|',
    ...COUNTED_TABLES.map((t) => `| ${t} | ${fmt(r.small.rows[t])} | ${fmt(r.large.rows[t])} |`),
    `| database size MiB | ${mib(r.small.databaseBytes)} | ${mib(r.large.databaseBytes)} |`,
    '',
    `Largest tables of the large database (with indexes): ${r.large.sizes.map((s) => `${s.table} ${mib(s.bytes)} MiB`).join(', ')}.`,
    '',
    '**Seeding time** (seconds):',
    '',
    '| step | small | large |\n|---|---:|---:|',
    ...steps.map((s) => `| ${s} | ${fmt(r.small.seconds[s] ?? 0, 1)} | ${fmt(r.large.seconds[s] ?? 0, 1)} |`),
    `| **total** | ${fmt(seedSeconds(r.small), 1)} | ${fmt(seedSeconds(r.large), 1)} |`,
    '',
    `**Latency** of the demo restaurant's routes through the real server (ms, ${REQUESTS} sequential requests per route and database after ${WARMUP} warm-up requests, alternating between the two servers; storefront micro-cache off, so every request reaches the database):`,
    '',
    '| route | what both answered | small p50 | p95 | p99 | large p50 | p95 | p99 | ratio p50 | **ratio p95** | ratio p99 |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.routes.map(
      (f) =>
        `| ${f.name}<br>\`GET ${f.url}\` | ${f.shape} | ${fmt(f.small.p50, 2)} | ${fmt(f.small.p95, 2)} | ${fmt(f.small.p99, 2)} | ${fmt(f.large.p50, 2)} | ${fmt(f.large.p95, 2)} | ${fmt(f.large.p99, 2)} | ` +
        `${ratio(f, 'p50').toFixed(2)} | **${ratio(f, 'p95').toFixed(2)}** | ${ratio(f, 'p99').toFixed(2)} |`,
    ),
    '',
    `Worst p95 ratio large / small: **${worst.toFixed(2)}** (target <= ${TARGET_RATIO}: ${worst <= TARGET_RATIO ? 'met' : '**missed**'}).`,
    '',
    `**Query plans** on the large database: every SELECT the routes above run, captured from the app in-process and run again with ` +
      '`EXPLAIN (ANALYZE, BUFFERS)` on the same parameters. Sequential scans of a table with more than ' +
      `${fmt(BIG_TABLE_ROWS)} rows: ${scans.length ? `**${scans.join(', ')}**` : 'none'}.`,
    '',
    ...r.plans.flatMap((p) => [
      `- ${p.route}: \`${shortSql(p.statement)}\``,
      '',
      '  ```',
      ...keyLines(p).map((l) => `  ${l}`),
      '  ```',
      '',
    ]),
    '<details><summary>Full plans</summary>',
    '',
    ...r.plans.flatMap((p) => [`${p.route}:`, '', '```', p.statement, '', ...p.lines, '```', '']),
    '</details>',
  ].join('\n');
}

async function main() {
  if (!ADMIN_URL) throw new Error('DATABASE_URL must point at PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test); the role needs CREATEDB');
  const started = new Date();
  const loadBefore = os.loadavg();
  const neighbours = neighbourOrderCounts(LARGE_RESTAURANTS - SEEDED_RESTAURANTS, LARGE_ORDERS - DEMO_ORDERS);
  const dirs = { small: fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-scale-small-')), large: fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-scale-large-')) };
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const small = await freshPostgresDatabase(ADMIN_URL, 'scale_small');
    cleanup.push(() => small.drop());
    const large = await freshPostgresDatabase(ADMIN_URL, 'scale_large');
    cleanup.push(() => large.drop());
    console.log(`seeding small (${SMALL_RESTAURANTS} restaurants) ...`);
    const smallData = await seed(small.url, dirs.small, neighbours.slice(0, SMALL_RESTAURANTS - SEEDED_RESTAURANTS), started);
    console.log(`seeding large (${fmt(LARGE_RESTAURANTS)} restaurants, ${fmt(LARGE_ORDERS)} orders) ...`);
    const largeData = await seed(large.url, dirs.large, neighbours, started);
    console.log(`large seeded in ${fmt(Object.values(largeData.seconds).reduce((a, b) => a + b, 0), 1)} s`, largeData.seconds);

    const servers: RealServer[] = [];
    cleanup.push(async () => Promise.all(servers.map((s) => s.stop())));
    // The storefront's micro-cache off: with it, nearly every request would be a cache hit and never reach the database.
    const start = (url: string, dataDir: string) =>
      startRealServer({ env: { DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', STOREFRONT_CACHE_SECONDS: '0' } });
    servers.push(await start(small.url, dirs.small), await start(large.url, dirs.large));
    await sleep(2000);
    const routes = await measure(servers[0]!, servers[1]!);
    await Promise.all(servers.splice(0).map((s) => s.stop()));

    const plans = await explainRoutes(large.url, dirs.large);
    const pgSettings: Record<string, string> = {};
    const client = new pg.Client({ connectionString: large.url });
    await client.connect();
    for (const name of ['shared_buffers', 'work_mem', 'random_page_cost']) pgSettings[name] = (await client.query(`show ${name}`)).rows[0][name];
    await client.end();

    const section = report({ started, loadBefore, loadAfter: os.loadavg(), version: small.version, settings: pgSettings, small: smallData, large: largeData, routes, plans });
    writeSection('scale', section);
    console.log(section.split('**Query plans**')[0]);
    console.log('bench/README.md updated (scale section)');
  } finally {
    agent.destroy();
    for (const fn of cleanup.reverse()) await fn().catch((error: unknown) => console.error('cleanup:', error));
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
