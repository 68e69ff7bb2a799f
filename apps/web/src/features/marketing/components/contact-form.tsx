import { useState } from 'react';
import { Alert, Box, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { CONTACT_MESSAGE_MAX, ZContactMessageRequest, type TContactMessageRequest } from '@tavolo/contracts/marketing';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSendContactMessage } from '../api/marketing-api.ts';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';

const EMPTY = { name: '', email: '', phone: '', restaurant_name: '', subject: '', message: '', website: '' } satisfies TContactMessageRequest;

/** Off-screen for people, there for bots that fill every field (the server drops such messages). */
const HONEYPOT_STYLE = { position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' } as const;
const MESSAGE_ROWS = 5;

/** A notice that appears above the form once it is sent is scrolled to and focused: the form's end was on screen. */
const reveal = (notice: HTMLDivElement | null) => {
  notice?.focus({ preventScroll: true });
  notice?.scrollIntoView({ block: 'center', behavior: 'smooth' });
};

/** The marketing site's contact form (/contact): same rules as the server, its confirmation shown in place. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<typeof EMPTY>({ initialValues: EMPTY, validate: zodValidate(ZContactMessageRequest) });

  const submit = form.onSubmit(async (values) => {
    setConfirmation(null);
    setFailure(null);
    try {
      setConfirmation(await send.mutateAsync(values));
      form.reset();
    } catch (error) {
      setFailure(serverErrors(form, error));
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="contact-form-title">
      <Title order={2} fz="xl" id="contact-form-title">
        {t('form.title')}
      </Title>
      <Text c="gray.7" size="sm" mb="lg">
        {t('form.text')}
      </Text>
      {confirmation && (
        <Alert color="teal" icon={<IconCircleCheck />} title={t('form.sent_title')} mb="lg" role="status" data-testid="contact-confirmation" ref={reveal} tabIndex={-1}>
          {confirmation}
        </Alert>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertTriangle />} mb="lg" role="alert" ref={reveal} tabIndex={-1}>
          {failure}
        </Alert>
      )}
      {/* Mantine's default error red is too light for small text on white (WCAG AA): a darker one in this form. */}
      <form onSubmit={submit} noValidate style={{ position: 'relative', ['--mantine-color-error' as string]: 'var(--mantine-color-red-8)' }}>
        <fieldset disabled={send.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('form.name')} autoComplete="name" required maxLength={120} {...form.getInputProps('name')} />
              <TextInput label={t('form.email')} type="email" autoComplete="email" required maxLength={254} {...form.getInputProps('email')} />
              <TextInput label={t('form.phone')} type="tel" autoComplete="tel" maxLength={32} {...form.getInputProps('phone')} />
              <TextInput label={t('form.restaurant_name')} autoComplete="organization" maxLength={160} {...form.getInputProps('restaurant_name')} />
            </SimpleGrid>
            <TextInput label={t('form.subject')} required maxLength={200} {...form.getInputProps('subject')} />
            <GrowingTextarea
              label={t('form.message')}
              required
              minRows={MESSAGE_ROWS}
              maxRows={14}
              maxLength={CONTACT_MESSAGE_MAX}
              description={t('form.message_count', { count: form.values.message.length, max: CONTACT_MESSAGE_MAX })}
              descriptionStyle={{ color: 'var(--mantine-color-gray-7)' }}
              {...form.getInputProps('message')}
            />
            <Box style={HONEYPOT_STYLE} aria-hidden>
              <TextInput label={t('form.honeypot')} tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
            </Box>
            <Button type="submit" size="md" color="dark" loading={send.isPending} leftSection={<IconSend size={18} />} style={{ alignSelf: 'flex-start' }}>
              {t('form.send')}
            </Button>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
