import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_MESSAGE, type TErrorCode } from '@tavolo/contracts/errors';
import { translate } from '@tavolo/contracts/i18n';
import { issuesToFieldErrors } from '@tavolo/contracts/validation';

function codeForStatus(status: number): TErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  return 'BAD_REQUEST';
}

/** The one error handler: AppErrors and validation map to 4xx with translated messages; anything else is a logged 500. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    const t = (key: string, params: Record<string, unknown> = {}) => translate(request.lang ?? 'en', key, params);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').slice(1),
        message: v.message ?? 'validation.invalid',
        minimum: (v.params as { minimum?: unknown }).minimum,
        maximum: (v.params as { maximum?: unknown }).maximum,
      }));
      return reply.status(422).send({ success: false, code: 'VALIDATION', message: t(ERROR_MESSAGE.VALIDATION), errors: issuesToFieldErrors(issues, t) });
    }
    if (error instanceof AppError) {
      const errors = error.errors && Object.fromEntries(Object.entries(error.errors).map(([field, keys]) => [field, keys.map((k) => t(k, error.params))]));
      return reply.status(error.status).send({ success: false, code: error.code, message: t(error.message, error.params), ...(errors && { errors }) });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus(status);
      return reply.status(status).send({ success: false, code, message: t(ERROR_MESSAGE[code]) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, code: 'INTERNAL', message: t(ERROR_MESSAGE.INTERNAL) });
  });
});
