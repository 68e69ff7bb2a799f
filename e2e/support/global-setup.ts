import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
    /** Where the server writes the mails it sends (no SMTP in the journeys): one .eml file each. */
    mailDir: string;
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

/** Starts the whole product once for all browser tests: a fresh data folder, the built web app, a free port. */
export default async function setup(project: TestProject) {
  // WEB_DIST (passed on to the server) lets a build live outside apps/web/dist.
  const dist = process.env.WEB_DIST ? path.resolve(root, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-e2e-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  let output = '';
  // IMPORT_ALLOW_PRIVATE_ADDRESSES (test only): the import journey serves its restaurant pages from 127.0.0.1;
  // SMTP_ALLOW_PRIVATE_ADDRESSES: the e-mail settings journeys send through an SMTP server on 127.0.0.1.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', REGISTRATION_AUTO_APPROVE: 'false', IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', SMTP_ALLOW_PRIVATE_ADDRESSES: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  await waitForHealth(port, server, () => output);
  project.provide('port', port);
  project.provide('mailDir', path.join(dataDir, 'mail'));

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
