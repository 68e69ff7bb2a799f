import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Every tenant-owned table starts with these; the primary key is (tenant_id, id). */
export const tenantOwned = {
  tenantId: uuid().notNull(),
  id: uuid().notNull().defaultRandom(),
};
