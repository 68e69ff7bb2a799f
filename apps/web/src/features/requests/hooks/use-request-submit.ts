import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../app/i18n.ts';
import { AppError, type ApiResult } from '../../../lib/api.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import type { TResult } from '../components/result-modal.tsx';

/**
 * Sending a guest form: `send` the values; on success empty the form (`afterReset` may clear more) and show
 * `success(message, values sent)`; on failure put the server's field errors on the form, call `afterFailure` and show the failure popup.
 */
export function useRequestSubmit<V>(
  form: UseFormReturnType<V>,
  options: { empty: V; send: (values: V) => Promise<ApiResult<unknown>>; success: (message: string | undefined, sent: V) => Omit<TResult, 'ok'>; afterReset?: () => void; afterFailure?: (error: unknown) => void },
) {
  const { t } = useTranslation('requests');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<TResult | null>(null);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    try {
      const res = await options.send(values);
      form.setValues(options.empty);
      options.afterReset?.();
      setResult({ ok: true, ...options.success(res.message, values) });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      options.afterFailure?.(error);
      setResult({ ok: false, title: t('reservation.failure_title'), message: error instanceof AppError && error.message ? error.message : t('reservation.failure_text') });
    } finally {
      setSending(false);
    }
  });

  return { sending, submit, result, closeResult: () => setResult(null) };
}
