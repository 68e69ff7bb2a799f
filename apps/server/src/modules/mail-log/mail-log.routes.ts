import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZMailLogQuery } from '@tavolo/contracts/mail-log';
import { zId } from '@tavolo/contracts/validation';
import { tenantOf } from '../../plugins/context.ts';
import type { MailLogService } from './mail-log.service.ts';

const config = { site: 'tenant' as const, permission: 'email_settings.manage' as const };
const URL_ = '/api/tenant/admin/mails';

/** The restaurant's recent e-mails (e-mail settings page). Logic in mail-log.service.ts. */
export const mailLogRoutes: FastifyPluginAsyncZod<{ mailLog: MailLogService }> = async (app, { mailLog }) => {
  const tags = ['email-settings'];

  app.get(
    URL_,
    { schema: { tags, summary: 'Recent e-mails, newest first, with their state (filter by status)', querystring: ZMailLogQuery }, config },
    async (request) => ({ success: true, data: await mailLog.list(tenantOf(request.site).id, request.query, request.lang) }),
  );

  app.post(
    `${URL_}/:id/resend`,
    { schema: { tags, summary: 'Queue a failed e-mail again with fresh tries (409 unless it failed)', params: zId }, config },
    async (request) => {
      const data = await mailLog.resend(tenantOf(request.site).id, request.params.id, request.lang);
      return { success: true, data, message: translate(request.lang, 'mail_log.messages.resent') };
    },
  );
};
