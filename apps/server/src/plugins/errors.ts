import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_MESSAGE, type TErrorCode } from '@tavolo/contracts/errors';
import { pickLanguage, translate } from '@tavolo/contracts/i18n';
import { issuesToFieldKeys, translateFieldKeys, type TMessageRef } from '@tavolo/contracts/field-errors';
import { isApiPath } from '../lib/api-path.ts';

function codeForStatus(status: number): TErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  return 'BAD_REQUEST';
}

type PathLink = { key: string; parent: PathLink | undefined } | undefined;
const pathOf = (link: PathLink): string => {
  const parts: string[] = [];
  for (let at = link; at; at = at.parent) parts.unshift(at.key);
  return parts.join('.');
};

/** U+0000, or half of a UTF-16 surrogate pair (`"\ud800"` in JSON): PostgreSQL can store neither (jsonb refuses both). */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where in a parsed input a string holds what PostgreSQL cannot store (`a.b.0`): U+0000 or a lone surrogate. An input that is itself a string is no field: the
 * route's schema refuses a body that is not an object. Iterative, and paths are linked rather than copied, so
 * deeply nested junk costs time linear in its size and cannot overflow the stack.
 */
export function unstorableTextFields(input: unknown): string[] {
  const found = new Set<string>();
  const stack: [unknown, PathLink][] = [[input, undefined]];
  while (stack.length > 0) {
    const [value, link] = stack.pop()!;
    if (typeof value === 'string') {
      if (link && UNSTORABLE.test(value)) found.add(pathOf(link));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, { key: String(i), parent: link }]));
    } else if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
      for (const [key, item] of Object.entries(value)) {
        const child = { key, parent: link };
        stack.push([item, child], [key, child]);
      }
    }
  }
  return [...found];
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  for (const key in value as object) if (Object.hasOwn(value as object, key)) return false;
  return true;
}

/**
 * Errors Fastify's router raises before any hook has run (a broken percent-encoding, an over-long path
 * parameter): the same envelope as every other error, in the caller's language. Passed to `Fastify()`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLanguage((request.headers['x-language'] as string | undefined) ?? request.headers['accept-language']);
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const code = codeForStatus(status);
  const message = translate(lang, ERROR_MESSAGE[code]);
  // A browser sent to a broken page address (a mangled link) gets a page it can leave, not JSON.
  if (!isApiPath(request.url) && request.headers.accept?.includes('text/html')) {
    const [title, home] = [translate(lang, 'errors.bad_address'), translate(lang, 'errors.to_start_page')];
    return reply
      .status(status)
      // The security headers' hooks have not run (the router refused the address): this page needs nothing at all.
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1><p><a href="/">${home}</a></p></body></html>`);
  }
  return reply.status(status).send({ success: false, code, message });
}

/** `errors` in the caller's language, and the same as catalogue keys (`error_keys`) for a page that switches language. */
const fieldErrors = (keys: Record<string, TMessageRef[]>, t: (key: string, params: Record<string, unknown>) => string) => ({
  errors: translateFieldKeys(keys, t),
  ...(Object.keys(keys).length > 0 && { error_keys: keys }),
});

/** The one error handler: AppErrors and validation map to 4xx with translated messages; anything else is a logged 500. */
export const errorsPlugin = fp(async (app) => {
  // PostgreSQL cannot store U+0000 or a lone surrogate: such input is a validation error on its field, not a failed query.
  app.addHook('preValidation', (request, _reply, done) => {
    // Most requests (every plain GET) carry no input at all: nothing to walk or copy. Pages store nothing: a page's
    // address with such a query is still the page (it was a 422 in JSON).
    if (!isApiPath(request.url)) return done();
    if (request.body === undefined && isEmpty(request.params) && isEmpty(request.query)) return done();
    // Query and params come from Fastify's parsers as objects of their own prototype: copied, they are plain.
    const fields = [{ ...(request.params as object) }, { ...(request.query as object) }, request.body].flatMap(unstorableTextFields);
    if (fields.length === 0) return done();
    done(new AppError('VALIDATION', ERROR_MESSAGE.VALIDATION, Object.fromEntries(fields.map((field) => [field, ['validation.invalid']]))));
  });
  app.setErrorHandler((error, request, reply) => {
    const t = (key: string, params: Record<string, unknown> = {}) => translate(request.lang ?? 'en', key, params);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.flatMap((v) => {
        const path = v.instancePath.split('/').slice(1).filter(Boolean);
        const params = v.params as { minimum?: unknown; maximum?: unknown; keys?: unknown };
        // Unknown keys of the body itself are reported on the object: name each key instead.
        if (path.length === 0 && v.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
          return params.keys.map((key) => ({ path: [String(key)], message: v.message ?? 'validation.unknown_field' }));
        }
        return [{ path, message: v.message ?? 'validation.invalid', minimum: params.minimum, maximum: params.maximum }];
      });
      // An issue with the input as a whole (no body, or a body that is not an object) names no field: it is the message.
      const whole = issues.find((issue) => issue.path.length === 0);
      const wholeMessage = whole && (['validation.required', 'validation.invalid_type'].includes(whole.message) ? t('errors.body_not_object') : t(whole.message));
      const keys = issuesToFieldKeys(issues.filter((issue) => issue.path.length > 0));
      // `errors` is always there on a 422 (the envelope), empty when only the input as a whole was wrong.
      return reply.status(422).send({ success: false, code: 'VALIDATION', message: wholeMessage ?? t(ERROR_MESSAGE.VALIDATION), ...fieldErrors(keys, t) });
    }
    if (error instanceof AppError) {
      const params = Object.keys(error.params).length > 0 ? { params: error.params } : {};
      const keys = error.errors && Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list.map((key): TMessageRef => ({ key, ...params }))]));
      // A 422 always carries `errors` (the envelope), empty when the refusal names no field.
      return reply.status(error.status).send({ success: false, code: error.code, message: t(error.message, error.params), ...(keys ? fieldErrors(keys, t) : error.status === 422 && { errors: {} }) });
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
