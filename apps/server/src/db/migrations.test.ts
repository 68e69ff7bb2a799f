import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
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

type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Restaurants as an older schema stores them: plain SQL with the columns every version has (the Drizzle table is
 * today's and names columns a past schema lacks).
 */
async function insertTenants(db: Db, rows: { slug: string; country?: string }[]): Promise<{ id: string }[]> {
  const inserted: { id: string }[] = [];
  for (const { slug, country = 'US' } of rows) {
    const result = await db.execute<{ id: string }>(
      sql`insert into tenants (slug, name, email, phone, address, postal_code, city, country) values (${slug}, 'R', 'r@example.com', '+1 555 0100', 'Main St 1', '10001', 'NYC', ${country}) returning id`,
    );
    inserted.push(result.rows[0]!);
  }
  return inserted;
}

describe('migrations on data written before them', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A fresh PGlite migrated up to (not including) `tag`. */
  async function migratedUpTo(tag: string) {
    const client = new PGlite();
    const db = drizzle(client, { schema, casing: 'snake_case' });
    const before = migrationsBefore(tag);
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    return { client, db };
  }

  it('0013 tells apart category names a restaurant gave twice, then keeps them unique', async () => {
    const { client, db } = await migratedUpTo('0013_unique_names');

    const [one, two] = await insertTenants(db, [{ slug: 'one' }, { slug: 'two' }]);
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

  it('0018 gives restaurants in German-speaking countries German staff mails, as the guess before it did, and the rest English', async () => {
    const { client, db } = await migratedUpTo('0018_staff_language');
    const countries = ['Deutschland', ' germany ', 'Österreich', 'CH', 'United States', 'Italy'];
    const ids = await insertTenants(db, countries.map((country, i) => ({ slug: `r${i}`, country })));

    await migrate(db, { migrationsFolder });
    const languages = await Promise.all(
      ids.map(async ({ id }) => (await db.select({ language: schema.tenants.staffLanguage }).from(schema.tenants).where(eq(schema.tenants.id, id)))[0]!.language),
    );
    expect(languages).toEqual(['de', 'de', 'de', 'de', 'en', 'en']);
    await client.close();
  });
});
