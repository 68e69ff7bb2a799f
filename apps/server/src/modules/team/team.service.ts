import { AppError } from '@tavolo/contracts/errors';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TPage } from '@tavolo/contracts/envelope';
import {
  DEFAULT_PLATFORM_ROLES,
  DEFAULT_ROLES,
  PERMISSIONS,
  PLATFORM_PERMISSIONS,
  TEAM_ADMIN_PERMISSION,
  can,
} from '@tavolo/contracts/permissions';
import {
  INVITE_DAYS,
  type TAcceptInviteRequest,
  type TCreateTeamUserRequest,
  type TInvitation,
  type TRoleRequest,
  type TTeamRole,
  type TTeamRolesResult,
  type TTeamUser,
  type TTeamUserQuery,
  type TUpdateTeamUserRequest,
} from '@tavolo/contracts/team';
import type { Db } from '../../db/client.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { renderActionMail } from '../../lib/mail-templates.ts';
import { enqueueMail, type TOutboxMail } from '../outbox/outbox.repo.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { createTeamRepo, INVITED_PASSWORD_HASH, type TeamRealm, type TeamUserRow } from './team.repo.ts';

export type { TeamRealm } from './team.repo.ts';

/** What each realm's team is made of: its permission catalogue, default roles, the all-powerful role and the team-admin permission. */
const REALMS = {
  tenant: { catalogue: PERMISSIONS as readonly string[], defaults: DEFAULT_ROLES as Record<string, readonly string[]>, fullRole: 'admin', admin: TEAM_ADMIN_PERMISSION.tenant },
  platform: {
    catalogue: PLATFORM_PERMISSIONS as readonly string[],
    defaults: DEFAULT_PLATFORM_ROLES as Record<string, readonly string[]>,
    fullRole: 'super_user',
    admin: TEAM_ADMIN_PERMISSION.platform,
  },
} as const;

/** Who acts, where: the realm, the signed-in user, and what invitation mails need (language, host origin, site name). */
export interface TeamActor {
  realm: TeamRealm;
  userId: string;
  lang: TLanguage;
  origin: string;
  siteName: string;
}

const fieldError = (field: string, key: string, params?: Record<string, unknown>) => new AppError('VALIDATION', 'errors.validation', { [field]: [key] }, params);

/** An invitation link still works for this account: invited, and not deactivated meanwhile (its link is void then). */
const invitable = <U extends { invited: boolean; isActive: boolean }>(user: U | '' | undefined): user is U => Boolean(user && user.invited && user.isActive);

/**
 * Users and roles of a team, written once for both realms. Every write runs in one transaction that first locks the
 * realm (see repo.lock), applies the change, and then checks that an active team admin remains: conflicting
 * concurrent writes run one after the other, and the second one sees the first.
 */
export function createTeamService(deps: { db: Db; plans: PlansService; authRepo: AuthRepo; mailer: Mailer; onMailQueued?: () => void }) {
  const repo = createTeamRepo(deps.db);
  const realmOf = (realm: TeamRealm) => REALMS[realm.kind];

  /** `x.manage` implies `x.view`: stored together, in catalogue order; anything outside the catalogue is refused. */
  function normalizePermissions(realm: TeamRealm, permissions: readonly string[]): string[] {
    const { catalogue } = realmOf(realm);
    const unknown = permissions.filter((p) => !catalogue.includes(p));
    if (unknown.length > 0) throw fieldError('permissions', 'team.validation.unknown_permission', { permissions: unknown.join(', ') });
    const wanted = new Set(permissions);
    for (const p of permissions) {
      const view = p.replace(/\.manage$/, '.view');
      if (view !== p && catalogue.includes(view)) wanted.add(view);
    }
    return catalogue.filter((p) => wanted.has(p));
  }

  async function assertAdminRemains(tx: Db, realm: TeamRealm) {
    if ((await repo.countActiveHolders(tx, realm, realmOf(realm).admin)) === 0) throw new AppError('CONFLICT', 'team.errors.last_admin');
  }

  async function userOr404(realm: TeamRealm, id: string, tx: Db) {
    const user = await repo.userById(realm, id, tx);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  /**
   * The role a member is given. A custom one needs the plan's custom roles: after a trial or a Premium plan ends, the
   * members who have one keep it, but nobody new is given it (only creating one was refused).
   */
  async function roleOr422(realm: TeamRealm, roleId: string, tx: Db) {
    const role = await repo.roleById(realm, roleId, tx);
    if (!role) throw fieldError('role_id', 'team.validation.role_unknown');
    if (!role.isSystem && realm.kind === 'tenant') await deps.plans.assertFeature(realm.tenantId, 'custom_roles', tx);
    return role;
  }

  async function assertEmailFree(realm: TeamRealm, email: string, exceptId: string | null, tx: Db) {
    if (await repo.emailTaken(realm, email, exceptId, tx)) throw fieldError('email', 'team.validation.email_taken');
  }

  /** Creates a fresh invitation link for the user and sends it: a restaurant's through its outbox (same transaction), an operator's directly. */
  async function sendInvite(tx: Db, actor: TeamActor, user: { id: string; name: string; email: string }) {
    const token = newToken();
    await repo.createInvite(tx, actor.realm, user.id, hashToken(token), new Date(Date.now() + INVITE_DAYS * 86_400_000));
    const mail: TOutboxMail = {
      site: actor.siteName,
      name: user.name,
      subjectKey: 'team.mail.invite_subject',
      paragraphs: [{ key: 'team.mail.invite_intro' }, { key: 'team.mail.invite_expiry', params: { days: INVITE_DAYS } }],
      action: { labelKey: 'team.mail.invite_action', url: `${actor.origin}/accept-invite?token=${encodeURIComponent(token)}` },
    };
    if (actor.realm.kind === 'tenant') {
      await enqueueMail(tx, { tenantId: actor.realm.tenantId, to: user.email, language: actor.lang, origin: actor.origin, mail });
      return () => deps.onMailQueued?.();
    }
    // Operators belong to no restaurant, so no outbox row: sent once the transaction has committed.
    return () => deps.mailer.send({ to: user.email, ...renderActionMail({ ...mail, lang: actor.lang }) });
  }

  function toUser(row: TeamUserRow, actorId: string, holders: number, adminPermission: string): TTeamUser {
    const status = row.invited ? 'invited' : row.isActive ? 'active' : 'deactivated';
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      role_id: row.roleId,
      role_name: row.roleName,
      role_is_system: row.roleIsSystem,
      status,
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      is_self: row.id === actorId,
      is_last_admin: holders <= 1 && status === 'active' && row.rolePermissions.includes(adminPermission),
    };
  }

  /** One team write: lock, change, check that an admin remains, commit, then whatever must follow the commit. */
  async function write<T>(realm: TeamRealm, change: (tx: Db) => Promise<T>, after?: (result: T) => unknown): Promise<T> {
    const result = await deps.db.transaction(async (tx) => {
      await repo.lock(tx, realm);
      if (realm.by) {
        const writer = await repo.userById(realm, realm.by.userId, tx);
        if (!writer?.isActive || writer.invited || !can(writer.rolePermissions, realm.by.permission)) throw new AppError('FORBIDDEN');
      }
      const value = await change(tx);
      await assertAdminRemains(tx, realm);
      return value;
    });
    await after?.(result);
    return result;
  }

  return {
    repo,

    async listUsers(realm: TeamRealm, actorId: string, query: TTeamUserQuery & { page: number; per_page: number }): Promise<TPage<TTeamUser>> {
      const { admin } = realmOf(realm);
      const [{ rows, total }, holders] = await Promise.all([repo.listUsers(realm, query), repo.countActiveHolders(deps.db, realm, admin)]);
      return {
        data: rows.map((row) => toUser(row, actorId, holders, admin)),
        total,
        per_page: query.per_page,
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / query.per_page)),
      };
    },

    async createUser(actor: TeamActor, input: TCreateTeamUserRequest): Promise<{ id: string; invited: boolean }> {
      const { realm } = actor;
      if (input.mode === 'password' && isCommonPassword(input.password ?? '')) throw fieldError('password', 'validation.password_common');
      const passwordHash = input.mode === 'password' ? await hashPassword(input.password!) : INVITED_PASSWORD_HASH;
      let notify: (() => unknown) | undefined;
      const id = await write(
        realm,
        async (tx) => {
          await roleOr422(realm, input.role_id, tx);
          await assertEmailFree(realm, input.email, null, tx);
          if (realm.kind === 'tenant') await deps.plans.assertWithinLimit(tx, realm.tenantId, 'users');
          const userId = await repo.insertUser(tx, realm, { name: input.name, email: input.email, roleId: input.role_id, passwordHash });
          if (input.mode === 'invite') notify = await sendInvite(tx, actor, { id: userId, name: input.name, email: input.email });
          return userId;
        },
        () => notify?.(),
      );
      return { id, invited: input.mode === 'invite' };
    },

    /**
     * A new e-mail address voids the links sent to the old one (an invitation mistyped to a stranger's address must
     * not open the account once the address is put right); an invited member gets a new invitation at the new one.
     * Answers whether one was sent.
     */
    async updateUser(actor: TeamActor, id: string, input: TUpdateTeamUserRequest): Promise<{ invited: boolean }> {
      const { realm } = actor;
      let notify: (() => unknown) | undefined;
      await write(
        realm,
        async (tx) => {
          const user = await userOr404(realm, id, tx);
          if (input.role_id !== user.roleId) {
            if (id === actor.userId) throw fieldError('role_id', 'team.errors.self_role');
            await roleOr422(realm, input.role_id, tx);
          }
          await assertEmailFree(realm, input.email, id, tx);
          await repo.updateUser(tx, realm, id, { name: input.name, email: input.email, roleId: input.role_id });
          if (input.email.toLowerCase() === user.email.toLowerCase()) return;
          await repo.revokeLinks(tx, realm, id);
          if (user.invited) notify = await sendInvite(tx, actor, { id, name: input.name, email: input.email });
        },
        () => notify?.(),
      );
      return { invited: notify !== undefined };
    },

    /** Deactivation ends the user's sessions at once; reactivation counts against the plan's team size again. */
    async setActive(realm: TeamRealm, actorId: string, id: string, active: boolean) {
      await write(realm, async (tx) => {
        const user = await userOr404(realm, id, tx);
        if (!active && id === actorId) throw new AppError('CONFLICT', 'team.errors.self_deactivate');
        if (user.isActive === active) return;
        if (active && realm.kind === 'tenant') await deps.plans.assertWithinLimit(tx, realm.tenantId, 'users');
        await repo.updateUser(tx, realm, id, { isActive: active });
        if (!active) await deps.authRepo.revokeAllSessions(realm, id, tx);
      });
    },

    async deleteUser(realm: TeamRealm, actorId: string, id: string) {
      await write(realm, async (tx) => {
        await userOr404(realm, id, tx);
        if (id === actorId) throw new AppError('CONFLICT', 'team.errors.self_delete');
        await repo.deleteUser(tx, realm, id);
      });
    },

    async resendInvite(actor: TeamActor, id: string) {
      let notify: (() => unknown) | undefined;
      await write(
        actor.realm,
        async (tx) => {
          const user = await userOr404(actor.realm, id, tx);
          if (!user.invited) throw new AppError('CONFLICT', 'team.errors.not_invited');
          notify = await sendInvite(tx, actor, user);
        },
        () => notify?.(),
      );
    },

    async listRoles(realm: TeamRealm): Promise<TTeamRolesResult> {
      const { fullRole } = realmOf(realm);
      const rows = await repo.listRoles(realm);
      const roles: TTeamRole[] = rows.map((r) => ({
        id: r.id,
        name: r.name,
        is_system: r.isSystem,
        is_locked: r.isSystem && r.name === fullRole,
        permissions: r.permissions,
        users_count: r.usersCount,
      }));
      const allowed = realm.kind === 'tenant' ? await deps.plans.hasFeature(realm.tenantId, 'custom_roles') : true;
      return { roles, custom_roles_allowed: allowed };
    },

    async createRole(realm: TeamRealm, input: TRoleRequest) {
      const permissions = normalizePermissions(realm, input.permissions);
      return write(realm, async (tx) => {
        if (realm.kind === 'tenant') await deps.plans.assertFeature(realm.tenantId, 'custom_roles', tx);
        if (await repo.roleNameTaken(realm, input.name, null, tx)) throw fieldError('name', 'team.validation.role_name_taken');
        return repo.insertRole(tx, realm, { name: input.name, permissions });
      });
    },

    /** System roles keep their names; the all-powerful one keeps the whole catalogue. Nobody strips their own team-admin right. */
    async updateRole(realm: TeamRealm, actorId: string, id: string, input: TRoleRequest) {
      const { catalogue, fullRole, admin } = realmOf(realm);
      await write(realm, async (tx) => {
        const role = await repo.roleById(realm, id, tx);
        if (!role) throw new AppError('NOT_FOUND');
        // Kept, as it stands, after the plan lost custom roles; changing it needs them again (deleting does not).
        if (!role.isSystem && realm.kind === 'tenant') await deps.plans.assertFeature(realm.tenantId, 'custom_roles', tx);
        let permissions = normalizePermissions(realm, input.permissions);
        if (role.isSystem && input.name !== role.name) throw fieldError('name', 'team.errors.system_role_rename');
        if (role.isSystem && role.name === fullRole) {
          // It keeps every permission: a change to them is refused rather than answered "updated" and dropped.
          if (permissions.length !== catalogue.length) throw fieldError('permissions', 'team.errors.full_role_permissions', { role: role.name });
          permissions = [...catalogue];
        }
        if (!role.isSystem && (await repo.roleNameTaken(realm, input.name, id, tx))) throw fieldError('name', 'team.validation.role_name_taken');
        if (role.permissions.includes(admin) && !permissions.includes(admin)) {
          const self = await repo.userById(realm, actorId, tx);
          if (self?.roleId === id) throw new AppError('CONFLICT', 'team.errors.self_admin');
        }
        await repo.updateRole(tx, realm, id, { name: input.name, permissions });
      });
    },

    /** A role with users goes only with `reassignTo`: its users move there first. */
    async deleteRole(realm: TeamRealm, actorId: string, id: string, reassignTo: string | undefined) {
      const { admin } = realmOf(realm);
      await write(realm, async (tx) => {
        const role = await repo.roleById(realm, id, tx);
        if (!role) throw new AppError('NOT_FOUND');
        if (role.isSystem) throw new AppError('CONFLICT', 'team.errors.system_role_delete');
        const users = await repo.countRoleUsers(realm, id, tx);
        if (users > 0) {
          if (!reassignTo) throw new AppError('CONFLICT', 'team.errors.role_in_use', undefined, { count: users });
          const target = reassignTo === id ? undefined : await repo.roleById(realm, reassignTo, tx);
          if (!target) throw fieldError('reassign_to', 'team.validation.reassign_invalid');
          if (role.permissions.includes(admin) && !target.permissions.includes(admin)) {
            const self = await repo.userById(realm, actorId, tx);
            if (self?.roleId === id) throw new AppError('CONFLICT', 'team.errors.self_admin');
          }
          await repo.moveRoleUsers(tx, realm, id, target.id);
        }
        await repo.deleteRole(tx, realm, id);
      });
    },

    /** Re-creates missing default roles and resets the default ones to their default permissions. */
    async restoreDefaults(realm: TeamRealm) {
      const { defaults } = realmOf(realm);
      const names = Object.keys(defaults);
      await write(realm, async (tx) => {
        const existing = new Map((await repo.rolesByNames(realm, names, tx)).map((r) => [r.name, r.id]));
        for (const name of names) {
          const permissions = [...defaults[name]!];
          const id = existing.get(name);
          if (id) await repo.updateRole(tx, realm, id, { permissions });
          else await repo.insertRole(tx, realm, { name, permissions, isSystem: true });
        }
      });
    },

    async lookupInvite(realm: TeamRealm, token: string, siteName: string): Promise<TInvitation> {
      const userId = await repo.inviteUser(realm, hashToken(token), false);
      const user = userId && (await repo.userById(realm, userId));
      if (!invitable(user)) throw new AppError('NOT_FOUND', 'team.errors.invite_invalid');
      return { name: user.name, email: user.email, site_name: siteName };
    },

    /**
     * Sets the password (and name) of an invited account from its link; the caller signs them in. Returns the account's
     * id. A deactivated member's link changes nothing (it used to set the password, use up the link, then refuse).
     */
    async acceptInvite(realm: TeamRealm, input: TAcceptInviteRequest): Promise<string> {
      if (isCommonPassword(input.password)) throw fieldError('password', 'validation.password_common');
      const passwordHash = await hashPassword(input.password);
      return deps.db.transaction(async (tx) => {
        const userId = await repo.inviteUser(realm, hashToken(input.token), true, tx);
        const user = userId && (await repo.userById(realm, userId, tx));
        if (!invitable(user)) throw new AppError('VALIDATION', 'team.errors.invite_invalid', { token: ['team.errors.invite_invalid'] });
        await repo.updateUser(tx, realm, user.id, { name: input.name, passwordHash });
        return user.id;
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
