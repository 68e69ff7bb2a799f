import { useState } from 'react';
import { Alert, Box, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TMailSettingsInput } from '@tavolo/contracts/mail-settings';
import { AppError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useSendTestMail } from '../api/mail-settings-api.ts';
import type { MailSettingsFormValues } from '../hooks/use-mail-settings-form.ts';

interface Props {
  form: UseFormReturnType<MailSettingsFormValues>;
  /** The form's values as the contract wants them (the test uses them unsaved). */
  input: () => TMailSettingsInput;
  defaultRecipient: string;
}

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/** "Send a test e-mail": through the settings as typed; reports success or the SMTP problem in words. */
export function TestMailPanel({ form, input, defaultRecipient }: Props) {
  const { t } = useTranslation('mail-settings');
  const send = useSendTestMail();
  // null until the user types: follows the signed-in user's address once it is known.
  const [typedTo, setTo] = useState<string | null>(null);
  const to = typedTo ?? defaultRecipient;
  const [toError, setToError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setOutcome(null);
    setToError(null);
    if (form.validate().hasErrors) {
      setOutcome({ ok: false, message: t('check_fields') });
      return;
    }
    try {
      const result = await send.mutateAsync({ to, settings: input() });
      setOutcome({ ok: true, message: result.message ?? '' });
    } catch (error) {
      // Field problems go to their fields (`settings.host` -> host, `to` -> recipient); the rest in words.
      const fields = error instanceof AppError ? (error.errors ?? {}) : {};
      const formErrors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(fields)) {
        if (field === 'to') setToError(messages[0] ?? '');
        else formErrors[field.replace(/^settings\./, '')] = messages[0] ?? '';
      }
      if (Object.keys(formErrors).length) form.setErrors(formErrors);
      const fieldMessages = Object.values(fields).flat();
      setOutcome({ ok: false, message: fieldMessages.length ? fieldMessages.join(' ') : errorMessage(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="test-mail-title">
      <Group gap="sm" mb={4} wrap="nowrap">
        <Box c="brand" style={{ display: 'flex' }}>
          <IconSend size={20} stroke={1.6} />
        </Box>
        <Title order={3} size="h4" id="test-mail-title">
          {t('sections.test')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('sections.test_hint')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('fields.recipient')}
          type="email"
          required
          autoComplete="email"
          value={to}
          error={toError}
          onChange={(event) => setTo(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Button leftSection={<IconSend size={16} />} loading={send.isPending} onClick={() => void run()} variant="light" style={{ flex: '0 0 auto' }}>
          {t('send_test')}
        </Button>
      </Group>
      {outcome && (
        <Alert
          mt="md"
          role={outcome.ok ? 'status' : 'alert'}
          color={outcome.ok ? 'green' : 'red'}
          icon={outcome.ok ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
          title={outcome.ok ? t('test_success_title') : t('test_failed_title')}
          withCloseButton
          onClose={() => setOutcome(null)}
        >
          {outcome.message}
        </Alert>
      )}
    </Paper>
  );
}
