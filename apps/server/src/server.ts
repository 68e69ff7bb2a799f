import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type TConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { DEMO_LOGINS, seedDemo } from './db/seed.ts';
import { createUploadsStore, type UploadsStore } from './lib/uploads/index.ts';
import { buildApp, type App } from './app.ts';
import { runPrimary } from './lib/cluster-primary.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How long start-up waits for the bus to listen before it serves anyway (live events from others then lag). */
const BUS_READY_TIMEOUT_MS = 10_000;

function readConfig(): TConfig {
  try {
    // Relative paths are relative to the repository root, wherever npm runs the workspace script.
    const repoRoot = path.resolve(here, '../../..');
    return loadConfig(process.env, {
      WEB_DIST: path.resolve(repoRoot, process.env.WEB_DIST || 'apps/web/dist'),
      DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR || 'data'),
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

function banner(config: TConfig, dbKind: string) {
  const port = config.PORT === 80 ? '' : `:${config.PORT}`;
  const url = (host: string) => `http://${host}${port}`;
  const main = config.MAIN_DOMAIN;
  const processes = config.WORKERS > 1 ? `, ${config.WORKERS} processes` : '';
  console.log(`
  Tavolo is running (${dbKind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`}${processes})

  Platform (marketing, sign-up, operators)  ${url(main)}
    operator      ${DEMO_LOGINS.platform.email} / ${DEMO_LOGINS.platform.password}   -> ${url(main)}/login
  Demo restaurant storefront                ${url(`demo.${main}`)}
    admin         ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}   -> ${url(`demo.${main}`)}/login
    manager       ${DEMO_LOGINS.manager.email} / ${DEMO_LOGINS.manager.password}
    staff         ${DEMO_LOGINS.staff.email} / ${DEMO_LOGINS.staff.password}
  API docs                                  ${url(main)}/api/docs
`);
}

function openDatabase(config: TConfig): Database {
  return createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => console.warn(`database connection dropped (${err.message}); reconnecting on the next query`),
  });
}

/** Migrations, then the demo restaurant: once per start, by the single process or the cluster primary. */
async function prepare(database: Database, config: TConfig, uploads: UploadsStore) {
  await database.migrate();
  if (config.SEED_DEMO) await seedDemo(database.db, config.DATA_DIR, uploads);
}

/**
 * One serving process: the whole server, or a cluster worker (the primary prepared the database and prints
 * the banner).
 */
async function serve(config: TConfig) {
  const database = openDatabase(config);
  const uploads = createUploadsStore(config);
  if (cluster.isPrimary) await prepare(database, config, uploads);

  const app = await buildApp({ config, database, uploads, logger: { level: config.LOG_LEVEL } });
  await app.authRepo.purgeExpired();
  const housekeeping = setInterval(() => {
    void app.authRepo.purgeExpired().catch((err) => app.log.warn({ err }, 'purge failed'));
    void app.orders.purgeIdempotencyKeys().catch((err) => app.log.warn({ err }, 'purge failed'));
  }, 3_600_000);
  housekeeping.unref();
  app.outbox.start();
  app.escalation.start();
  app.trials.start();

  // Listen for other processes' events before taking requests, so nothing published after start-up is missed.
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), BUS_READY_TIMEOUT_MS).unref());
  if ((await Promise.race([app.bus.ready(), timeout])) === 'timeout') app.log.warn({ bus: app.bus.kind }, 'the bus is not listening yet; serving anyway');

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // No IPv6 on this machine: fall back to IPv4 only.
    if (config.HOST !== '::' || (error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw error;
    await app.listen({ port: config.PORT, host: '0.0.0.0' });
  }
  if (cluster.isPrimary) banner(config, database.kind);
  stopOnSignal(app, database, config, () => clearInterval(housekeeping));
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: health turns 503 (load balancers look elsewhere), the server stops taking
 * connections and answers 503 to new requests on open ones, live streams end (browsers reconnect to another
 * process), in-flight requests finish, background passes finish and stop, then the bus and the database close
 * and the process exits 0. Past SHUTDOWN_TIMEOUT_SECONDS it exits 1 instead of hanging.
 */
function stopOnSignal(app: App, database: Database, config: TConfig, stopTimers: () => void) {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // A cluster worker gets Ctrl+C's SIGINT and the primary's SIGTERM: the second changes nothing.
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    stopTimers();
    try {
      // preClose ends the live streams; the server then waits for in-flight requests; onClose hooks stop the
      // background jobs and the bus.
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Minimal pino-shaped lines, so the primary's few messages sit with the workers' in one log stream. */
function primaryLog(config: TConfig) {
  const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
  const threshold = levels[config.LOG_LEVEL];
  return (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
    if (levels[level] < threshold) return;
    const line = JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg });
    (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
  };
}

async function main() {
  const config = readConfig();
  if (!cluster.isPrimary || config.WORKERS === 1) return serve(config);
  await runPrimary({
    workers: config.WORKERS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    log: primaryLog(config),
    async prepare() {
      const database = openDatabase(config);
      try {
        await prepare(database, config, createUploadsStore(config));
      } finally {
        await database.close();
      }
    },
    onReady: () => banner(config, 'postgres'),
  });
}

main().catch((error) => {
  // A database in use by another server is the user's to resolve: the message says how, a stack adds nothing.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
