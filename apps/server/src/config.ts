import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LIVE_HEARTBEAT_SECONDS } from '@tavolo/contracts/live';
import { parseSecretKey } from './lib/secrets.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** UPLOADS_STORE=s3 needs every S3_* setting: a half-configured bucket would only fail at the first upload. */
function requireS3Settings(c: { UPLOADS_STORE: string } & Partial<Record<(typeof S3_REQUIRED)[number], string>>, ctx: z.RefinementCtx) {
  if (c.UPLOADS_STORE !== 's3') return;
  for (const key of S3_REQUIRED) if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when UPLOADS_STORE=s3' });
}

/** Every setting with its default; a bad value stops the server with a message that names it. */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('::'),
  MAIN_DOMAIN: z
    .string()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a bare host name such as localhost or example.com')
    .default('localhost'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().url().optional(),
  /** Shares rate limits and the login throttle between processes (and carries the live bus); unset: kept per process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379')
    .optional(),
  /** Starts every key Tavolo writes to Redis, so one Redis can serve several deployments (or test runs). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1-64 letters, digits or : _ . - (e.g. tavolo:)')
    .default('tavolo:'),
  /** New restaurants go live at once; false holds them as `pending` until an operator approves them. */
  REGISTRATION_AUTO_APPROVE: bool.default(true),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tavolo <no-reply@localhost>'),
  /** Encrypts stored secrets (restaurants' SMTP passwords): 32 bytes as 64 hex digits or base64. Unset: DATA_DIR/secret.key. */
  SECRET_KEY: z
    .string()
    .refine((v) => parseSecretKey(v) !== null, 'must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)')
    .optional(),
  /** Where the built web app lives (apps/web/dist); absent in API-only tests. */
  WEB_DIST: z.string().optional(),
  SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(10),
  /** Orders one IP may place per minute (a family on one Wi-Fi, a office lunch run); more is refused with 429. */
  CHECKOUT_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  QUOTE_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  COUPON_QUOTE_MAX_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Keep-alive comment on an idle live stream (proxies close silent connections). */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(LIVE_HEARTBEAT_SECONDS),
  /** How often an open live stream checks its session again: a logout or expiry ends it within this time. */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long the storefront's public menu (products, categories) is served from memory. Writes through this process
   * clear it at once; the TTL bounds what other processes and background jobs changed. 0 turns the cache off.
   */
  STOREFRONT_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Memory the storefront cache may hold, in MiB (least recently used pages go first). */
  STOREFRONT_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /**
   * TEST ONLY: lets the listing import fetch pages from loopback and private addresses (fixture servers on 127.0.0.1).
   * Never set it in production: it opens the server's own network to anyone who can paste an address.
   */
  IMPORT_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  /**
   * Lets restaurants send through SMTP servers on loopback and private addresses (a relay inside your own network,
   * the tests' mail server on 127.0.0.1). Off: any restaurant could probe the server's network with test e-mails.
   */
  SMTP_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  /** Where uploaded images live: `local` (DATA_DIR/uploads, one machine) or `s3` (a bucket every process shares). */
  UPLOADS_STORE: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible service, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  S3_ENDPOINT: z.string().url().refine((v) => /^https?:/.test(v), 'must be an http(s):// URL').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots or dashes')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1 (us-east-1 for most self-hosted stores)').optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address objects as endpoint/bucket/key (MinIO and most self-hosted stores) instead of bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Server processes on this machine (node:cluster, one port): 1 runs a single process, 'auto' one per CPU.
   * More than one needs DATABASE_URL (see the check below).
   */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9][0-9]{0,2})$/, "must be a number of processes (1-999) or 'auto' (one per CPU)")
    .default('1')
    .transform((v) => (v === 'auto' ? os.availableParallelism() : Number(v))),
  /** On SIGTERM: how long in-flight requests and background passes may take before the process gives up (exit 1). */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
}).refine((c) => c.WORKERS === 1 || c.DATABASE_URL, {
  // PGlite is a database inside one process: a second process would open the same files and corrupt them.
  path: ['WORKERS'],
  message: 'more than one process needs DATABASE_URL (PostgreSQL): the embedded PGlite database lives in a single process',
}).superRefine(requireS3Settings);
export type TConfig = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof TConfig, string>> = {}): TConfig {
  const source: Record<string, string | undefined> = { ...env, ...overrides };
  for (const key of Object.keys(source)) if (source[key] === '') delete source[key];
  const parsed = ZConfig.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR) };
}
