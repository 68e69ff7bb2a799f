import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type TConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { DEMO_LOGINS, seedDemo } from './db/seed.ts';
import { createUploadsStore } from './lib/uploads/index.ts';
import { buildApp } from './app.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

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
  console.log(`
  Tavolo is running (${dbKind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`})

  Platform (marketing, sign-up, operators)  ${url(main)}
    operator      ${DEMO_LOGINS.platform.email} / ${DEMO_LOGINS.platform.password}   -> ${url(main)}/login
  Demo restaurant storefront                ${url(`demo.${main}`)}
    admin         ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}   -> ${url(`demo.${main}`)}/login
    manager       ${DEMO_LOGINS.manager.email} / ${DEMO_LOGINS.manager.password}
    staff         ${DEMO_LOGINS.staff.email} / ${DEMO_LOGINS.staff.password}
  API docs                                  ${url(main)}/api/docs
`);
}

async function main() {
  const config = readConfig();
  const database = createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onIdleError: (err) => console.warn(`database connection dropped (${err.message}); reconnecting on the next query`),
  });
  await database.migrate();
  const uploads = createUploadsStore(config);
  if (config.SEED_DEMO) await seedDemo(database.db, config.DATA_DIR, uploads);

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

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // No IPv6 on this machine: fall back to IPv4 only.
    if (config.HOST !== '::' || (error as NodeJS.ErrnoException).code !== 'EAFNOSUPPORT') throw error;
    await app.listen({ port: config.PORT, host: '0.0.0.0' });
  }
  banner(config, database.kind);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
