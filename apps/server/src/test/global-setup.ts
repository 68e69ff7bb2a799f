/**
 * Vitest globalSetup of the unit and API tests. With TEST_DATABASE_URL, migrates one PostgreSQL database ONCE per
 * run; each test database is then created as a copy of it (`CREATE DATABASE ... TEMPLATE`, see createTestApp in
 * harness.ts) instead of migrating its own, which took about a second per file. Nothing is shared between test
 * files: each still gets a database of its own. The copies and the template are dropped when the run ends (a
 * DROP DATABASE forces a checkpoint: up to a second in every file's teardown).
 */
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { createPostgresDatabase, dropCopies } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database to copy; empty without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  if (!adminUrl) {
    project.provide('postgresTemplate', '');
    return;
  }
  const template = await createPostgresDatabase(adminUrl);
  try {
    const database = createDatabase({ databaseUrl: template.url });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    // CREATE DATABASE refuses a template that anyone is connected to.
    await template.closed();
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('postgresTemplate', template.name);
  return async () => {
    await dropCopies(adminUrl, template.name);
    await template.drop();
  };
}
