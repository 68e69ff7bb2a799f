import { useEffect } from 'react';
// eslint-disable-next-line no-restricted-imports -- the app's one wrapper of Mantine's form hook
import { useForm as useMantineForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import type { z } from '@tavolo/contracts/zod';
import i18n from '../app/i18n.ts';
import { issuesToFieldErrors, type TMessageRef } from '@tavolo/contracts/field-errors';
import { AppError } from '@tavolo/contracts/errors';

const t = (key: string, params: Record<string, unknown>) => i18n.t(`shared:${key}`, params);

/** Mantine form `validate` from a shared Zod schema: the same rules and messages as the server. */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors = issuesToFieldErrors(result.error.issues, t);
    return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]!]));
  };
}

/** Each server message shown on a form, by its text: its key, to say it again after a language switch. */
const saidByServer = new Map<string, TMessageRef>();
function sayAgain(ref: TMessageRef): string {
  const message = t(ref.key, ref.params ?? {});
  saidByServer.set(message, ref);
  return message;
}

/** Field errors of a failed call, first message per field, for `form.setErrors`. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof AppError) || !error.errors) return {};
  const keys = error.errorKeys ?? {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => {
      const [message = '', ref] = [messages[0], keys[field]?.[0]];
      if (ref) saidByServer.set(message, ref);
      return [field, message];
    }),
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('shared:errors.generic');
}

/** Puts a failed call's field errors on the form; returns the message for an alert when there are none. */
export function serverErrors(form: { setErrors(errors: Record<string, string>): void }, error: unknown): string | null {
  const errors = fieldErrors(error);
  if (Object.keys(errors).length === 0) return errorMessage(error);
  form.setErrors(errors);
  return null;
}

/**
 * Mantine's form, whose messages follow the page's language: a message is written when its field is checked, so
 * when the visitor switches language, the fields showing one are checked again. A message the check does not
 * give (the server's, such as an email already taken) is said again from the key the server sent with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Mantine's own constraint (interfaces do not satisfy Record<string, unknown>)
export function useForm<Values extends Record<string, any>>(input: UseFormInput<Values>): UseFormReturnType<Values> {
  const form = useMantineForm<Values>(input);
  useEffect(() => i18n.subscribe(() => {
    for (const [path, message] of Object.entries(form.errors)) {
      const fromServer = typeof message === 'string' && saidByServer.get(message);
      if (!form.isValid(path)) form.validateField(path);
      else if (fromServer) form.setFieldError(path, sayAgain(fromServer));
    }
  }), [form]);
  return form;
}

/**
 * A dialog's form as it opens on a record (or empty): its values, no messages, and nothing counted as changed, so
 * closing it asks about discarding only after a real edit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as useForm
export function startFrom<Values extends Record<string, any>>(form: UseFormReturnType<Values>, values: Values) {
  form.setValues(values);
  form.resetDirty(values);
  form.clearErrors();
}
