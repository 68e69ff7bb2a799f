import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginResult } from '@tavolo/contracts/auth';
import type { TPage } from '@tavolo/contracts/envelope';
import type {
  TAcceptInviteRequest,
  TCreateTeamUserRequest,
  TInvitation,
  TRoleRequest,
  TTeamRealm,
  TTeamRolesResult,
  TTeamUser,
  TTeamUserQuery,
  TUpdateTeamUserRequest,
} from '@tavolo/contracts/team';
import { api } from '../../../lib/api.ts';

/** Both teams, one client: a restaurant's under /api/tenant, the operators' under /api/platform. */
const base = (realm: TTeamRealm) => (realm === 'tenant' ? '/tenant' : '/platform');

export const teamKeys = {
  all: (realm: TTeamRealm) => ['team', realm] as const,
  users: (realm: TTeamRealm, query: TTeamUserQuery) => ['team', realm, 'users', query] as const,
  roles: (realm: TTeamRealm) => ['team', realm, 'roles'] as const,
  roleOptions: (realm: TTeamRealm) => ['team', realm, 'role-options'] as const,
};

export const teamApi = {
  users: (realm: TTeamRealm, query: TTeamUserQuery) => api<TPage<TTeamUser>>('GET', `${base(realm)}/users`, { query: { ...query } }),
  createUser: (realm: TTeamRealm, body: TCreateTeamUserRequest) => api<{ id: string; invited: boolean }>('POST', `${base(realm)}/users`, { body }),
  updateUser: (realm: TTeamRealm, id: string, body: TUpdateTeamUserRequest) => api<null>('PUT', `${base(realm)}/users/${id}`, { body }),
  userAction: (realm: TTeamRealm, id: string, action: 'deactivate' | 'reactivate' | 'resend-invite') => api<null>('POST', `${base(realm)}/users/${id}/${action}`),
  deleteUser: (realm: TTeamRealm, id: string) => api<null>('DELETE', `${base(realm)}/users/${id}`),
  roles: (realm: TTeamRealm) => api<TTeamRolesResult>('GET', `${base(realm)}/roles`),
  roleOptions: (realm: TTeamRealm) => api<TTeamRolesResult>('GET', `${base(realm)}/roles/options`),
  createRole: (realm: TTeamRealm, body: TRoleRequest) => api<{ id: string }>('POST', `${base(realm)}/roles`, { body }),
  updateRole: (realm: TTeamRealm, id: string, body: TRoleRequest) => api<null>('PUT', `${base(realm)}/roles/${id}`, { body }),
  deleteRole: (realm: TTeamRealm, id: string, reassignTo?: string) => api<null>('DELETE', `${base(realm)}/roles/${id}`, { query: { reassign_to: reassignTo } }),
  restoreDefaults: (realm: TTeamRealm) => api<null>('POST', `${base(realm)}/roles/restore-defaults`),
  lookupInvite: (token: string) => api<TInvitation>('POST', '/invitations/lookup', { body: { token } }),
  acceptInvite: (body: TAcceptInviteRequest) => api<TLoginResult>('POST', '/invitations/accept', { body }),
};

export function useTeamUsers(realm: TTeamRealm, query: TTeamUserQuery) {
  return useQuery({ queryKey: teamKeys.users(realm, query), queryFn: async () => (await teamApi.users(realm, query)).data, placeholderData: keepPreviousData });
}

export function useTeamRoles(realm: TTeamRealm) {
  return useQuery({ queryKey: teamKeys.roles(realm), queryFn: async () => (await teamApi.roles(realm)).data });
}

/** The roles for the user form and filter (needs only the users permission). */
export function useRoleOptions(realm: TTeamRealm) {
  return useQuery({ queryKey: teamKeys.roleOptions(realm), queryFn: async () => (await teamApi.roleOptions(realm)).data });
}

/** Any team write: users and roles lists (and their counts) refresh together. */
export function useTeamMutation<V, R>(realm: TTeamRealm, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all(realm) }) });
}
