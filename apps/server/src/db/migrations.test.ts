import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from './schema/index.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The migrations folder as it was before `tag`: its files, with the journal cut before that entry. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, tag).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

describe('migrations on data written before them', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('0013 tells apart category names a restaurant gave twice, then keeps them unique', async () => {
    const client = new PGlite();
    const db = drizzle(client, { schema, casing: 'snake_case' });
    const before = migrationsBefore('0013_unique_names');
    folders.push(before);
    await migrate(db, { migrationsFolder: before });

    const restaurant = { name: 'R', email: 'r@example.com', phone: '+1 555 0100', address: 'Main St 1', postalCode: '10001', city: 'NYC', country: 'US' };
    const [one, two] = await db
      .insert(schema.tenants)
      .values([
        { ...restaurant, slug: 'one' },
        { ...restaurant, slug: 'two' },
      ])
      .returning();
    await db.insert(schema.categories).values([
      { tenantId: one!.id, name: 'Pizza', sortOrder: 0 },
      { tenantId: one!.id, name: 'Drinks', sortOrder: 1 },
      { tenantId: one!.id, name: 'PIZZA', sortOrder: 2 },
      { tenantId: one!.id, name: 'pizza', sortOrder: 3 },
      { tenantId: two!.id, name: 'Pizza', sortOrder: 0 },
    ]);

    await migrate(db, { migrationsFolder });
    const names = async (tenantId: string) =>
      (await db.select().from(schema.categories).where(eq(schema.categories.tenantId, tenantId)).orderBy(asc(schema.categories.sortOrder))).map((c) => c.name);
    expect(await names(one!.id)).toEqual(['Pizza', 'Drinks', 'PIZZA (2)', 'pizza (3)']);
    expect(await names(two!.id)).toEqual(['Pizza']);
    // From now on the database itself refuses a repeat in a restaurant, in any case.
    await expect(db.insert(schema.categories).values({ tenantId: one!.id, name: 'drinks' })).rejects.toThrow();
    await expect(db.insert(schema.categories).values({ tenantId: one!.id, name: 'Pizza (2)' })).rejects.toThrow();
    await db.insert(schema.categories).values({ tenantId: two!.id, name: 'Drinks' });
    await client.close();
  });
});
