/**
 * Several containers (or `docker compose up --scale app=N`) start at once on one empty PostgreSQL database,
 * each migrating and seeding the demo before it serves. Only with TEST_DATABASE_URL: PGlite lives in one
 * process.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../test/harness.ts';
import { createDatabase, type Database } from './client.ts';
import { seedDemo } from './seed.ts';

const journal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json');
const PROCESSES = 4;

describe.skipIf(!TEST_DATABASE_URL)('several processes starting at once on one database', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let databases: Database[] = [];

  beforeAll(async () => {
    target = await createPostgresDatabase(TEST_DATABASE_URL!);
    databases = Array.from({ length: PROCESSES }, () => createDatabase({ databaseUrl: target.url }));
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await target?.drop();
  });

  it('all migrate successfully and apply each migration exactly once', async () => {
    const results = await Promise.allSettled(databases.map((d) => d.migrate()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const expected = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
    const applied = (await databases[0]!.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations')) as unknown as {
      rows: { n: number }[];
    };
    expect(applied.rows[0]!.n).toBe(expected);
    // The schema is complete: an index from migration 0011 is there.
    const index = (await databases[0]!.db.execute(
      `select count(*)::int as n from pg_indexes where indexname = 'orders_tenant_tracking_token_key'`,
    )) as unknown as { rows: { n: number }[] };
    expect(index.rows[0]!.n).toBe(1);
  });

  it('seed the demo once: one process seeds, the others find it done', async () => {
    const dataDirs = databases.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-seed-')));
    try {
      const results = await Promise.all(databases.map((d, i) => seedDemo(d.db, dataDirs[i]!)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const counts = (await databases[0]!.db.execute(
        `select (select count(*)::int from platform_users) as operators, (select count(*)::int from tenants where slug = 'demo') as demos`,
      )) as unknown as { rows: { operators: number; demos: number }[] };
      expect(counts.rows[0]).toEqual({ operators: 1, demos: 1 });
    } finally {
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
