import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { ZSubscribeRequest } from '@tavolo/contracts/requests';
import { AppError } from '../../../lib/api.ts';
import { zodValidate, useForm } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';

const validate = zodValidate(ZSubscribeRequest);

/**
 * SPEC §5/§8 newsletter sign-up in the storefront footer: nothing is sent while the address is empty or
 * malformed; 'Subscribed!' (3 s) with the server's "check your inbox" message, or 'Error' with its message.
 */
export function NewsletterForm() {
  const { t } = useTranslation('requests');
  const [sending, setSending] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: (values) => validate(values) });

  const submit = form.onSubmit(async ({ email }) => {
    setSending(true);
    try {
      const res = await requestsApi.subscribe(email);
      form.reset();
      notifications.show({ color: 'green', title: t('newsletter.subscribed'), message: res.message ?? t('newsletter.check_inbox'), autoClose: 3000 });
    } catch (error) {
      const message = error instanceof AppError && error.message ? error.message : t('newsletter.failed');
      notifications.show({ color: 'red', title: t('common.error'), message, autoClose: 5000 });
    } finally {
      setSending(false);
    }
  });

  return (
    <Stack gap="xs" component="section" aria-labelledby="newsletter-title">
      <Title order={3} id="newsletter-title" fz="sm" c="white" tt="uppercase" lts={0.5}>
        {t('newsletter.title')}
      </Title>
      <Text size="sm" c="gray.5">
        {t('newsletter.intro')}
      </Text>
      <form onSubmit={submit} noValidate data-form="newsletter">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('newsletter.email_label')}
            placeholder={t('newsletter.placeholder')}
            type="email"
            autoComplete="email"
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps('email')}
            name="email"
            styles={{ error: { color: 'var(--mantine-color-red-3)' } }}
          />
          <Button type="submit" loading={sending} leftSection={<IconMailForward size={16} aria-hidden />}>
            {t('newsletter.submit')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
