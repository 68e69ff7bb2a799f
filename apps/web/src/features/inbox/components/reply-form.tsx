import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { ZInboxReply, type TInboxItem } from '@tavolo/contracts/inbox';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSendReply } from '../api/inbox-api.ts';
import { replySubject } from './inbox-kinds.tsx';

/** Answers the guest by e-mail; the mail goes out in the restaurant's layout and the reply joins the thread. */
export function ReplyForm({ item }: { item: TInboxItem }) {
  const { t } = useTranslation('inbox');
  const send = useSendReply(item.kind);
  const form = useForm({ initialValues: { subject: replySubject(item, t), body: '' }, validate: zodValidate(ZInboxReply) });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          const result = await send.mutateAsync({ id: item.id, ...values });
          notifications.show({ color: 'green', message: result.message ?? t('reply.sent'), autoClose: 4000 });
          form.setFieldValue('body', '');
        } catch (error) {
          const message = serverErrors(form, error);
          if (message) notifications.show({ color: 'red', title: t('reply.failed'), message, autoClose: 6000 });
        }
      })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('reply.to', { email: item.email })}
        </Text>
        <TextInput label={t('reply.subject')} required maxLength={200} {...form.getInputProps('subject')} />
        <Textarea label={t('reply.body')} placeholder={t('reply.body_placeholder')} required autosize minRows={4} maxRows={14} maxLength={5000} {...form.getInputProps('body')} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            {t('reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
