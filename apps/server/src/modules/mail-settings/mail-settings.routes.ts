import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@tavolo/contracts/i18n';
import { ZMailSettings, ZSendTestMail } from '@tavolo/contracts/mail-settings';
import { tenantOf } from '../../plugins/context.ts';
import type { MailSettingsService } from './mail-settings.service.ts';

const config = { site: 'tenant' as const, permission: 'email_settings.manage' as const };
const URL_ = '/api/tenant/admin/email-settings';

/** The restaurant's own SMTP server (e-mail settings page). Logic in mail-settings.service.ts. */
export const mailSettingsRoutes: FastifyPluginAsyncZod<{ mailSettings: MailSettingsService; testPerMinute?: number }> = async (app, opts) => {
  const { mailSettings } = opts;
  const tags = ['email-settings'];

  app.get(URL_, { schema: { tags, summary: 'The saved SMTP settings without the password (null: mail goes out through the platform)' }, config }, async (request) => {
    return { success: true, data: await mailSettings.get(tenantOf(request.site).id) };
  });

  app.put(
    URL_,
    { schema: { tags, summary: 'Save the SMTP settings (empty password keeps the stored one; clear_password removes it)', body: ZMailSettings }, config },
    async (request) => {
      const data = await mailSettings.save(tenantOf(request.site).id, request.body);
      return { success: true, data, message: translate(request.lang, 'messages.saved') };
    },
  );

  app.delete(URL_, { schema: { tags, summary: "Forget the SMTP settings: mail goes out through the platform's server again" }, config }, async (request) => {
    await mailSettings.remove(tenantOf(request.site).id);
    return { success: true, data: null, message: translate(request.lang, 'messages.deleted') };
  });

  app.post(
    `${URL_}/test`,
    {
      schema: { tags, summary: 'Send a test e-mail through the given (or saved) settings; 422 explains an SMTP failure in words', body: ZSendTestMail },
      config: {
        ...config,
        // Each test opens a connection to a server the admin names: keep it to a trickle per restaurant and address.
        rateLimit: { max: opts.testPerMinute ?? 5, timeWindow: '1 minute', keyGenerator: (request) => `smtp-test:${request.headers.host ?? ''}:${request.ip}` },
      },
    },
    async (request) => {
      const tenant = tenantOf(request.site);
      const data = await mailSettings.sendTest(tenant.id, request.body, { lang: request.lang, siteName: tenant.name });
      return { success: true, data, message: translate(request.lang, 'smtp.test_sent', { to: data.to }) };
    },
  );
};
