/**
 * Citus readiness (issue #12), read from the migrated catalogue rather than the TypeScript schema, on PGlite and
 * on PostgreSQL: every table is either distributed by tenant_id (all a restaurant's rows in one shard group) or
 * a reference table on the list below, and docs/scaling.md distributes exactly these tables, in an order Citus
 * accepts. What Citus needs of a table distributed by tenant_id:
 *   - tenant_id leads its primary key;
 *   - every unique index and exclusion constraint contains tenant_id (shards cannot check uniqueness together);
 *   - a foreign key to another distributed table is (tenant_id, ...) -> (tenant_id, ...) (co-located shards);
 *   - a foreign key to a reference table is fine, but never one that would set tenant_id to NULL or a default;
 * and a reference table never points at a distributed one (it is copied to every node; its targets must be too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresDatabase, describeEachDb } from '../test/harness.ts';
import { createDatabase, type Database } from './client.ts';

const TENANT_COLUMN = 'tenant_id';
const SCALING_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/scaling.md');

/**
 * The tables Citus copies to every node instead of sharding, each with the reason. A new table either gets
 * tenant_id leading its primary key (spread `tenantOwned` from columns.ts) or an entry here, and in both cases
 * its statement in docs/scaling.md.
 */
const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  plans: 'the plan catalogue: a handful of rows that tenants point at and every limit check reads',
  tenants: 'found by slug from the Host header before any tenant is known; every tenant-owned table points at it',
  tenant_domains:
    'a custom host is resolved to its restaurant before the tenant is known, and a host is unique across the platform',
  tenant_deletions: 'the platform record of a deleted restaurant, whose tenant rows are gone',
  platform_roles: 'platform operators, not owned by any restaurant',
  platform_users: 'platform operators; tenant_status_events points at them',
  platform_sessions: 'operator sessions on the main domain',
  platform_password_resets: 'operator password resets on the main domain',
  platform_contact_messages: 'the marketing site contact form, read by operators',
};

interface Catalogue {
  /** Table name -> whether it has a tenant_id column. */
  tables: Map<string, boolean>;
  constraints: {
    table: string;
    name: string;
    kind: 'p' | 'f' | 'x';
    columns: string[];
    target: string | null;
    targetColumns: string[];
    onDelete: string;
    onUpdate: string;
  }[];
  /** Key columns of every unique index; an expression counts as null. */
  uniqueIndexes: { table: string; name: string; columns: (string | null)[] }[];
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function readCatalogue(query: Query, schema: string): Promise<Catalogue> {
  const quoted = `'${schema.replace(/'/g, "''")}'`;
  const tables = await query(`
    select c.relname as table,
           exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = '${TENANT_COLUMN}' and not a.attisdropped) as owned
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${quoted} and c.relkind in ('r', 'p')`);
  const constraints = await query(`
    select r.relname as table, c.conname as name, c.contype as kind, t.relname as target,
           c.confdeltype as on_delete, c.confupdtype as on_update,
           array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as target_columns
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    left join pg_class t on t.oid = c.confrelid
    where n.nspname = ${quoted} and c.contype in ('p', 'f', 'x')`);
  const indexes = await query(`
    select r.relname as table, x.relname as name,
           array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(n, o)
                 left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
                 where k.o <= i.indnkeyatts order by k.o) as columns
    from pg_index i
    join pg_class r on r.oid = i.indrelid
    join pg_class x on x.oid = i.indexrelid
    join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = ${quoted} and i.indisunique`);
  return {
    tables: new Map(tables.map((row) => [String(row.table), Boolean(row.owned)])),
    constraints: constraints.map((row) => ({
      table: String(row.table),
      name: String(row.name),
      kind: row.kind as 'p' | 'f' | 'x',
      columns: row.columns as string[],
      target: (row.target as string | null) ?? null,
      targetColumns: row.target_columns as string[],
      onDelete: String(row.on_delete),
      onUpdate: String(row.on_update),
    })),
    uniqueIndexes: indexes.map((row) => ({ table: String(row.table), name: String(row.name), columns: row.columns as (string | null)[] })),
  };
}

/** Distributed: has tenant_id and is not a reference table. */
function distributedTables(catalogue: Catalogue, reference: Readonly<Record<string, string>>): Set<string> {
  return new Set([...catalogue.tables].filter(([table, owned]) => owned && !(table in reference)).map(([table]) => table));
}

const SETS_COLUMNS = new Set(['n', 'd']);

/** Every way the schema would not distribute by tenant_id, as messages that say what to do. */
function schemaViolations(catalogue: Catalogue, reference: Readonly<Record<string, string>>): string[] {
  const distributed = distributedTables(catalogue, reference);
  const problems: string[] = [];
  for (const [table, owned] of catalogue.tables) {
    if (!owned && !(table in reference)) {
      problems.push(
        `${table}: no ${TENANT_COLUMN} and not a reference table. If restaurants own its rows, spread tenantOwned (db/columns.ts) ` +
          `and make the primary key (tenant_id, id); if it is platform-wide, add it to REFERENCE_TABLES with the reason. ` +
          `Either way add its statement to docs/scaling.md.`,
      );
    }
  }
  for (const table of Object.keys(reference)) {
    if (!catalogue.tables.has(table)) problems.push(`${table}: on REFERENCE_TABLES but not in the schema; remove it there and in docs/scaling.md`);
  }
  for (const table of distributed) {
    const primary = catalogue.constraints.find((c) => c.table === table && c.kind === 'p');
    if (primary?.columns[0] !== TENANT_COLUMN) {
      problems.push(`${table}: primary key (${primary?.columns.join(', ') ?? 'none'}) must start with ${TENANT_COLUMN}`);
    }
  }
  for (const index of catalogue.uniqueIndexes) {
    if (distributed.has(index.table) && !index.columns.includes(TENANT_COLUMN)) {
      problems.push(`${index.table}: unique index ${index.name} must include ${TENANT_COLUMN} (Citus checks uniqueness per shard only)`);
    }
  }
  for (const c of catalogue.constraints) {
    const from = distributed.has(c.table) ? 'distributed' : 'reference';
    if (c.kind === 'x' && from === 'distributed' && !c.columns.includes(TENANT_COLUMN)) {
      problems.push(`${c.table}: exclusion constraint ${c.name} must include ${TENANT_COLUMN}`);
    }
    if (c.kind !== 'f' || !c.target) continue;
    const to = distributed.has(c.target) ? 'distributed' : 'reference';
    if (from === 'reference' && to === 'distributed') {
      problems.push(`${c.table}: reference table with foreign key ${c.name} to the distributed table ${c.target}; Citus cannot enforce it`);
    }
    if (from === 'distributed' && to === 'distributed' && (c.columns[0] !== TENANT_COLUMN || c.targetColumns[0] !== TENANT_COLUMN)) {
      problems.push(
        `${c.table}: foreign key ${c.name} (${c.columns.join(', ')}) -> ${c.target} (${c.targetColumns.join(', ')}) must be ` +
          `(${TENANT_COLUMN}, ...) -> (${TENANT_COLUMN}, ...) so both rows live in co-located shards`,
      );
    }
    if (c.columns.includes(TENANT_COLUMN) && (SETS_COLUMNS.has(c.onDelete) || SETS_COLUMNS.has(c.onUpdate))) {
      problems.push(`${c.table}: foreign key ${c.name} would set ${TENANT_COLUMN} to NULL or a default; use CASCADE or RESTRICT`);
    }
  }
  return problems;
}

interface CitusStatement {
  fn: 'create_reference_table' | 'create_distributed_table';
  table: string;
  column?: string;
  colocateWith?: string;
}

/** The create_*_table calls in the markdown, in order. */
function parseStatements(markdown: string): CitusStatement[] {
  const pattern = /SELECT\s+(create_reference_table|create_distributed_table)\(\s*'([^']+)'(?:\s*,\s*'([^']+)')?(?:\s*,\s*colocate_with\s*=>\s*'([^']+)')?\s*\)/g;
  return [...markdown.matchAll(pattern)].map((m) => ({
    fn: m[1] as CitusStatement['fn'],
    table: m[2]!,
    column: m[3],
    colocateWith: m[4],
  }));
}

/** Where the documented statements and the schema disagree, or where Citus would reject the order. */
function docsViolations(statements: CitusStatement[], catalogue: Catalogue, reference: Readonly<Record<string, string>>): string[] {
  const distributed = distributedTables(catalogue, reference);
  const problems: string[] = [];
  const position = new Map<string, number>();
  statements.forEach((s, i) => {
    if (position.has(s.table)) problems.push(`${s.table}: appears more than once`);
    else position.set(s.table, i);
    if (!catalogue.tables.has(s.table)) problems.push(`${s.table}: documented but not in the schema`);
  });
  for (const table of catalogue.tables.keys()) {
    if (!position.has(table)) problems.push(`${table}: in the schema but has no create_*_table statement`);
  }
  const anchor = statements.find((s) => s.fn === 'create_distributed_table');
  for (const s of statements) {
    if (s.fn === 'create_reference_table' && distributed.has(s.table)) problems.push(`${s.table}: must be distributed by ${TENANT_COLUMN}`);
    if (s.fn === 'create_distributed_table') {
      if (!distributed.has(s.table)) problems.push(`${s.table}: must be a reference table`);
      if (s.column !== TENANT_COLUMN) problems.push(`${s.table}: must be distributed by ${TENANT_COLUMN}, not ${s.column ?? 'nothing'}`);
      if (s !== anchor && s.colocateWith !== anchor?.table) problems.push(`${s.table}: must say colocate_with => '${anchor?.table}'`);
    }
  }
  // Citus wants the target of a foreign key distributed (or made a reference table) before the table pointing at it.
  for (const c of catalogue.constraints) {
    if (c.kind !== 'f' || !c.target || c.target === c.table) continue;
    const from = position.get(c.table);
    const to = position.get(c.target);
    if (from !== undefined && to !== undefined && to > from) problems.push(`${c.table}: comes before ${c.target}, which its foreign key ${c.name} needs first`);
  }
  return problems;
}

describeEachDb('Citus readiness of the migrated schema', (kind) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let query: Query;
  let catalogue: Catalogue;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      drop = created.drop;
      database = createDatabase({ databaseUrl: created.url });
    } else {
      database = createDatabase({ dataDir: null });
    }
    await database.migrate();
    query = async (text) => ((await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;
    catalogue = await readCatalogue(query, 'public');
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reads the whole schema: tenant-owned tables, reference tables and their keys', () => {
    const distributed = distributedTables(catalogue, REFERENCE_TABLES);
    expect(distributed.size).toBeGreaterThanOrEqual(30);
    for (const table of ['orders', 'order_items', 'products', 'users', 'reservations', 'tenant_settings']) expect(distributed.has(table)).toBe(true);
    expect(catalogue.tables.get('tenants')).toBe(false);
    expect(catalogue.uniqueIndexes.find((i) => i.name === 'tenants_slug_key')?.columns).toEqual(['slug']);
    expect(catalogue.constraints.find((c) => c.table === 'order_items' && c.target === 'orders')).toMatchObject({
      columns: ['tenant_id', 'order_id'],
      targetColumns: ['tenant_id', 'id'],
    });
  });

  it('distributes every tenant-owned table by tenant_id and lists every other table as a reference table', () => {
    expect(schemaViolations(catalogue, REFERENCE_TABLES)).toEqual([]);
  });

  it('docs/scaling.md distributes exactly the schema tables, each once, in an order Citus accepts', () => {
    const statements = parseStatements(fs.readFileSync(SCALING_DOC, 'utf8'));
    expect(docsViolations(statements, catalogue, REFERENCE_TABLES)).toEqual([]);
  });

  it('names each kind of mistake, read from a schema that has them', async () => {
    const schema = `citus_probe_${kind}`;
    await query(`drop schema if exists ${schema} cascade`);
    // One statement per call: PGlite's query takes no more.
    for (const statement of [
      `create schema ${schema}`,
      `create table ${schema}.shops (id uuid primary key, name text)`,
      `create table ${schema}.menus (tenant_id uuid not null, id uuid not null, code text, primary key (tenant_id, id))`,
      `create unique index menus_code_key on ${schema}.menus (code)`,
      `create unique index menus_lower_code_key on ${schema}.menus (tenant_id, lower(code))`,
      `create table ${schema}.dishes (id uuid not null, tenant_id uuid, menu_id uuid, primary key (id, tenant_id),
         foreign key (menu_id, tenant_id) references ${schema}.menus (id, tenant_id),
         foreign key (tenant_id) references ${schema}.shops (id) on delete set null)`,
      `create table ${schema}.logs (id uuid primary key, tenant_id uuid, menu_id uuid,
         foreign key (tenant_id, menu_id) references ${schema}.menus (tenant_id, id))`,
      `create table ${schema}.notes (id uuid primary key)`,
    ]) {
      await query(statement);
    }
    try {
      const probe = await readCatalogue(query, schema);
      const reference = { shops: 'the tenants of the probe', logs: 'a reference table pointing at a distributed one', gone: 'dropped' };
      expect(schemaViolations(probe, reference).sort()).toEqual(
        [
          'dishes: foreign key dishes_menu_id_tenant_id_fkey (menu_id, tenant_id) -> menus (id, tenant_id) must be (tenant_id, ...) -> (tenant_id, ...) so both rows live in co-located shards',
          'dishes: foreign key dishes_tenant_id_fkey would set tenant_id to NULL or a default; use CASCADE or RESTRICT',
          'dishes: primary key (id, tenant_id) must start with tenant_id',
          'gone: on REFERENCE_TABLES but not in the schema; remove it there and in docs/scaling.md',
          'logs: reference table with foreign key logs_tenant_id_menu_id_fkey to the distributed table menus; Citus cannot enforce it',
          'menus: unique index menus_code_key must include tenant_id (Citus checks uniqueness per shard only)',
          'notes: no tenant_id and not a reference table. If restaurants own its rows, spread tenantOwned (db/columns.ts) ' +
            'and make the primary key (tenant_id, id); if it is platform-wide, add it to REFERENCE_TABLES with the reason. ' +
            'Either way add its statement to docs/scaling.md.',
        ].sort(),
      );

      const docs = `
        SELECT create_reference_table('shops');
        SELECT create_distributed_table('dishes', 'tenant_id');
        SELECT create_distributed_table('menus', 'id', colocate_with => 'dishes');
        SELECT create_reference_table('menus');
        SELECT create_distributed_table('logs', 'tenant_id', colocate_with => 'shops');
        SELECT create_reference_table('ghost');`;
      expect(docsViolations(parseStatements(docs), probe, reference).sort()).toEqual(
        [
          'dishes: comes before menus, which its foreign key dishes_menu_id_tenant_id_fkey needs first',
          'ghost: documented but not in the schema',
          'logs: must be a reference table',
          "logs: must say colocate_with => 'dishes'",
          'menus: appears more than once',
          'menus: must be distributed by tenant_id',
          'menus: must be distributed by tenant_id, not id',
          'notes: in the schema but has no create_*_table statement',
        ].sort(),
      );
    } finally {
      await query(`drop schema ${schema} cascade`);
    }
  });
});
