import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker (see `setup`): worker n (VITEST_POOL_ID) talks to ports[n - 1] only. */
    ports: number[];
    /** Where each server writes the mails it sends (no SMTP in the journeys): one .eml file each. */
    mailDirs: string[];
  }
}

async function waitForHealth(port: number, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * Asks for the demo storefront once, as its first visitor would: the server renderer loads its code then, and a
 * first visitor on a busy machine may get the page for the browser to render (by design, see page-renderer.ts),
 * which the server-rendering journeys would take for a failure.
 */
async function warmStorefront(port: number) {
  await new Promise<void>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', headers: { host: `demo.localhost:${port}` } }, (response) => {
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', reject);
  });
}

/** A port nobody listens on right now (the system picks it; two servers never get the same one). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The whole product on a fresh data folder with the built web app; resolves once it answers its health check. */
async function startServer(dist: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-e2e-'));
  const port = await freePort();
  let output = '';
  // IMPORT_ALLOW_PRIVATE_ADDRESSES (test only): the import journey serves its restaurant pages from 127.0.0.1;
  // SMTP_ALLOW_PRIVATE_ADDRESSES: the e-mail settings journeys send through an SMTP server on 127.0.0.1.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, WEB_DIST: dist, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', REGISTRATION_AUTO_APPROVE: 'false', IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', SMTP_ALLOW_PRIVATE_ADDRESSES: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(port, server, () => output);
    await warmStorefront(port);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, mailDir: path.join(dataDir, 'mail'), stop };
}

/**
 * Starts the whole product once per test worker, each on its own PGlite with its own seeded demo restaurant: files
 * running at the same time never share a server, so one journey's orders, bells or menu order can't reach another
 * running alongside it. Files that follow each other on one worker share its server, as all files used to.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST (passed on to the server) lets a build live outside apps/web/dist.
  const dist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first`);
  // As many servers as files can run at once: a run of one file needs one. (filenamePattern: the file filters given
  // on the command line; vitest marks it internal, and without it every file counts.)
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const count = Math.max(1, Math.min(project.config.maxWorkers, testFiles.length));
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer(dist)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  project.provide('ports', servers.map((s) => s.port));
  project.provide('mailDirs', servers.map((s) => s.mailDir));

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
