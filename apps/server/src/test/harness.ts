/**
 * API test harness: a fresh, migrated database and a fresh app per test file, driven with `app.inject`.
 *
 *   describeEachDb('auth', (kind) => {
 *     const t = useTestApp(kind, { seed: true });
 *     it('signs in', async () => { const token = await t.loginAs(DEMO_HOST, email, password); ... });
 *   });
 *
 * PGlite (in memory) always; PostgreSQL too when TEST_DATABASE_URL is set: each file then gets its own
 * database (`CREATE DATABASE`, dropped afterwards), so the role in that URL needs CREATEDB. It starts as a copy
 * of a database migrated once per run by global-setup.ts (migrating took about a second per file; PGlite's own
 * start-up costs the same from a dump as from scratch, so PGlite files still migrate their own).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { TRegisterTenantRequest } from '@tavolo/contracts/auth';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TDefaultRoleName } from '@tavolo/contracts/permissions';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { createDatabase, type Database, type Db } from '../db/client.ts';
import { DEMO_LOGINS, seedDemo } from '../db/seed.ts';
import { categories, products, roles, tenants, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createMemoryMailer } from '../lib/mailer.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../plugins/csrf.ts';
import type { DomainVerifier } from '../modules/domains/domains.verifier.ts';
import { createPostgresDatabase } from './postgres.ts';

export { createPostgresDatabase };

export type DbKind = 'pglite' | 'postgres';
export type Response = LightMyRequestResponse;

export const MAIN_HOST = 'localhost';
export const DEMO_HOST = 'demo.localhost';
export const tenantHost = (slug: string) => `${slug}.localhost`;
export { DEMO_LOGINS };

/** A password that passes every rule (length, not in the common list). */
export const GOOD_PASSWORD = 'Correct-Horse-Battery-9';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestAppOptions {
  db?: DbKind;
  /** Seed the platform operator and the demo restaurant (DEMO_LOGINS). */
  seed?: boolean;
  /** Settings on top of the test defaults, as environment strings. */
  env?: Partial<Record<keyof TConfig, string>>;
  /** The app's clock (opening hours, order times); default the real one. */
  now?: () => Date;
  /** How custom domains are checked; default: a stub that finds nothing (tests never touch real DNS). */
  domainVerifier?: DomainVerifier;
  /** Runs before the app is ready: add routes or hooks for tests of the test machinery itself. */
  extend?: (app: App) => void | Promise<void>;
}

export interface RequestOptions {
  /** JSON body (objects and arrays are sent as application/json). */
  body?: unknown;
  /** Raw body; set `content-type` in headers yourself. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
  /** Bearer token; overrides the client's own. `null` sends none. */
  token?: string | null;
  /** Skip the CSRF pair on an unsafe method. */
  noCsrf?: boolean;
}

export interface TestClient {
  readonly host: string;
  readonly ip: string;
  readonly token: string | undefined;
  /** The XSRF-TOKEN cookie value, fetched once with GET /api/csrf. */
  csrf(): Promise<string>;
  request(method: string, url: string, options?: RequestOptions): Promise<Response>;
  get(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  delete(url: string, options?: RequestOptions): Promise<Response>;
  /** Same host, cookie and IP, with this bearer token on every request. */
  withToken(token: string | undefined): TestClient;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let ipCounter = 0;
/** Each client gets its own source address, so per-IP rate limits of one test don't leak into another. */
const nextIp = () => {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/**
 * A browser-like client for one host: does the CSRF dance (GET /api/csrf for the XSRF-TOKEN cookie, then
 * cookie + X-XSRF-TOKEN header on unsafe methods), adds the bearer token, and comes from its own IP.
 */
export function client(app: App, host: string, options: { token?: string; ip?: string } = {}): TestClient {
  const ip = options.ip ?? nextIp();
  let csrfValue: Promise<string> | undefined;

  const make = (token: string | undefined): TestClient => {
    const self: TestClient = {
      host,
      ip,
      token,
      csrf() {
        csrfValue ??= (async () => {
          const res = await app.inject({ method: 'GET', url: '/api/csrf', headers: { host }, remoteAddress: ip });
          const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
          if (!cookie) throw new Error(`GET /api/csrf on ${host} set no ${CSRF_COOKIE} cookie (status ${res.statusCode})`);
          return cookie.value;
        })();
        return csrfValue;
      },
      async request(method, url, opts = {}) {
        const headers: Record<string, string> = { host, ...opts.headers };
        const bearer = opts.token === undefined ? token : opts.token;
        if (bearer) headers.authorization = `Bearer ${bearer}`;
        if (UNSAFE.has(method.toUpperCase()) && !opts.noCsrf) {
          const value = await self.csrf();
          headers.cookie = [headers.cookie, `${CSRF_COOKIE}=${value}`].filter(Boolean).join('; ');
          headers[CSRF_HEADER] = value;
        }
        const query = opts.query && Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]));
        return app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          query,
          headers,
          remoteAddress: ip,
          ...(opts.payload !== undefined ? { payload: opts.payload } : opts.body !== undefined ? { payload: opts.body as object } : {}),
        });
      },
      get: (url, opts) => self.request('GET', url, opts),
      post: (url, body, opts) => self.request('POST', url, { ...opts, body }),
      put: (url, body, opts) => self.request('PUT', url, { ...opts, body }),
      patch: (url, body, opts) => self.request('PATCH', url, { ...opts, body }),
      delete: (url, opts) => self.request('DELETE', url, opts),
      withToken: (next) => make(next),
    };
    return self;
  };
  return make(options.token);
}

/** A complete, valid registration body; override what the test is about. */
export function registrationBody(overrides: Partial<TRegisterTenantRequest> = {}): TRegisterTenantRequest {
  const domain = overrides.domain ?? `r-${randomBytes(4).toString('hex')}`;
  return {
    restaurant_name: `Restaurant ${domain}`,
    domain,
    email: `owner@${domain.toLowerCase().replace(/[^a-z0-9-]/g, 'x')}.example.com`,
    phone: '+49 30 1234567',
    password: GOOD_PASSWORD,
    password_confirmation: overrides.password ?? GOOD_PASSWORD,
    address: '1 Main Street',
    postal_code: '10115',
    city: 'Berlin',
    country: 'Germany',
    // Germany alone would make it a euro restaurant; the tests were written for dollars (registration.test covers the choice).
    currency: 'USD',
    ...overrides,
  };
}

export interface RegisteredTenant {
  tenantId: string;
  slug: string;
  host: string;
  name: string;
  status: string;
  email: string;
  password: string;
  ownerId: string;
  /** The hand-off link the registration answered with. */
  redirectUrl: string;
}

export interface TestTeam {
  r: RegisteredTenant;
  admin: TestClient;
  manager: TestClient;
  staff: TestClient;
  other: RegisteredTenant;
  otherAdmin: TestClient;
}

export interface TestApp {
  kind: DbKind;
  app: App;
  database: Database;
  db: Db;
  config: TConfig;
  mailer: ReturnType<typeof createMemoryMailer>;
  dataDir: string;
  client(host: string, options?: { token?: string; ip?: string }): TestClient;
  /** Signs in on `host` and returns the bearer token (fails the test when the answer is not a session). */
  loginAs(host: string, email: string, password: string, options?: { remember?: boolean }): Promise<string>;
  /** Registers a restaurant through the API on the main domain; `status` sets it afterwards (default: as registered). */
  /** `language`: the one the owner signs up in, so the one of the restaurant's staff mails (default German: the test restaurants are in Berlin). */
  registerTenant(overrides?: Partial<TRegisterTenantRequest> & { status?: 'pending' | 'active' | 'suspended' | 'trial'; language?: TLanguage }): Promise<RegisteredTenant>;
  /**
   * The usual cast of a tenant-API test: active restaurant `<prefix>-main` with a signed-in owner (admin),
   * manager and staff, plus active `<prefix>-other` with its owner, for the isolation checks.
   */
  registerTeam(prefix: string): Promise<TestTeam>;
  /** Adds a user with one of the default roles straight to the database. */
  addUser(input: { tenantId: string; role: TDefaultRoleName; email: string; password?: string; name?: string }): Promise<{ id: string; email: string; password: string }>;
  addCategory(tenantId: string, input: { name: string; isActive?: boolean; sortOrder?: number }): Promise<string>;
  addProduct(
    tenantId: string,
    categoryId: string,
    input: { name: string; priceCents: number; description?: string; discountPercent?: number; rating?: number; isActive?: boolean; sortOrder?: number },
  ): Promise<string>;
  /** Row count of every table in the public schema. */
  rowCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** A fresh database (migrated), memory mailer, temp DATA_DIR and app; `close()` undoes all of it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = options.db ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-test-'));
  // Tests write rows straight into the database and read them back at once: the storefront cache, which only
  // writes through the API clear, is off unless a test turns it on (storefront-cache.test.ts does).
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      MAIN_DOMAIN: MAIN_HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      REGISTRATION_AUTO_APPROVE: 'false',
      STOREFRONT_CACHE_SECONDS: '0',
      // The tests' SMTP servers listen on 127.0.0.1 (mail-settings.test.ts checks the refusal with this off).
      SMTP_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...options.env,
    },
  );

  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const template = inject('postgresTemplate') || undefined;
  if (kind === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('createTestApp({ db: "postgres" }) needs TEST_DATABASE_URL');
    pgDb = await createPostgresDatabase(TEST_DATABASE_URL, { template });
  }
  const database = createDatabase(pgDb ? { databaseUrl: pgDb.url } : { dataDir: null });
  // Quick on a copy of the migrated template (nothing to apply); the full migration where there is none.
  await database.migrate();
  if (options.seed) await seedDemo(database.db, dataDir);

  const mailer = createMemoryMailer();
  const domainVerifier = options.domainVerifier ?? { txt: async () => [], fetchWellKnown: async () => null };
  const app = await buildApp({ config, database, mailer, now: options.now, domainVerifier });
  await options.extend?.(app);
  await app.ready();
  const { db } = database;

  const roleIds = new Map<string, string>();
  const roleId = async (tenantId: string, role: string) => {
    const key = `${tenantId}:${role}`;
    if (!roleIds.has(key)) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.name, role)));
      if (!row) throw new Error(`tenant ${tenantId} has no role ${role}`);
      roleIds.set(key, row.id);
    }
    return roleIds.get(key)!;
  };

  const t: TestApp = {
    kind,
    app,
    database,
    db,
    config,
    mailer,
    dataDir,
    client: (host, opts) => client(app, host, opts),

    async loginAs(host, email, password, opts = {}) {
      const res = await client(app, host).post('/api/login', { email, password, remember: opts.remember ?? false });
      const body = res.json();
      if (res.statusCode !== 200 || body.data?.kind !== 'session') {
        throw new Error(`login of ${email} on ${host} failed: ${res.statusCode} ${res.body}`);
      }
      return body.data.token as string;
    },

    async registerTenant(overrides = {}) {
      const { status, language = 'de', ...fields } = overrides;
      const body = registrationBody(fields);
      const res = await client(app, MAIN_HOST).post('/api/tenant-register', body, { headers: { 'x-language': language } });
      if (res.statusCode !== 201) throw new Error(`registration of ${body.domain} failed: ${res.statusCode} ${res.body}`);
      const data = res.json().data as { slug: string; status: string; redirect_url: string };
      const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.slug, data.slug));
      const tenantId = row!.id;
      if (status && status !== data.status) {
        await db.update(tenants).set({ status }).where(eq(tenants.id, tenantId));
        app.tenants.invalidate(data.slug);
      }
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.email, body.email.toLowerCase())));
      return {
        tenantId,
        slug: data.slug,
        host: tenantHost(data.slug),
        name: row!.name,
        status: status ?? data.status,
        email: body.email.toLowerCase(),
        password: body.password,
        ownerId: owner!.id,
        redirectUrl: data.redirect_url,
      };
    },

    async registerTeam(prefix) {
      const r = await t.registerTenant({ domain: `${prefix}-main`, status: 'active' });
      const other = await t.registerTenant({ domain: `${prefix}-other`, status: 'active' });
      const signedIn = async (role: 'manager' | 'staff') => {
        const email = `${role}@${prefix}-main.example.com`;
        await t.addUser({ tenantId: r.tenantId, role, email });
        return t.client(r.host, { token: await t.loginAs(r.host, email, r.password) });
      };
      return {
        r,
        other,
        admin: t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) }),
        manager: await signedIn('manager'),
        staff: await signedIn('staff'),
        otherAdmin: t.client(other.host, { token: await t.loginAs(other.host, other.email, other.password) }),
      };
    },

    async addUser({ tenantId, role, email, password = GOOD_PASSWORD, name = email.split('@')[0]! }) {
      const [row] = await db
        .insert(users)
        .values({ tenantId, roleId: await roleId(tenantId, role), name, email, passwordHash: await hashPassword(password) })
        .returning({ id: users.id });
      return { id: row!.id, email, password };
    },

    async addCategory(tenantId, input) {
      const [row] = await db
        .insert(categories)
        .values({ tenantId, name: input.name, isActive: input.isActive ?? true, sortOrder: input.sortOrder ?? 0 })
        .returning({ id: categories.id });
      return row!.id;
    },

    async addProduct(tenantId, categoryId, input) {
      const [row] = await db
        .insert(products)
        .values({ tenantId, categoryId, ...input })
        .returning({ id: products.id });
      return row!.id;
    },

    async rowCounts() {
      const tables = await listTables(db);
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
        counts[table] = Number((rowsOf(result)[0] as { n: number }).n);
      }
      return counts;
    },

    async close() {
      await app.close();
      await database.close();
      // A copy of the run's template is dropped with it at the end of the run (global-setup.ts).
      if (!template) await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** Both drivers answer `execute` with `{ rows }`. */
export const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** Every table of the app (public schema, without Drizzle's bookkeeping), sorted. */
export async function listTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf(result).map((r) => String(r.table_name));
}

/**
 * One app per `describe`: created in beforeAll, closed in afterAll. The returned object forwards to it, so
 * it can be captured at collection time and used inside tests.
 */
export function useTestApp(kind: DbKind, options: Omit<TestAppOptions, 'db'> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({ ...options, db: kind });
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_, property) {
      if (!current) throw new Error(`test app used outside a test (property ${String(property)})`);
      return Reflect.get(current, property);
    },
  });
}

/** Runs `fn` as a suite on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (skipped otherwise). */
export function describeEachDb(name: string, fn: (kind: DbKind) => void): void {
  describe(`${name} [pglite]`, () => fn('pglite'));
  describe.skipIf(!TEST_DATABASE_URL)(`${name} [postgres]`, () => fn('postgres'));
}

/** A syntactically valid id that names nothing. */
export const unknownId = () => randomUUID();
