import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../app/i18n.ts';
import { DEFAULT_SMTP_PORT, ZMailSettings, type TMailSecurity, type TMailSettingsInput, type TMailSettingsView } from '@tavolo/contracts/mail-settings';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSaveMailSettings } from '../api/mail-settings-api.ts';

export interface MailSettingsFormValues {
  host: string;
  port: number | string;
  security: TMailSecurity;
  username: string;
  /** Empty keeps the saved password. */
  password: string;
  from_name: string;
  from_email: string;
}

const KNOWN_PORTS = new Set(Object.values(DEFAULT_SMTP_PORT));

export const toFormValues = (s: TMailSettingsView | null | undefined, defaults: { fromName: string; fromEmail: string }): MailSettingsFormValues =>
  s
    ? { host: s.host, port: s.port, security: s.security, username: s.username ?? '', password: '', from_name: s.from_name, from_email: s.from_email }
    : { host: '', port: DEFAULT_SMTP_PORT.starttls, security: 'starttls', username: '', password: '', from_name: defaults.fromName, from_email: defaults.fromEmail };

export const toInput = (v: MailSettingsFormValues, clearPassword: boolean): TMailSettingsInput =>
  ({
    ...v,
    port: v.port === '' ? undefined : Number(v.port),
    password: v.password || undefined,
    clear_password: clearPassword && !v.password,
  }) as TMailSettingsInput;

const validateInput = zodValidate(ZMailSettings);

/**
 * The e-mail settings form: shared contract validation, SPEC §8 save messages, the "keep / remove the
 * saved password" state, and ports that follow the security choice until the user types their own.
 */
export function useMailSettingsForm(saved: TMailSettingsView | null, defaults: { fromName: string; fromEmail: string }) {
  const { t } = useTranslation('mail-settings');
  const save = useSaveMailSettings();
  const [clearPassword, setClearPassword] = useState(false);
  // A saved port other than a standard one was chosen on purpose.
  const typedPort = (s: TMailSettingsView | null) => Boolean(s && !KNOWN_PORTS.has(s.port));
  const [portTyped, setPortTyped] = useState(() => typedPort(saved));
  // New server state resets the local flags during render (no effect round trip).
  const [syncedWith, setSyncedWith] = useState(saved);
  if (syncedWith !== saved) {
    setSyncedWith(saved);
    setClearPassword(false);
    setPortTyped(typedPort(saved));
  }
  const form = useForm<MailSettingsFormValues>({
    initialValues: toFormValues(saved, defaults),
    validate: (values) => validateInput(toInput(values, clearPassword)),
  });

  useEffect(() => {
    const values = toFormValues(saved, defaults);
    form.setValues(values);
    form.resetDirty(values);
    // Reset only when the server's state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  const setSecurity = (security: TMailSecurity) => {
    form.setFieldValue('security', security);
    const port = form.values.port;
    if (!portTyped || port === '' || KNOWN_PORTS.has(Number(port))) form.setFieldValue('port', DEFAULT_SMTP_PORT[security]);
  };

  const setPort = (port: number | string) => {
    setPortTyped(port !== '');
    form.setFieldValue('port', port);
  };

  const setPassword = (password: string) => {
    // Typing a new password replaces the saved one; "remove" no longer applies.
    if (password) setClearPassword(false);
    form.setFieldValue('password', password);
  };

  const notifySave = useSaveNotification();
  const submit = form.onSubmit(
    async (values) => {
      try {
        await notifySave(() => save.mutateAsync(toInput(values, clearPassword)));
      } catch (error) {
        serverErrors(form, error);
      }
    },
    () => notifications.show({ color: 'red', message: t('check_fields') }),
  );

  return {
    form,
    submit,
    saving: save.isPending,
    clearPassword,
    setClearPassword,
    setSecurity,
    setPort,
    setPassword,
    /** The form as the contract wants it, for a test with unsaved values. */
    input: () => toInput(form.values, clearPassword),
    dirty: form.isDirty() || clearPassword,
  };
}
