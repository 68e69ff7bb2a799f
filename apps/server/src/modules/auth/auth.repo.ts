import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authCodes, platformPasswordResets, platformRoles, platformSessions, platformUsers, roles, sessions, tenants, users } from '../../db/schema/index.ts';

export type Realm = { kind: 'platform' } | { kind: 'tenant'; tenantId: string };

export interface Account {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  avatar: string | null;
  isActive: boolean;
  createdAt: Date;
  roleName: string;
  permissions: string[];
}

const tenantAccountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  avatar: users.avatar,
  isActive: users.isActive,
  createdAt: users.createdAt,
  roleName: roles.name,
  permissions: roles.permissions,
};

const platformAccountColumns = {
  id: platformUsers.id,
  name: platformUsers.name,
  email: platformUsers.email,
  passwordHash: platformUsers.passwordHash,
  avatar: platformUsers.avatar,
  isActive: platformUsers.isActive,
  createdAt: platformUsers.createdAt,
  roleName: platformRoles.name,
  permissions: platformRoles.permissions,
};

/** The only place that reads and writes accounts, sessions and single-use codes. Every tenant query is filtered by tenant id. */
export function createAuthRepo(db: Db) {
  /** One account with its role's name and permissions, by e-mail or id, within the realm. */
  async function findAccount(realm: Realm, by: 'email' | 'id', value: string): Promise<Account | undefined> {
    if (realm.kind === 'platform') {
      const [row] = await db
        .select(platformAccountColumns)
        .from(platformUsers)
        .innerJoin(platformRoles, eq(platformRoles.id, platformUsers.roleId))
        .where(eq(platformUsers[by], value))
        .limit(1);
      return row;
    }
    const [row] = await db
      .select(tenantAccountColumns)
      .from(users)
      .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
      .where(and(eq(users.tenantId, realm.tenantId), eq(users[by], value)))
      .limit(1);
    return row;
  }

  return {
    async accountByEmail(realm: Realm, email: string): Promise<Account | undefined> {
      return findAccount(realm, 'email', email);
    },

    async accountById(realm: Realm, id: string): Promise<Account | undefined> {
      return findAccount(realm, 'id', id);
    },

    /** Restaurants where this e-mail has an account: the main-domain sign-in of owners. */
    async tenantAccountsByEmail(email: string) {
      return db
        .select({
          tenantId: users.tenantId,
          userId: users.id,
          passwordHash: users.passwordHash,
          isActive: users.isActive,
          name: users.name,
          tenantName: tenants.name,
          slug: tenants.slug,
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(eq(users.email, email))
        .limit(20);
    },

    async createSession(realm: Realm, userId: string, tokenHash: string, expiresAt: Date) {
      if (realm.kind === 'platform') {
        await db.insert(platformSessions).values({ userId, tokenHash, expiresAt });
      } else {
        await db.insert(sessions).values({ tenantId: realm.tenantId, userId, tokenHash, expiresAt });
      }
    },

    /** A live session (not revoked, not expired, account active) with what the guard needs. */
    async liveSession(realm: Realm, tokenHash: string) {
      const now = new Date();
      if (realm.kind === 'platform') {
        const [row] = await db
          .select({ sessionId: platformSessions.id, userId: platformUsers.id, lastSeenAt: platformUsers.lastSeenAt, permissions: platformRoles.permissions })
          .from(platformSessions)
          .innerJoin(platformUsers, eq(platformUsers.id, platformSessions.userId))
          .innerJoin(platformRoles, eq(platformRoles.id, platformUsers.roleId))
          .where(
            and(eq(platformSessions.tokenHash, tokenHash), isNull(platformSessions.revokedAt), gt(platformSessions.expiresAt, now), eq(platformUsers.isActive, true)),
          )
          .limit(1);
        return row;
      }
      const [row] = await db
        .select({ sessionId: sessions.id, userId: users.id, lastSeenAt: users.lastSeenAt, permissions: roles.permissions })
        .from(sessions)
        .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
        .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)))
        .where(
          and(
            eq(sessions.tenantId, realm.tenantId),
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(users.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },

    async touchUser(realm: Realm, userId: string) {
      if (realm.kind === 'platform') await db.update(platformUsers).set({ lastSeenAt: new Date() }).where(eq(platformUsers.id, userId));
      else await db.update(users).set({ lastSeenAt: new Date() }).where(and(eq(users.tenantId, realm.tenantId), eq(users.id, userId)));
    },

    async revokeSession(realm: Realm, sessionId: string) {
      const now = new Date();
      if (realm.kind === 'platform') await db.update(platformSessions).set({ revokedAt: now }).where(eq(platformSessions.id, sessionId));
      else await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tenantId, realm.tenantId), eq(sessions.id, sessionId)));
    },

    async revokeAllSessions(realm: Realm, userId: string, tx: Db = db) {
      const now = new Date();
      if (realm.kind === 'platform') {
        await tx.update(platformSessions).set({ revokedAt: now }).where(and(eq(platformSessions.userId, userId), isNull(platformSessions.revokedAt)));
      } else {
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.tenantId, realm.tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      }
    },

    /** Every session of the user but `keepSessionId`: a password change signs out the other devices, not this one. */
    async revokeOtherSessions(realm: Realm, userId: string, keepSessionId: string, tx: Db = db) {
      const now = new Date();
      if (realm.kind === 'platform') {
        await tx
          .update(platformSessions)
          .set({ revokedAt: now })
          .where(and(eq(platformSessions.userId, userId), ne(platformSessions.id, keepSessionId), isNull(platformSessions.revokedAt)));
      } else {
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.tenantId, realm.tenantId), eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
      }
    },

    async createCode(realm: Realm, purpose: 'password_reset' | 'handoff', userId: string, tokenHash: string, expiresAt: Date, tx: Db = db) {
      if (realm.kind === 'platform') {
        if (purpose !== 'password_reset') throw new Error('platform accounts have no hand-off');
        await tx.insert(platformPasswordResets).values({ userId, tokenHash, expiresAt });
      } else {
        await tx.insert(authCodes).values({ tenantId: realm.tenantId, userId, purpose, tokenHash, expiresAt });
      }
    },

    /** How many codes of `purpose` the user was sent since `since` (used or not). */
    async codesSince(realm: Realm, purpose: 'password_reset', userId: string, since: Date, tx: Db = db): Promise<number> {
      const [row] =
        realm.kind === 'platform'
          ? await tx
              .select({ n: count() })
              .from(platformPasswordResets)
              .where(and(eq(platformPasswordResets.userId, userId), gt(platformPasswordResets.createdAt, since)))
          : await tx
              .select({ n: count() })
              .from(authCodes)
              .where(and(eq(authCodes.tenantId, realm.tenantId), eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), gt(authCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Marks a code used and returns its user, atomically: a code works once, even under concurrent requests. */
    async consumeCode(realm: Realm, purpose: 'password_reset' | 'handoff', tokenHash: string, tx: Db = db): Promise<string | undefined> {
      const now = new Date();
      if (realm.kind === 'platform') {
        if (purpose !== 'password_reset') return undefined;
        const [row] = await tx
          .update(platformPasswordResets)
          .set({ usedAt: now })
          .where(and(eq(platformPasswordResets.tokenHash, tokenHash), isNull(platformPasswordResets.usedAt), gt(platformPasswordResets.expiresAt, now)))
          .returning({ userId: platformPasswordResets.userId });
        return row?.userId;
      }
      const [row] = await tx
        .update(authCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(authCodes.tenantId, realm.tenantId),
            eq(authCodes.tokenHash, tokenHash),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.usedAt),
            gt(authCodes.expiresAt, now),
          ),
        )
        .returning({ userId: authCodes.userId });
      return row?.userId;
    },

    async setPassword(realm: Realm, userId: string, passwordHash: string, tx: Db = db) {
      if (realm.kind === 'platform') await tx.update(platformUsers).set({ passwordHash }).where(eq(platformUsers.id, userId));
      else await tx.update(users).set({ passwordHash }).where(and(eq(users.tenantId, realm.tenantId), eq(users.id, userId)));
    },

    /** Drops expired sessions and codes; cheap housekeeping run at start and hourly. */
    async purgeExpired() {
      const cutoff = sql`now() - interval '1 day'`;
      await db.delete(sessions).where(sql`${sessions.expiresAt} < ${cutoff}`);
      await db.delete(platformSessions).where(sql`${platformSessions.expiresAt} < ${cutoff}`);
      await db.delete(authCodes).where(sql`${authCodes.expiresAt} < ${cutoff}`);
      await db.delete(platformPasswordResets).where(sql`${platformPasswordResets.expiresAt} < ${cutoff}`);
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
