/** What the benchmark scripts (bench/run.ts, bench/scale.ts) share: throw-away PostgreSQL databases and README sections. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const readmePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'README.md');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A new, empty PostgreSQL database next to the one in `adminUrl` (the role needs CREATEDB); `drop()` removes it. */
export async function freshPostgresDatabase(adminUrl: string, label = 'bench') {
  const name = `tavolo_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let version: string;
  try {
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    version = `PostgreSQL ${rows[0]?.server_version ?? '?'}`;
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    version,
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Replaces the text between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->` in bench/README.md, leaving the rest alone. */
export function writeSection(name: string, body: string) {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close);
  if (start < 0 || end < start) throw new Error(`bench/README.md lacks the ${open} ... ${close} markers`);
  fs.writeFileSync(readmePath, `${readme.slice(0, start + open.length)}\n${body}\n${readme.slice(end)}`);
}
