import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import type { TPermission, TPlatformPermission } from '@tavolo/contracts/permissions';
import { zId } from '@tavolo/contracts/validation';
import {
  ZAcceptInviteRequest,
  ZCreateTeamUserRequest,
  ZDeleteRoleQuery,
  ZInviteLookupRequest,
  ZRoleRequest,
  ZTeamUserQuery,
  ZUpdateTeamUserRequest,
} from '@tavolo/contracts/team';
import { originsOf } from '../../lib/origins.ts';
import { authOf, type Site } from '../../plugins/context.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { TeamActor, TeamRealm, TeamService } from './team.service.ts';

/** The two teams: same routes under their own prefix, host and permissions. */
const REALM_ROUTES = [
  { site: 'tenant', prefix: '/api/tenant', users: 'users.manage', roles: 'roles.manage' },
  { site: 'platform', prefix: '/api/platform', users: 'platform_users.manage', roles: 'platform_roles.manage' },
] as const;

function teamRealm(site: Site): TeamRealm {
  if (site.kind === 'tenant') return { kind: 'tenant', tenantId: site.tenant.id };
  return { kind: 'platform' };
}

const siteName = (site: Site) => (site.kind === 'tenant' ? site.tenant.name : 'Tavolo');

/** Users and roles of a restaurant (/api/tenant/...) and of the platform's operators (/api/platform/...). Logic in team.service.ts. */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService; auth: AuthService; mainDomain: string; loginPerMinute: number }> = async (app, { team, auth, mainDomain, loginPerMinute }) => {
  const tags = ['team'];
  // Invitation links are guessed no more easily than reset links: same limit as sign-in.
  const linkLimit = { rateLimit: { max: loginPerMinute, timeWindow: '1 minute' } };
  const t = (request: FastifyRequest, key: string) => translate(request.lang, key);
  /** The team a write changes, with who writes and the route's permission, checked again under the team's lock. */
  const writer = (request: FastifyRequest, permission: TPermission | TPlatformPermission): TeamRealm => ({ ...teamRealm(request.site), by: { userId: authOf(request.auth).userId, permission } });
  const actorOf = (request: FastifyRequest, permission: TPermission | TPlatformPermission): TeamActor => {
    const origins = originsOf(request, mainDomain);
    const { site } = request;
    return {
      realm: writer(request, permission),
      userId: authOf(request.auth).userId,
      lang: request.lang,
      origin: site.kind === 'tenant' ? origins.tenant(site.tenant.slug) : origins.platform,
      siteName: siteName(site),
    };
  };

  for (const r of REALM_ROUTES) {
    const users = { site: r.site, permission: r.users };
    const roles = { site: r.site, permission: r.roles };
    const U = `${r.prefix}/users`;
    const R = `${r.prefix}/roles`;

    app.get(U, { schema: { tags, summary: 'Team members: search, filter by role and status, pages', querystring: ZTeamUserQuery }, config: users }, async (request) => ({
      success: true,
      data: await team.listUsers(teamRealm(request.site), authOf(request.auth).userId, request.query),
    }));

    app.post(
      U,
      { schema: { tags, summary: 'Add a team member with a password, or invite them by e-mail', body: ZCreateTeamUserRequest }, config: users },
      async (request, reply) => {
        const data = await team.createUser(actorOf(request, r.users), request.body);
        reply.status(201);
        return { success: true, data, message: t(request, data.invited ? 'team.messages.user_invited' : 'team.messages.user_created') };
      },
    );

    app.put(`${U}/:id`, { schema: { tags, summary: 'Edit name, e-mail and role', params: zId, body: ZUpdateTeamUserRequest }, config: users }, async (request) => {
      const { invited } = await team.updateUser(actorOf(request, r.users), request.params.id, request.body);
      return { success: true, data: null, message: t(request, invited ? 'team.messages.user_updated_invited' : 'team.messages.user_updated') };
    });

    app.post(`${U}/:id/deactivate`, { schema: { tags, summary: 'Deactivate: ends their sessions at once', params: zId }, config: users }, async (request) => {
      await team.setActive(writer(request, r.users), authOf(request.auth).userId, request.params.id, false);
      return { success: true, data: null, message: t(request, 'team.messages.user_deactivated') };
    });

    app.post(`${U}/:id/reactivate`, { schema: { tags, summary: 'Reactivate (counts against the plan again)', params: zId }, config: users }, async (request) => {
      await team.setActive(writer(request, r.users), authOf(request.auth).userId, request.params.id, true);
      return { success: true, data: null, message: t(request, 'team.messages.user_reactivated') };
    });

    app.post(`${U}/:id/resend-invite`, { schema: { tags, summary: 'Send a new invitation link', params: zId }, config: users }, async (request) => {
      await team.resendInvite(actorOf(request, r.users), request.params.id);
      return { success: true, data: null, message: t(request, 'team.messages.invite_resent') };
    });

    app.delete(`${U}/:id`, { schema: { tags, summary: 'Delete; their history stays', params: zId }, config: users }, async (request) => {
      await team.deleteUser(writer(request, r.users), authOf(request.auth).userId, request.params.id);
      return { success: true, data: null, message: t(request, 'team.messages.item_deleted') };
    });

    app.get(R, { schema: { tags, summary: 'Roles with their permissions and user counts' }, config: roles }, async (request) => ({
      success: true,
      data: await team.listRoles(teamRealm(request.site)),
    }));

    // The user form lists the roles too: whoever manages users may read them.
    app.get(`${R}/options`, { schema: { tags, summary: 'Role names for the user form and filter' }, config: users }, async (request) => ({
      success: true,
      data: await team.listRoles(teamRealm(request.site)),
    }));

    app.post(R, { schema: { tags, summary: 'Add a custom role (Premium for restaurants)', body: ZRoleRequest }, config: roles }, async (request, reply) => {
      const id = await team.createRole(writer(request, r.roles), request.body);
      reply.status(201);
      return { success: true, data: { id }, message: t(request, 'team.messages.role_created') };
    });

    app.post(`${R}/restore-defaults`, { schema: { tags, summary: 'Re-create missing default roles and reset their permissions' }, config: roles }, async (request) => {
      await team.restoreDefaults(writer(request, r.roles));
      return { success: true, data: null, message: t(request, 'team.messages.roles_restored') };
    });

    app.put(`${R}/:id`, { schema: { tags, summary: 'Edit a role (system roles keep their names)', params: zId, body: ZRoleRequest }, config: roles }, async (request) => {
      await team.updateRole(writer(request, r.roles), authOf(request.auth).userId, request.params.id, request.body);
      return { success: true, data: null, message: t(request, 'team.messages.role_updated') };
    });

    app.delete(
      `${R}/:id`,
      { schema: { tags, summary: 'Delete a custom role; its users move to `reassign_to`', params: zId, querystring: ZDeleteRoleQuery }, config: roles },
      async (request) => {
        await team.deleteRole(writer(request, r.roles), authOf(request.auth).userId, request.params.id, request.query.reassign_to);
        return { success: true, data: null, message: t(request, 'team.messages.role_deleted') };
      },
    );
  }

  // The invitation link, on the host that sent it (a restaurant's, or the main domain for operators).
  app.post('/api/invitations/lookup', { schema: { tags, summary: 'Who an invitation link is for', body: ZInviteLookupRequest }, config: linkLimit }, async (request) => ({
    success: true,
    data: await team.lookupInvite(teamRealm(request.site), request.body.token, siteName(request.site)),
  }));

  app.post('/api/invitations/accept', { schema: { tags, summary: 'Set the password of an invited account and sign in', body: ZAcceptInviteRequest }, config: linkLimit }, async (request) => {
    const userId = await team.acceptInvite(teamRealm(request.site), request.body);
    // Signed in as the link proved them, not by a sign-in: a lock others' guesses put on the address must not refuse them.
    const data = await auth.signInAccepted(request.site, userId);
    return { success: true, data, message: t(request, 'team.messages.invite_accepted') };
  });
};
