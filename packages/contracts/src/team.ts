import { z } from './zod.ts';
import { PASSWORD_MAX, PASSWORD_MIN, zPassword } from './auth.ts';
import { ZPageQuery } from './envelope.ts';
import { zCleanString, zEmail, zText, zUuid, zSearch } from './validation.ts';

/**
 * The team of a realm: a restaurant's staff (/api/tenant/users, /api/tenant/roles) or the platform's operators
 * (/api/platform/users, /api/platform/roles). One set of schemas for both; the server checks permissions against
 * the realm's own catalogue.
 */

export const TEAM_REALMS = ['tenant', 'platform'] as const;
export type TTeamRealm = (typeof TEAM_REALMS)[number];

/** invited: the account exists but its owner has not set a password through the invitation link yet. */
export const TEAM_USER_STATUSES = ['active', 'deactivated', 'invited'] as const;
export type TTeamUserStatus = (typeof TEAM_USER_STATUSES)[number];

/** How long an invitation link works. */
export const INVITE_DAYS = 7;

export const ZTeamUserQuery = ZPageQuery.extend({
  search: zSearch(),
  role_id: zUuid.optional(),
  status: z.enum(TEAM_USER_STATUSES).optional(),
});
export type TTeamUserQuery = { search?: string; role_id?: string; status?: TTeamUserStatus; page?: number; per_page?: number };

const userFields = { name: zText(100), email: zEmail, role_id: zUuid };

/** A password with its confirmation, required only when `mode` is 'password'. */
export const ZCreateTeamUserRequest = z
  .object({
    ...userFields,
    mode: z.enum(['password', 'invite']),
    password: z.string().max(PASSWORD_MAX).optional(),
    password_confirmation: z.string().max(PASSWORD_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'password') return;
    const password = v.password ?? '';
    if (password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: PASSWORD_MIN, inclusive: true, path: ['password'], input: password });
    }
    // An empty confirmation is marked with the other missing fields, not only once the password is long enough.
    if (!v.password_confirmation) {
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, path: ['password_confirmation'], input: '' });
    } else if (password.length >= PASSWORD_MIN && password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.password_mismatch', input: v.password_confirmation });
    }
  });
export type TCreateTeamUserRequest = z.input<typeof ZCreateTeamUserRequest>;

export const ZUpdateTeamUserRequest = z.object(userFields);
export type TUpdateTeamUserRequest = z.input<typeof ZUpdateTeamUserRequest>;

export interface TTeamUser {
  id: string;
  name: string;
  email: string;
  role_id: string;
  role_name: string;
  role_is_system: boolean;
  status: TTeamUserStatus;
  last_seen_at: string | null;
  created_at: string;
  /** The signed-in user: may not delete or deactivate themselves nor change their own role. */
  is_self: boolean;
  /** The only active holder of the team-admin permission: may not be removed or lose it. */
  is_last_admin: boolean;
}

export const ROLE_NAME_MIN = 2;
export const ROLE_NAME_MAX = 50;

export const ZRoleRequest = z.object({
  name: zCleanString().min(ROLE_NAME_MIN).max(ROLE_NAME_MAX),
  permissions: z.array(z.string().max(64)).max(100),
});
export type TRoleRequest = z.input<typeof ZRoleRequest>;

/** DELETE .../roles/:id?reassign_to=<role id>: where the role's users go; needed when it has users. */
export const ZDeleteRoleQuery = z.object({ reassign_to: zUuid.optional() });

export interface TTeamRole {
  id: string;
  name: string;
  is_system: boolean;
  /** admin / super_user: always the whole catalogue, not editable. */
  is_locked: boolean;
  permissions: string[];
  users_count: number;
}

/** What the team pages need besides the lists: whether custom roles are allowed (the restaurant's plan). */
export interface TTeamRolesResult {
  roles: TTeamRole[];
  custom_roles_allowed: boolean;
}

export const ZInviteLookupRequest = z.object({ token: z.string().min(1).max(200) });

export interface TInvitation {
  name: string;
  email: string;
  site_name: string;
}

export const ZAcceptInviteRequest = z
  .object({ token: z.string().min(1).max(200), name: zText(100), password: zPassword, password_confirmation: z.string().min(1).max(PASSWORD_MAX) })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: 'validation.password_mismatch' });
export type TAcceptInviteRequest = z.input<typeof ZAcceptInviteRequest>;

/** How the web app names a system role; custom roles keep the name their restaurant gave them. */
export const SYSTEM_ROLE_LABEL_KEYS = ['admin', 'manager', 'staff', 'super_user', 'support'] as const;
