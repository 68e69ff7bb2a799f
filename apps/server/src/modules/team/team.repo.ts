import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TTeamUserQuery } from '@tavolo/contracts/team';
import type { TPermission, TPlatformPermission } from '@tavolo/contracts/permissions';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/product-page.ts';
import {
  authCodes,
  bulletinPosts,
  platformPasswordResets,
  platformRoles,
  platformUsers,
  requestReplies,
  roles,
  tenants,
  users,
} from '../../db/schema/index.ts';

/** Which team: one restaurant's staff, or the platform's operators. */
/**
 * Whose team. `by` names who writes and the permission the route asked for: it is checked again under the team's
 * lock, so an admin demoted or deactivated by a write that committed first cannot land one more change.
 */
export type TeamRealm = ({ kind: 'platform' } | { kind: 'tenant'; tenantId: string }) & { by?: { userId: string; permission: TPermission | TPlatformPermission } };

/** An invited account's password hash: argon2 never verifies it, so nobody signs in before accepting. */
export const INVITED_PASSWORD_HASH = '!invited';

/**
 * The two realms' user and role tables share every column the team needs; the restaurant's also carry
 * `tenant_id`, which `scope` adds to every query and `extra` to every insert. Typed as the platform tables so
 * one set of queries serves both.
 */
interface RealmTables {
  users: typeof platformUsers;
  roles: typeof platformRoles;
  userScope: SQL | undefined;
  roleScope: SQL | undefined;
  extra: { tenantId?: string };
}

function tablesOf(realm: TeamRealm): RealmTables {
  if (realm.kind === 'platform') return { users: platformUsers, roles: platformRoles, userScope: undefined, roleScope: undefined, extra: {} };
  return {
    users: users as unknown as typeof platformUsers,
    roles: roles as unknown as typeof platformRoles,
    userScope: eq(users.tenantId, realm.tenantId),
    roleScope: eq(roles.tenantId, realm.tenantId),
    extra: { tenantId: realm.tenantId },
  };
}

export interface TeamUserRow {
  id: string;
  name: string;
  email: string;
  roleId: string;
  roleName: string;
  roleIsSystem: boolean;
  rolePermissions: string[];
  isActive: boolean;
  invited: boolean;
  lastSeenAt: Date | null;
  createdAt: Date;
}

export interface TeamRoleRow {
  id: string;
  name: string;
  isSystem: boolean;
  permissions: string[];
}

/** The only Drizzle user of the team module; every restaurant query is filtered by its tenant id. */
export function createTeamRepo(db: Db) {
  return {
    /**
     * Serialises every team write of the realm: the restaurant's row, or the platform's super_user role. Rules that
     * look at the whole team (the last admin) are checked after this, so two conflicting writes cannot both pass.
     */
    async lock(tx: Db, realm: TeamRealm) {
      if (realm.kind === 'tenant') await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, realm.tenantId)).for('update');
      else await tx.select({ id: platformRoles.id }).from(platformRoles).where(eq(platformRoles.name, 'super_user')).for('update');
    },

    async listUsers(realm: TeamRealm, query: TTeamUserQuery & { page: number; per_page: number }) {
      const T = tablesOf(realm);
      const u = T.users;
      const filters: (SQL | undefined)[] = [T.userScope];
      if (query.search) {
        const like = `%${escapeLike(query.search)}%`;
        filters.push(or(ilike(u.name, like), ilike(u.email, like)));
      }
      if (query.role_id) filters.push(eq(u.roleId, query.role_id));
      if (query.status === 'invited') filters.push(eq(u.passwordHash, INVITED_PASSWORD_HASH));
      if (query.status === 'active') filters.push(and(eq(u.isActive, true), ne(u.passwordHash, INVITED_PASSWORD_HASH)));
      if (query.status === 'deactivated') filters.push(and(eq(u.isActive, false), ne(u.passwordHash, INVITED_PASSWORD_HASH)));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        selectUsers(db, T)
          .where(where)
          .orderBy(asc(sql`lower(${u.name})`), asc(u.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(u).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async userById(realm: TeamRealm, id: string, tx: Db = db): Promise<TeamUserRow | undefined> {
      const T = tablesOf(realm);
      const [row] = await selectUsers(tx, T).where(and(T.userScope, eq(T.users.id, id))).limit(1);
      return row;
    },

    async emailTaken(realm: TeamRealm, email: string, exceptId: string | null, tx: Db = db) {
      const T = tablesOf(realm);
      const [row] = await tx
        .select({ id: T.users.id })
        .from(T.users)
        .where(and(T.userScope, eq(T.users.email, email), exceptId ? ne(T.users.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async insertUser(tx: Db, realm: TeamRealm, values: { name: string; email: string; roleId: string; passwordHash: string }) {
      const T = tablesOf(realm);
      const [row] = await tx
        .insert(T.users)
        .values({ ...values, ...T.extra })
        .returning({ id: T.users.id });
      return row!.id;
    },

    async updateUser(tx: Db, realm: TeamRealm, id: string, values: Partial<{ name: string; email: string; roleId: string; isActive: boolean; passwordHash: string }>) {
      const T = tablesOf(realm);
      await tx
        .update(T.users)
        .set({ ...values, updatedAt: new Date() })
        .where(and(T.userScope, eq(T.users.id, id)));
    },

    /**
     * Removes the account. Its sessions and codes go with it (cascade). History keeps it without a foreign key:
     * orders it entered, status changes, stock moves and erasures keep its id, so they still read as done by a
     * (now former) team member; replies and posts stored the name and let go of the id, as their schema says.
     * Platform rows that name an operator are `on delete set null` in the schema.
     */
    async deleteUser(tx: Db, realm: TeamRealm, id: string) {
      if (realm.kind === 'tenant') {
        const { tenantId } = realm;
        await tx.update(requestReplies).set({ userId: null }).where(and(eq(requestReplies.tenantId, tenantId), eq(requestReplies.userId, id)));
        await tx.update(bulletinPosts).set({ authorId: null }).where(and(eq(bulletinPosts.tenantId, tenantId), eq(bulletinPosts.authorId, id)));
      }
      const T = tablesOf(realm);
      await tx.delete(T.users).where(and(T.userScope, eq(T.users.id, id)));
    },

    /** Active accounts (invitations not yet accepted do not count) whose role holds `permission`, but those in `exceptIds`. */
    async countActiveHolders(tx: Db, realm: TeamRealm, permission: string) {
      const T = tablesOf(realm);
      const [row] = await tx
        .select({ n: count() })
        .from(T.users)
        .innerJoin(T.roles, roleJoin(realm, T))
        .where(
          and(T.userScope, eq(T.users.isActive, true), ne(T.users.passwordHash, INVITED_PASSWORD_HASH), sql`${permission} = any(${T.roles.permissions})`),
        );
      return row?.n ?? 0;
    },

    async listRoles(realm: TeamRealm, tx: Db = db) {
      const T = tablesOf(realm);
      return tx
        .select({
          id: T.roles.id,
          name: T.roles.name,
          isSystem: T.roles.isSystem,
          permissions: T.roles.permissions,
          // Spelled out: inside a sub-select Drizzle would print the columns without their tables.
          usersCount:
            realm.kind === 'tenant'
              ? sql<number>`(select count(*) from users u where u.tenant_id = "roles"."tenant_id" and u.role_id = "roles"."id")::int`
              : sql<number>`(select count(*) from platform_users u where u.role_id = "platform_roles"."id")::int`,
        })
        .from(T.roles)
        .where(T.roleScope)
        .orderBy(desc(T.roles.isSystem), asc(T.roles.createdAt), asc(T.roles.name));
    },

    async roleById(realm: TeamRealm, id: string, tx: Db = db): Promise<TeamRoleRow | undefined> {
      const T = tablesOf(realm);
      const [row] = await tx
        .select({ id: T.roles.id, name: T.roles.name, isSystem: T.roles.isSystem, permissions: T.roles.permissions })
        .from(T.roles)
        .where(and(T.roleScope, eq(T.roles.id, id)))
        .limit(1);
      return row;
    },

    /** Role names are unique per realm regardless of case. */
    async roleNameTaken(realm: TeamRealm, name: string, exceptId: string | null, tx: Db = db) {
      const T = tablesOf(realm);
      const [row] = await tx
        .select({ id: T.roles.id })
        .from(T.roles)
        .where(and(T.roleScope, sql`lower(${T.roles.name}) = lower(${name})`, exceptId ? ne(T.roles.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async rolesByNames(realm: TeamRealm, names: readonly string[], tx: Db = db) {
      const T = tablesOf(realm);
      return tx
        .select({ id: T.roles.id, name: T.roles.name })
        .from(T.roles)
        .where(and(T.roleScope, inArray(T.roles.name, [...names])));
    },

    async insertRole(tx: Db, realm: TeamRealm, values: { name: string; permissions: string[]; isSystem?: boolean }) {
      const T = tablesOf(realm);
      const [row] = await tx
        .insert(T.roles)
        .values({ ...values, ...T.extra })
        .returning({ id: T.roles.id });
      return row!.id;
    },

    async updateRole(tx: Db, realm: TeamRealm, id: string, values: { name?: string; permissions: string[] }) {
      const T = tablesOf(realm);
      await tx
        .update(T.roles)
        .set({ ...values, updatedAt: new Date() })
        .where(and(T.roleScope, eq(T.roles.id, id)));
    },

    async countRoleUsers(realm: TeamRealm, roleId: string, tx: Db = db) {
      const T = tablesOf(realm);
      const [row] = await tx
        .select({ n: count() })
        .from(T.users)
        .where(and(T.userScope, eq(T.users.roleId, roleId)));
      return row?.n ?? 0;
    },

    async moveRoleUsers(tx: Db, realm: TeamRealm, fromRoleId: string, toRoleId: string) {
      const T = tablesOf(realm);
      await tx
        .update(T.users)
        .set({ roleId: toRoleId, updatedAt: new Date() })
        .where(and(T.userScope, eq(T.users.roleId, fromRoleId)));
    },

    async deleteRole(tx: Db, realm: TeamRealm, id: string) {
      const T = tablesOf(realm);
      await tx.delete(T.roles).where(and(T.roleScope, eq(T.roles.id, id)));
    },

    /** Invitation codes: a restaurant's in auth_codes (purpose 'invite'), an operator's in the platform's reset links. */
    async createInvite(tx: Db, realm: TeamRealm, userId: string, tokenHash: string, expiresAt: Date) {
      if (realm.kind === 'tenant') {
        // A new link replaces the old ones.
        await tx.delete(authCodes).where(and(eq(authCodes.tenantId, realm.tenantId), eq(authCodes.userId, userId), eq(authCodes.purpose, 'invite')));
        await tx.insert(authCodes).values({ tenantId: realm.tenantId, userId, purpose: 'invite', tokenHash, expiresAt });
      } else {
        await tx.delete(platformPasswordResets).where(eq(platformPasswordResets.userId, userId));
        await tx.insert(platformPasswordResets).values({ userId, tokenHash, expiresAt });
      }
    },

    /** Voids every invitation and password-reset link of a member (their address changed). */
    async revokeLinks(tx: Db, realm: TeamRealm, userId: string) {
      if (realm.kind === 'tenant') {
        await tx
          .delete(authCodes)
          .where(and(eq(authCodes.tenantId, realm.tenantId), eq(authCodes.userId, userId), inArray(authCodes.purpose, ['invite', 'password_reset'])));
      } else {
        await tx.delete(platformPasswordResets).where(eq(platformPasswordResets.userId, userId));
      }
    },

    /** The invited account a live code belongs to; `consume` marks the code used in the same statement. */
    async inviteUser(realm: TeamRealm, tokenHash: string, consume: boolean, tx: Db = db): Promise<string | undefined> {
      const now = new Date();
      if (realm.kind === 'tenant') {
        const where = and(
          eq(authCodes.tenantId, realm.tenantId),
          eq(authCodes.tokenHash, tokenHash),
          eq(authCodes.purpose, 'invite'),
          isNull(authCodes.usedAt),
          gt(authCodes.expiresAt, now),
        );
        if (!consume) return (await tx.select({ userId: authCodes.userId }).from(authCodes).where(where).limit(1))[0]?.userId;
        return (await tx.update(authCodes).set({ usedAt: now }).where(where).returning({ userId: authCodes.userId }))[0]?.userId;
      }
      const where = and(eq(platformPasswordResets.tokenHash, tokenHash), isNull(platformPasswordResets.usedAt), gt(platformPasswordResets.expiresAt, now));
      if (!consume) return (await tx.select({ userId: platformPasswordResets.userId }).from(platformPasswordResets).where(where).limit(1))[0]?.userId;
      return (await tx.update(platformPasswordResets).set({ usedAt: now }).where(where).returning({ userId: platformPasswordResets.userId }))[0]?.userId;
    },
  };
}

function roleJoin(realm: TeamRealm, T: RealmTables) {
  return realm.kind === 'tenant' ? and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.roleId)) : eq(T.roles.id, T.users.roleId);
}

function selectUsers(tx: Db, T: RealmTables) {
  const realm: TeamRealm = T.extra.tenantId ? { kind: 'tenant', tenantId: T.extra.tenantId } : { kind: 'platform' };
  return tx
    .select({
      id: T.users.id,
      name: T.users.name,
      email: T.users.email,
      roleId: T.users.roleId,
      roleName: T.roles.name,
      roleIsSystem: T.roles.isSystem,
      rolePermissions: T.roles.permissions,
      isActive: T.users.isActive,
      invited: sql<boolean>`${T.users.passwordHash} = ${INVITED_PASSWORD_HASH}`,
      lastSeenAt: T.users.lastSeenAt,
      createdAt: T.users.createdAt,
    })
    .from(T.users)
    .innerJoin(T.roles, roleJoin(realm, T))
    .$dynamic();
}

export type TeamRepo = ReturnType<typeof createTeamRepo>;
