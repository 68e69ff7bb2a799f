import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client.ts';

/**
 * The tenancy invariant, read from the migrated catalogue: every table with a tenant_id has it leading its
 * primary key and every foreign key to another tenant-owned table, so the schema distributes by tenant_id.
 */
describe('schema keys every tenant-owned table by (tenant_id, ...)', () => {
  let database: Database;
  let rows: { table: string; kind: string; columns: string[]; target: string | null }[];

  beforeAll(async () => {
    database = createDatabase({ dataDir: null });
    await database.migrate();
    const result = (await database.db.execute(`
      select c.conrelid::regclass::text as table, c.contype as kind, c.confrelid::regclass::text as target,
             array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype in ('p', 'f')`)) as unknown as { rows: typeof rows };
    rows = result.rows;
  });
  afterAll(() => database.close());

  it('finds tenant-owned tables at all', () => {
    expect(rows.filter((r) => r.kind === 'p' && r.columns.includes('tenant_id')).length).toBeGreaterThanOrEqual(6);
  });

  it('leads every primary key and every tenant-to-tenant foreign key with tenant_id', async () => {
    const owned = (await database.db.execute(
      `select table_name as table from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
    )) as unknown as { rows: { table: string }[] };
    const tenantOwned = new Set(owned.rows.map((r) => r.table));
    const offenders = rows.filter((r) => {
      if (!tenantOwned.has(r.table)) return false;
      if (r.kind === 'p') return r.columns[0] !== 'tenant_id';
      return r.target !== 'tenants' && tenantOwned.has(r.target ?? '') && r.columns[0] !== 'tenant_id';
    });
    expect(offenders).toEqual([]);
  });
});
