import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.ts';
import { tenants, users } from './tenants.ts';

const tokenColumns = {
  /** SHA-256 of the random token; the token itself is never stored. */
  tokenHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Roles of platform operators, with permissions from PLATFORM_PERMISSIONS (contracts/permissions.ts). */
export const platformRoles = pgTable(
  'platform_roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    permissions: text().array().notNull().default([]),
    isSystem: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('platform_roles_name_key').on(t.name)],
);

/** Platform operators: the people who run the whole platform from the main domain. */
export const platformUsers = pgTable(
  'platform_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    avatar: text(),
    roleId: uuid()
      .notNull()
      .references(() => platformRoles.id),
    isActive: boolean().notNull().default(true),
    lastSeenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('platform_users_email_key').on(t.email), index('platform_users_role_idx').on(t.roleId)],
);

export const platformSessions = pgTable(
  'platform_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    ...tokenColumns,
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('platform_sessions_token_key').on(t.tokenHash), index('platform_sessions_user_idx').on(t.userId)],
);

export const platformPasswordResets = pgTable(
  'platform_password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    ...tokenColumns,
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('platform_password_resets_token_key').on(t.tokenHash)],
);


export const sessions = pgTable(
  'sessions',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    userId: uuid().notNull(),
    ...tokenColumns,
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sessions_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** Single-use links: password resets and the hand-off from the main domain to a restaurant's host. */
export const authCodes = pgTable(
  'auth_codes',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid().notNull().defaultRandom(),
    userId: uuid().notNull(),
    purpose: text({ enum: ['password_reset', 'handoff', 'invite'] }).notNull(),
    ...tokenColumns,
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('auth_codes_tenant_token_key').on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
