/**
 * The real server as a child process, started the way `npm start` runs it (`apps/server/src/server.ts`,
 * NODE_ENV=production), for the tests and benchmarks that need a process of their own: crash safety (SIGKILL),
 * several processes sharing one database, load benchmarks. Tests that only need the app use `buildApp` + inject.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client.ts';
import { products, tenants } from '../db/schema/index.ts';
import { seedDemo } from '../db/seed.ts';
import { createPostgresDatabase } from './harness.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface RealServer {
  child: ChildProcess;
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends the signal (default SIGTERM) and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
}

export interface RealServerOptions {
  /** Settings on top of the defaults below (an empty string unsets a setting). */
  env?: Record<string, string | undefined>;
  /** Defaults to a free port. */
  port?: number;
  /** The script to run, relative to the repository root. */
  script?: string;
  /** How long to wait for /api/health (start-up with migrations and the demo seed takes a while on PGlite). */
  readyTimeoutMs?: number;
}

/**
 * Starts the server and resolves once `GET /api/health` answers 200. `node --import tsx` runs the server in the
 * child itself, so a signal reaches the server and not a wrapper process. API only by default: WEB_DIST points
 * at a folder that does not exist, so no web build is needed.
 */
export async function startRealServer(options: RealServerOptions = {}): Promise<RealServer> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    MAIN_DOMAIN: 'localhost',
    WEB_DIST: path.join(repoRoot, 'no-web-build'),
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  };
  for (const [key, value] of Object.entries(options.env ?? {})) env[key] = value;
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const base = `http://127.0.0.1:${port}`;
  const server: RealServer = {
    child,
    pid: child.pid!,
    port,
    base,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const status = await healthStatus(port);
    if (status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${Math.round((options.readyTimeoutMs ?? 120_000) / 1000)} s:\n${output}`);
}

function healthStatus(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => {
      req.destroy();
      resolve(undefined);
    });
  });
}

/**
 * A fresh PostgreSQL database (next to TEST_DATABASE_URL) migrated and seeded with the demo restaurant, and a
 * data folder, for tests that start server processes on it. `dish(name)` finds a demo dish's id; `cleanup()`
 * closes, drops and removes everything.
 */
/** Migrates the database the test opened and seeds the demo restaurant into it; its dishes by name. */
async function seedDemoInto(database: Database, dataDir: string) {
  await database.migrate();
  await seedDemo(database.db, dataDir);
  const [demo] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
  const dishes = await database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.tenantId, demo!.id));
  return {
    tenantId: demo!.id,
    dish(name: string): string {
      const found = dishes.find((d) => d.name === name);
      if (!found) throw new Error(`the demo has no dish named ${name}`);
      return found.id;
    },
  };
}

export async function seededDemoOnPostgres(adminUrl: string, label: string) {
  const target = await createPostgresDatabase(adminUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tavolo-${label}-`));
  const database = createDatabase({ databaseUrl: target.url });
  const seeded = await seedDemoInto(database, dataDir);
  return {
    url: target.url,
    database,
    dataDir,
    ...seeded,
    async cleanup() {
      await database.close();
      await target.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The demo restaurant on a fresh embedded database in `dataDir`, closed again: one process at a time may have it
 * open (db/data-dir-lock.ts), and the server is the next. `open()` opens it for the test while no server runs.
 */
export async function seededDemoOnPglite(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tavolo-${label}-`));
  const seeding = createDatabase({ dataDir });
  const seeded = await seedDemoInto(seeding, dataDir);
  await seeding.close();
  return {
    dataDir,
    ...seeded,
    open: () => createDatabase({ dataDir }),
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
