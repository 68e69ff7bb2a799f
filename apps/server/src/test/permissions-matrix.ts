/**
 * The route-by-role matrix (see permissions.test.ts): who may call each /api route, read from the app's own
 * route table, and a cast of callers (default roles, one role per permission, an empty role, a role made of
 * the other realm's permissions) to prove it with real calls.
 */
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_PLATFORM_ROLES,
  DEFAULT_ROLES,
  PERMISSIONS,
  PLATFORM_PERMISSIONS,
  can,
  type TPermission,
  type TPlatformPermission,
} from '@tavolo/contracts/permissions';
import type { RouteEntry } from '../app.ts';
import { platformRoles, platformSessions, platformUsers, roles, sessions, users } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { MAIN_HOST, unknownId, type TestApp, type TestClient } from './harness.ts';
import { BODY_FIXTURES, apiRoutes } from './isolation-matrix.ts';
import { sampleBody } from './sample-body.ts';

/** Who may call a route: anyone, any signed-in user of the host's realm, or holders of one permission. */
export type Access = 'public' | 'auth' | TPermission | TPlatformPermission;

export const FORBIDDEN_MESSAGE = { en: 'You are not authorized to perform this action.', de: 'Sie sind nicht berechtigt, diese Aktion auszuführen.' } as const;

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
export const accessOf = (route: RouteEntry): Access => route.config.permission ?? (route.config.auth ? 'auth' : 'public');

const TENANT_CATALOGUE = new Set<string>(PERMISSIONS);
const PLATFORM_CATALOGUE = new Set<string>(PLATFORM_PERMISSIONS);

/**
 * The routes the table decides on: every /api route, except HEAD routes that Fastify derived from a GET
 * (they share its config, which `headTwinsAgree` checks).
 */
export function decidedRoutes(table: readonly RouteEntry[], ignore: ReadonlySet<string> = new Set()): RouteEntry[] {
  const routes = apiRoutes(table).filter((r) => !ignore.has(routeKey(r)));
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
}

/** A HEAD route derived from a GET must be guarded exactly like it. */
export function headTwinsAgree(table: readonly RouteEntry[]): string[] {
  const routes = apiRoutes(table);
  const problems: string[] = [];
  for (const head of routes.filter((r) => r.method === 'HEAD')) {
    const get = routes.find((r) => r.method === 'GET' && r.url === head.url);
    if (get && (accessOf(get) !== accessOf(head) || (get.config.site ?? 'known') !== (head.config.site ?? 'known'))) {
      problems.push(`HEAD ${head.url} is guarded unlike its GET: ${JSON.stringify(head.config)} vs ${JSON.stringify(get.config)}`);
    }
  }
  return problems;
}

/** The table against the app: routes it does not know (with their config, to decide on), routes gone, and disagreements. */
export function compareWithTable(routes: RouteEntry[], expected: Record<string, Access>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = routeKey(route);
    seen.add(key);
    const want = expected[key];
    const config = JSON.stringify(route.config);
    if (want === undefined) problems.push(`missing from EXPECTED (decide who may call it): '${key}' (registered with config ${config})`);
    else if (want !== accessOf(route)) problems.push(`'${key}': EXPECTED says '${want}', the route says '${accessOf(route)}' (config ${config})`);
  }
  for (const key of Object.keys(expected)) if (!seen.has(key)) problems.push(`extra in EXPECTED (no such route any more): '${key}'`);
  return problems;
}

/**
 * Rules every guarded route must follow: a permission belongs to the catalogue of the site the route answers
 * on; a route that only needs a session is on the short list of things any signed-in user may do; platform
 * routes that need a session always name a permission.
 */
export function routeRules(routes: RouteEntry[], anySignedIn: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const access = accessOf(route);
    const site = route.config.site ?? 'known';
    if (access !== 'public' && access !== 'auth') {
      const catalogue = site === 'tenant' ? TENANT_CATALOGUE : site === 'platform' ? PLATFORM_CATALOGUE : null;
      if (!catalogue) problems.push(`'${key}' needs '${access}' but answers on site '${site}': a permission route must say whether it is a tenant or platform route`);
      else if (!catalogue.has(access)) problems.push(`'${key}' is a ${site} route guarded by '${access}', which is not in the ${site} catalogue`);
    }
    if (access === 'auth' && !anySignedIn.has(key)) {
      problems.push(`'${key}' needs only a session: give it a permission, or add it to ANY_SIGNED_IN if every signed-in user may call it`);
    }
    if (route.url.startsWith('/api/platform/') && access === 'auth') problems.push(`'${key}' is a platform route with a session but no permission`);
  }
  return problems;
}

export interface Caller {
  label: string;
  /** The permissions of the caller's role row, as stored (may include the other realm's). */
  granted: readonly string[];
  /** For a role made of one permission: that permission. */
  only?: string;
  client: TestClient;
}

/** `x.view` for `x.manage` and the other way round: the one other single permission worth trying on a route. */
const sibling = (permission: string) => (permission.endsWith('.view') ? permission.replace(/\.view$/, '.manage') : permission.replace(/\.manage$/, '.view'));

/** Every path parameter becomes an id that names nothing, so allowed writes touch no real row. */
const fillPath = (url: string) => url.replace(/\*$/, 'index.html').replace(/:(\w+)/g, () => unknownId());

/** A valid body when the schema allows one (so allowed calls get past validation), else whatever the fixtures hold. */
export function bodyFor(route: RouteEntry): unknown {
  return BODY_FIXTURES[routeKey(route)] ?? sampleBody(route.schema?.body, { text: 'Permission matrix' })?.body ?? (route.method === 'GET' ? undefined : {});
}

/**
 * Calls `route` as each caller; the guard must answer 403 with the translated message exactly when the caller's
 * role lacks the permission, and neither 401 nor 403 (nor a 5xx) otherwise. Streams are only probed when refused.
 * Of the single-permission roles only the route's own and its view/manage sibling are tried: the others are refused
 * exactly like the role without permissions, and trying each on every route would only make the test slow.
 */
export async function probeRoute(route: RouteEntry, callers: Caller[], germanFor: ReadonlySet<string>): Promise<string[]> {
  const needed = route.config.permission!;
  const key = routeKey(route);
  const problems: string[] = [];
  for (const caller of callers.filter((c) => !c.only || c.only === needed || c.only === sibling(needed))) {
    const allowed = can(caller.granted, needed);
    if (allowed && route.config.stream) continue;
    const languages = !allowed && germanFor.has(caller.label) ? (['en', 'de'] as const) : (['en'] as const);
    for (const lang of languages) {
      const res = await caller.client.request(route.method, fillPath(route.url), { body: bodyFor(route), headers: { 'x-language': lang } });
      const where = `${key} as ${caller.label}${lang === 'de' ? ' (de)' : ''}`;
      if (!allowed) {
        const body = res.statusCode === 403 ? (res.json() as { code?: string; message?: string }) : null;
        if (res.statusCode !== 403 || body?.code !== 'FORBIDDEN' || body.message !== FORBIDDEN_MESSAGE[lang]) {
          problems.push(`${where}: lacks '${needed}', expected 403 FORBIDDEN '${FORBIDDEN_MESSAGE[lang]}', got ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      } else if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
        problems.push(`${where}: holds '${needed}', expected to get past the guard, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
  }
  return problems;
}

/**
 * The cast's users never sign in with a password: their sessions go straight into the table (a sign-in costs an
 * argon2 verification each, and the guard, not the sign-in, is what this matrix is about).
 */
const NO_PASSWORD = 'no password: sessions are made directly';
const sessionToken = () => {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) };
};

type CustomRole = { label: string; granted: readonly string[]; only?: string };
/** A role per permission of the catalogue, one with none, one made of the other realm's catalogue. */
const customRoles = (own: readonly string[], foreign: { label: string; granted: readonly string[] }): CustomRole[] => [
  ...own.map((p) => ({ label: `only ${p}`, granted: [p], only: p })),
  { label: 'no permissions', granted: [] },
  foreign,
];

/** The restaurant's cast: its admin, manager and staff, plus a user per single-permission role, one with none, one with only platform permissions. */
export async function tenantCallers(t: TestApp, team: { r: { tenantId: string; host: string }; admin: TestClient; manager: TestClient; staff: TestClient }): Promise<Caller[]> {
  const { tenantId, host } = team.r;
  const callers: Caller[] = [
    { label: 'admin', granted: DEFAULT_ROLES.admin, client: team.admin },
    { label: 'manager', granted: DEFAULT_ROLES.manager, client: team.manager },
    { label: 'staff', granted: DEFAULT_ROLES.staff, client: team.staff },
  ];
  // Sanity: the default roles as registered are what DEFAULT_ROLES says (the expectations are computed from it).
  for (const name of ['admin', 'manager', 'staff'] as const) {
    const [row] = await t.db.select({ permissions: roles.permissions }).from(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)));
    if (!row || [...row.permissions].sort().join() !== [...DEFAULT_ROLES[name]].sort().join()) throw new Error(`role ${name} of the test restaurant is not DEFAULT_ROLES.${name}: ${row?.permissions}`);
  }
  for (const { label, granted, only } of customRoles(PERMISSIONS, { label: 'only platform permissions', granted: PLATFORM_PERMISSIONS })) {
    const [role] = await t.db.insert(roles).values({ tenantId, name: label, permissions: [...granted] }).returning({ id: roles.id });
    const email = `${label.replace(/\W+/g, '-')}@permissions.example.com`;
    const [user] = await t.db.insert(users).values({ tenantId, roleId: role!.id, name: label, email, passwordHash: NO_PASSWORD }).returning({ id: users.id });
    const { token, ...session } = sessionToken();
    await t.db.insert(sessions).values({ tenantId, userId: user!.id, ...session });
    callers.push({ label, granted, only, client: t.client(host, { token }) });
  }
  return callers;
}

/** The operators' cast: super_user and support (the default platform roles), one per single permission, one with none, one with only restaurant permissions. */
export async function platformCallers(t: TestApp): Promise<Caller[]> {
  const callers: Caller[] = [];
  const addUser = async (label: string, roleId: string, granted: readonly string[], only?: string) => {
    const email = `${label.replace(/\W+/g, '-')}@operators.example.com`;
    const [user] = await t.db.insert(platformUsers).values({ name: label, email, passwordHash: NO_PASSWORD, roleId }).returning({ id: platformUsers.id });
    const { token, ...session } = sessionToken();
    await t.db.insert(platformSessions).values({ userId: user!.id, ...session });
    callers.push({ label, granted, only, client: t.client(MAIN_HOST, { token }) });
  };
  for (const name of ['super_user', 'support'] as const) {
    const [role] = await t.db.select({ id: platformRoles.id, permissions: platformRoles.permissions }).from(platformRoles).where(eq(platformRoles.name, name));
    if (!role || [...role.permissions].sort().join() !== [...DEFAULT_PLATFORM_ROLES[name]].sort().join()) throw new Error(`platform role ${name} is not DEFAULT_PLATFORM_ROLES.${name}: ${role?.permissions}`);
    await addUser(name, role.id, role.permissions);
  }
  for (const { label, granted, only } of customRoles(PLATFORM_PERMISSIONS, { label: 'only restaurant permissions', granted: PERMISSIONS })) {
    const [role] = await t.db.insert(platformRoles).values({ name: `matrix ${label}`, permissions: [...granted] }).returning({ id: platformRoles.id });
    await addUser(label, role!.id, granted, only);
  }
  return callers;
}

/** Each caller's session still works (an allowed call must not have signed anyone out, or later 401s would mean nothing). */
export async function sessionsAlive(callers: Caller[]): Promise<string[]> {
  const problems: string[] = [];
  for (const caller of callers) {
    const res = await caller.client.get('/api/me');
    if (res.statusCode !== 200) problems.push(`${caller.label}: GET /api/me answered ${res.statusCode} after the matrix`);
  }
  return problems;
}
