/**
 * Bad-input fuzzing of every /api route (see fuzz.test.ts): fast-check builds hostile bodies, query strings
 * and path parameters from each route's own Zod schemas, and every answer is checked against the envelope
 * rules: never a 5xx, errors as `{ success: false, code, message }` with translated text, successes as
 * `{ success: true, ... }`. Inputs come from a fixed seed per route, so a failure replays exactly.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../app.ts';
import type { Response, TestApp } from './harness.ts';
import { apiRoutes } from './isolation-matrix.ts';
import { routeKey } from './permissions-matrix.ts';
import { sampleBody } from './sample-body.ts';

export const FUZZ_SEED = 20_261_124;

/** Inputs per route and kind; together about a dozen calls per route keep the file well under a minute. */
export const RUNS = { body: 10, query: 5, path: 5 } as const;

/** Routes not fuzzed, with the reason. Everything else the app registers is. */
export const SKIPPED: Record<string, string> = {
  'POST /api/logout': "ends the caller's session, which every later call needs",
  'POST /api/tenant/logout': "ends the caller's session, which every later call needs",
  'POST /api/tenant/password': "a sampled body changes the admin's password and signs out the other sessions",
  'GET /api/tenant/live': 'a Server-Sent Events stream that never finishes (its refusals are in the isolation matrix)',
  'POST /api/tenant-register/import': 'fetches the page at the given address over the network (input checks: listing-import tests)',
  'PUT /api/tenant/admin/email-settings': "a sampled body would route the restaurant's mail through a made-up SMTP server",
  'POST /api/tenant/admin/email-settings/test': 'connects to the SMTP server of the settings (network)',
};

/** 2xx answers that are not the JSON envelope by design (documents and downloads). */
export const NOT_ENVELOPED: Record<string, string> = {
  'GET /api/docs': 'the API documentation page',
  'GET /api/docs/static/index.html': 'the API documentation page',
  'GET /api/docs/static/swagger-initializer.js': 'the API documentation page',
  'GET /api/docs/static/*': 'the API documentation files',
  'GET /api/docs/json': 'the OpenAPI document',
  'GET /api/docs/yaml': 'the OpenAPI document',
  'GET /api/tenant/customers/:key/export': "a download of the guest's data",
  'GET /api/tenant/subscribers/export.csv': 'a CSV download',
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The first and the last day a date can name (a day before or after them, year 0 or 10000, is none), and year 0
 * itself, which Date() reads (1 BC) but no database column holds: it made five routes answer 500.
 */
const EDGE_DATES = ['0001-01-01', '9999-12-31', '0000-01-01'];

/** Strings that have broken servers before: sizes, encodings, control characters, injections, lookalike numbers. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'x'.repeat(100_001),
  '😀'.repeat(30_000),
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF\uFFFE',
  'e\u0301\u0301\u0301\u0301',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '-1',
  '-0',
  '0.5',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  '2030-02-30',
  '0000-00-00',
  // Real dates whose neighbours are none (year 0, year 10000): a "day after" or "day before" broke two routes.
  '0001-01-01',
  '9999-12-31',
  '24:61',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '%00%2F%2e%2e',
  '\r\nX-Injected: 1',
  'admin@demo.example.com',
];

const NUMBERS = [-1, 0, -0, 0.5, -2.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 5e-324];

/** Objects nested far deeper than any schema goes. */
const deepObject = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: inner }), 'x');

/** Any hostile JSON value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.constantFrom(...NUMBERS), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), weight: 1 },
  { arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, deepObject(200), [[[[['x']]]]]), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** A query value: what a URL can carry (text), hostile. */
const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 20_000), 'x'.repeat(20_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...NUMBERS.map(String)),
);

/** Query strings that are broken as URLs, not just as values. */
const RAW_QUERIES = ['%', '%%%=%ZZ', 'a[b][c]=1', '__proto__[polluted]=1', 'constructor[prototype][x]=1', '&&&==&', '=x', 'page=1&page=2&page=x', `q=${'%F0%9F%98%80'.repeat(200)}`, '%C0%AF=%C0%AF', 'q=%ED%A0%80%00'];

/** Path parameter values, already URL-encoded where needed. */
const PATH_VALUES = [
  'abc',
  '0',
  '-1',
  '1.5',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  'a'.repeat(5_000),
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%00',
  '%ZZ',
  '%C0%AF',
  encodeURIComponent('😀'),
  encodeURIComponent('\u202Eevil'),
  encodeURIComponent("' OR 1=1 --"),
  '__proto__',
];

/** A field of a schema as JSON Schema describes it (the parts read here). */
type JsonField = { type?: string; pattern?: string; format?: string; enum?: unknown[]; anyOf?: JsonField[] };

/** The field names a schema knows (required and optional), those whose description passes `test` if given. */
function fieldsOf(schema: unknown, test: (field: JsonField) => boolean = () => true): string[] {
  if (!schema || typeof (schema as z.ZodType).safeParse !== 'function') return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
    return Object.entries(json.properties ?? {})
      .filter(([, field]) => test(field))
      .map(([name]) => name);
  } catch {
    return [];
  }
}

/** A calendar date (YYYY-MM-DD), or a date or null. */
const takesDate = (field: JsonField): boolean => field.format === 'date' || Boolean(field.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) || Boolean(field.anyOf?.some(takesDate));
/** Free text: a string that is not a date, an enum or a pattern (or such text or null). */
const takesText = (field: JsonField): boolean => (field.type === 'string' && !field.pattern && !field.format && !field.enum) || Boolean(field.anyOf?.some(takesText));

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Mutations of a valid body: fields replaced, removed or added, or the whole body swapped for junk. */
function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const base = asRecord(sampleBody(schema, { text: 'Fuzz' })?.body);
  const fields = [...new Set([...Object.keys(base), ...fieldsOf(schema)])];
  const options: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc.constant([base]),
    fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }).map((extra) => ({ ...base, ...extra })),
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    options.push(
      fc.tuple(field, hostileValue).map(([key, value]) => ({ ...base, [key]: value })),
      fc.tuple(field, hostileValue).map(([key, value]) => ({ ...base, [key]: value })),
      fc.dictionary(field, hostileValue, { minKeys: Math.min(2, fields.length), maxKeys: Math.min(4, fields.length) }).map((changes) => ({ ...base, ...changes })),
      field.map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
    );
  }
  return fc.oneof(...options);
}

/** URL-encodes any string (a lone surrogate, which a URL cannot carry, becomes U+FFFD; RAW_QUERIES sends its bytes). */
const encode = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));

const encodeQuery = (entries: [string, string][]) => entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

/** Query strings: the schema's fields with hostile values, repeated, extra keys, or broken encoding. */
function queryArbitrary(schema: unknown): fc.Arbitrary<string> {
  const base = Object.entries(asRecord(sampleBody(schema, { text: 'Fuzz' })?.body)).map(([k, v]) => [k, String(v)] as [string, string]);
  const fields = [...new Set([...base.map(([k]) => k), ...fieldsOf(schema)])];
  const options: fc.Arbitrary<string>[] = [
    fc.constantFrom(...RAW_QUERIES),
    fc.array(fc.tuple(fc.string({ maxLength: 10 }), hostileQueryValue), { maxLength: 3 }).map((extra) => encodeQuery([...base, ...extra])),
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    options.push(
      fc.tuple(field, hostileQueryValue).map(([key, value]) => encodeQuery([...base.filter(([k]) => k !== key), [key, value]])),
      fc.tuple(field, hostileQueryValue, hostileQueryValue).map(([key, a, b]) => encodeQuery([...base, [key, a], [key, b]])),
    );
  }
  return fc.oneof(...options);
}

const pathValue: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...PATH_VALUES), fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode));

/** A stable seed per route, so adding a route does not change the inputs of the others. */
function seedFor(key: string): number {
  let h = FUZZ_SEED;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** A message that is still a translation key ('errors.validation'): the translation is missing. */
const looksLikeKey = (text: string) => /^[a-z0-9_]+(\.[a-z0-9_]+)+$/i.test(text.trim());

/** What is wrong with an answer (empty: nothing). */
export function answerProblems(res: Pick<Response, 'statusCode' | 'body' | 'headers'>, method: string, key: string): string[] {
  const status = res.statusCode;
  if (status >= 500) return [`answered ${status}: ${res.body.slice(0, 300)}`];
  if (method === 'HEAD' || status === 204) return [];
  if (status >= 300 && status < 400) return res.headers.location ? [] : [`redirect ${status} without a location`];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    if (status < 300 && key in NOT_ENVELOPED) return [];
    return [`${status} is not JSON: ${res.body.slice(0, 200)}`];
  }
  const envelope = asRecord(body);
  if (status < 300) {
    if (key in NOT_ENVELOPED || envelope.success === true) return [];
    return [`${status} without the success envelope: ${res.body.slice(0, 200)}`];
  }
  const problems: string[] = [];
  if (envelope.success !== false) problems.push('error without success: false');
  if (typeof envelope.code !== 'string' || envelope.code === '') problems.push('error without a code');
  if (typeof envelope.message !== 'string' || envelope.message.trim() === '') problems.push('error without a message');
  else if (looksLikeKey(envelope.message)) problems.push(`untranslated message "${envelope.message}"`);
  if (envelope.errors !== undefined) {
    for (const [field, messages] of Object.entries(asRecord(envelope.errors))) {
      if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== 'string' || m.trim() === '')) {
        problems.push(`field errors of "${field}" are not a list of messages: ${JSON.stringify(messages)}`);
      } else {
        for (const m of messages as string[]) if (looksLikeKey(m)) problems.push(`untranslated field message "${field}": "${m}"`);
      }
    }
    if (Array.isArray(envelope.errors) || typeof envelope.errors !== 'object' || envelope.errors === null) problems.push('errors is not an object of fields');
  }
  if (problems.length > 0) problems.push(`(${status} ${res.body.slice(0, 200)})`);
  return problems;
}

/** Who calls a route: host and bearer token. */
export interface Caller {
  host: string;
  token?: string;
}

export interface FuzzOptions {
  /** The caller for a route (by its site and access). */
  callerFor: (route: RouteEntry) => Caller;
  /** Only these routes (default: every /api route the app registered). */
  routes?: RouteEntry[];
}

export interface Violation {
  route: string;
  input: string;
  problem: string;
}

export interface FuzzResult {
  violations: Violation[];
  /** Calls made per route key. */
  calls: Map<string, number>;
}

const CSRF = 'fuzz-csrf-token';
let ipCounter = 0;

/** Short text for a report: long inputs cut, control characters visible. */
const describe = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);
};

/** Fuzzes the routes and returns every answer that broke the rules. */
export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzResult> {
  const violations: Violation[] = [];
  const calls = new Map<string, number>();
  const routes = (options.routes ?? apiRoutes(t.app.routeTable)).filter((r) => !(routeKey(r) in SKIPPED));

  for (const route of routes) {
    const key = routeKey(route);
    const caller = options.callerFor(route);
    const seed = seedFor(key);
    const unsafe = UNSAFE.has(route.method);
    const params = [...route.url.matchAll(/:\w+|\*$/g)].map((m) => m[0]);
    const fill = (values: string[]) => {
      let i = 0;
      return route.url.replace(/:\w+|\*$/g, () => values[i++] ?? randomUUID());
    };
    const languages = fc.sample(fc.constantFrom('en', 'de'), { seed, numRuns: 64 });

    const send = async (url: string, input: string, body?: unknown) => {
      const n = calls.get(key) ?? 0;
      calls.set(key, n + 1);
      ipCounter++;
      const headers: Record<string, string> = { host: caller.host, 'accept-language': languages[n % languages.length]! };
      if (caller.token) headers.authorization = `Bearer ${caller.token}`;
      if (unsafe) Object.assign(headers, { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF });
      const payload = body === undefined ? undefined : JSON.stringify(body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers,
        remoteAddress: `10.200.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
        ...(payload !== undefined && { payload }),
      });
      for (const problem of answerProblems(res, route.method, key)) violations.push({ route: key, input, problem });
    };

    const plainUrl = fill([]);
    if (unsafe) {
      for (const body of fc.sample(bodyArbitrary(route.schema?.body), { seed, numRuns: RUNS.body })) await send(plainUrl, `body ${describe(body)}`, body);
    }
    for (const query of fc.sample(queryArbitrary(route.schema?.querystring), { seed: seed + 1, numRuns: RUNS.query })) {
      await send(`${plainUrl}?${query}`, `query ${describe(query)}`, unsafe ? {} : undefined);
    }
    // Edges in an otherwise valid input, which random samples rarely reach: each date field at the first and the
    // last day a date can name, and each text field with a NUL character or a lone surrogate (which PostgreSQL cannot hold).
    const sample = asRecord(sampleBody(route.schema?.body, { text: 'Fuzz' })?.body);
    const sampleQuery = asRecord(sampleBody(route.schema?.querystring, { text: 'Fuzz' })?.body);
    const bodyEdges: [string, string][] = [
      ...fieldsOf(route.schema?.body, takesDate).flatMap((field) => EDGE_DATES.map((edge): [string, string] => [field, edge])),
      ...fieldsOf(route.schema?.body, takesText).flatMap((field) => ['Fuzz\u0000text', 'Fuzz\ud800text'].map((edge): [string, string] => [field, edge])),
    ];
    if (unsafe) for (const [field, value] of bodyEdges) await send(plainUrl, `body ${field}=${describe(value)}`, { ...sample, [field]: value });
    for (const [field, value] of fieldsOf(route.schema?.querystring, takesDate).flatMap((f) => EDGE_DATES.map((edge): [string, string] => [f, edge]))) {
      const query = encodeQuery(Object.entries({ ...sampleQuery, [field]: value }).map(([k, v]) => [k, String(v)]));
      await send(`${plainUrl}?${query}`, `query ${field}=${value}`, unsafe ? {} : undefined);
    }
    if (params.length > 0) {
      for (const values of fc.sample(fc.array(pathValue, { minLength: params.length, maxLength: params.length }), { seed: seed + 2, numRuns: RUNS.path })) {
        await send(fill(values), `path ${describe(values)}`, unsafe ? asRecord(sampleBody(route.schema?.body, { text: 'Fuzz' })?.body) : undefined);
      }
    }
  }
  return { violations, calls };
}
