import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZForgotPasswordRequest, ZHandoffRequest, ZLoginRequest, ZResetPasswordRequest } from '@tavolo/contracts/auth';
import { ZChangePasswordRequest } from '@tavolo/contracts/account';
import { translate } from '@tavolo/contracts/i18n';
import { originsOf } from '../../lib/origins.ts';
import { authOf } from '../../plugins/context.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; mainDomain: string; loginPerMinute: number }> = async (app, opts) => {
  const { auth } = opts;
  const tags = ['auth'];
  const loginLimit = { rateLimit: { max: opts.loginPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/login',
    { schema: { tags, summary: 'Sign in on this host (platform or restaurant)', body: ZLoginRequest }, config: loginLimit },
    async (request) => {
      const data = await auth.login(request.site, request.body, originsOf(request, opts.mainDomain));
      return { success: true, data, message: translate(request.lang, 'messages.logged_in') };
    },
  );

  app.post(
    '/api/auth/handoff',
    { schema: { tags, summary: 'Exchange a single-use hand-off code for a session', body: ZHandoffRequest }, config: { site: 'tenant', ...loginLimit } },
    async (request) => ({ success: true, data: await auth.redeemHandoff(request.site, request.body.code) }),
  );

  const logout = async (request: FastifyRequest) => {
    await auth.logout(request.site, authOf(request.auth).sessionId);
    return { success: true, data: null, message: translate(request.lang, 'messages.logged_out') };
  };
  app.post('/api/logout', { schema: { tags, summary: 'Revoke the current token' }, config: { auth: true } }, logout);
  app.post('/api/tenant/logout', { schema: { tags, summary: 'Revoke the current token (restaurant dashboard)' }, config: { site: 'tenant', auth: true } }, logout);

  app.get('/api/me', { schema: { tags, summary: 'The signed-in user' }, config: { auth: true } }, async (request) => ({
    success: true,
    data: await auth.me(request.site, authOf(request.auth).userId),
  }));

  // SPEC §7 reads `user` and `role_name` from the top level; they are in `data` too, like every other call.
  app.get('/api/tenant/auth-check', { schema: { tags, summary: 'The signed-in restaurant user and role' }, config: { site: 'tenant', auth: true } }, async (request) => {
    const user = await auth.me(request.site, authOf(request.auth).userId);
    return { success: true, user, role_name: user.role_name, data: { user, role_name: user.role_name } };
  });

  app.post(
    '/api/forgot-password',
    { schema: { tags, summary: 'E-mail a password reset link', body: ZForgotPasswordRequest }, config: loginLimit },
    async (request) => {
      await auth.forgotPassword(request.site, request.body.email, request.lang, originsOf(request, opts.mainDomain));
      return { success: true, data: null, message: translate(request.lang, 'messages.reset_sent') };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { tags, summary: 'Set a new password with a reset token; revokes every session', body: ZResetPasswordRequest }, config: loginLimit },
    async (request) => {
      await auth.resetPassword(request.site, request.body.token, request.body.password);
      return { success: true, data: null, message: translate(request.lang, 'messages.password_reset') };
    },
  );

  app.post(
    '/api/tenant/password',
    {
      schema: { tags, summary: 'Change one\'s own password (current one required); signs out every other session of the user', body: ZChangePasswordRequest },
      config: { site: 'tenant', auth: true, ...loginLimit },
    },
    async (request) => {
      const { userId, sessionId } = authOf(request.auth);
      await auth.changePassword(request.site, { userId, sessionId }, request.body);
      return { success: true, data: null, message: translate(request.lang, 'account.messages.password_changed') };
    },
  );

  app.get('/api/csrf', { schema: { tags, summary: 'Sets the XSRF-TOKEN cookie (any GET does)' } }, async () => ({ success: true, data: null }));
};
