/**
 * Databases of their own for tests on the PostgreSQL server of TEST_DATABASE_URL (whose role needs CREATEDB).
 * Kept apart from harness.ts so that the globalSetup can use it without loading the app.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Waits until no session is connected to database `name` (pool.end() resolves before its connections have closed). */
async function waitUntilUnused(admin: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the server of `adminUrl`: empty, or a copy of `template` (a database nobody is connected
 * to), named after it (see dropCopies). `drop()` removes it; `closed()` waits until its connections are gone (a
 * template's must be).
 */
export async function createPostgresDatabase(adminUrl: string, options: { template?: string } = {}) {
  const name = options.template
    ? `${options.template}_${process.pid}_${randomBytes(3).toString('hex')}`
    : `t_${process.pid}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${options.template ? ` TEMPLATE "${options.template}"` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    closed: () => withAdmin(adminUrl, (admin) => waitUntilUnused(admin, name)),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        // A FORCE drop that kills a pooled client's connection makes that client emit an unhandled 57P01 error.
        await waitUntilUnused(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}

/**
 * Drops every copy of `template` (see createPostgresDatabase); the template itself stays. Eight at a time: each
 * DROP DATABASE waits for a checkpoint, and drops that wait together share one (4 drops: 11.4 s one by one,
 * 1.6 s at once, on a busy machine).
 */
export async function dropCopies(adminUrl: string, template: string) {
  const names = await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${template}_`]);
    return rows.map((r) => r.datname);
  });
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(names.slice(i, i + 8).map((name) => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))));
  }
}
