import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TContactMessage } from '@tavolo/contracts/marketing';
import { DetailActions, DetailDrawer, DetailField, EmailLink, PhoneLink } from '../../../components/ui/detail-drawer.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { dateTimeLong } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useContactMessage, useDeleteMessage, useSetMessageHandled } from '../api/messages-api.ts';
import { MessageStatusBadge } from './message-status-badge.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

/** A reply in the sender's mail program, quoting their subject. */
const replyHref = (m: TContactMessage) => `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;

/** One contact message: sender, text, reply by mail, mark handled (or new again), delete after a confirmation. */
export function MessageDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('contact');
  const query = useContactMessage(id);
  const setHandled = useSetMessageHandled();
  const remove = useDeleteMessage();
  const withNotification = useSaveNotification();
  const m = query.data;

  const toggle = (message: TContactMessage) =>
    withNotification(() => setHandled.mutateAsync({ id: message.id, handled: message.status === 'new' })).catch(() => undefined);

  const confirmDelete = (message: TContactMessage) =>
    openConfirm({
      title: t('messages.delete_title'),
      children: <Text size="sm">{t('messages.delete_text', { name: message.name })}</Text>,
      labels: { confirm: t('messages.delete'), cancel: t('messages.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await withNotification(() => remove.mutateAsync(message.id)).then(onClose, () => undefined);
      },
    });

  return (
    <DetailDrawer
      opened={Boolean(id)}
      onClose={onClose}
      title={m?.subject ?? t('messages.message')}
      closeLabel={t('messages.close')}
      loadingLabel={t('messages.loading')}
      errorMessage={query.isError ? errorMessage(query.error) : null}
    >
      {m && (
        <Stack gap="lg" data-testid="message-drawer">
          <Group gap="xs">
            <MessageStatusBadge status={m.status} />
            {m.handled_at && (
              <Text size="sm" c="dimmed">
                {m.handled_by_name
                  ? t('messages.handled_by', { name: m.handled_by_name, date: dateTimeLong(m.handled_at) })
                  : t('messages.handled_on', { date: dateTimeLong(m.handled_at) })}
              </Text>
            )}
          </Group>
          <DetailActions label={t('messages.actions')}>
            <Button component="a" href={replyHref(m)} size="xs" leftSection={<IconMailForward size={16} />}>
              {t('messages.reply')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color={m.status === 'new' ? 'teal' : 'gray'}
              leftSection={m.status === 'new' ? <IconCheck size={16} /> : <IconArrowBackUp size={16} />}
              loading={setHandled.isPending}
              onClick={() => void toggle(m)}
            >
              {t(m.status === 'new' ? 'messages.mark_handled' : 'messages.mark_new')}
            </Button>
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(m)}>
              {t('messages.delete')}
            </Button>
          </DetailActions>
          <DetailField label={t('messages.from')}>
            <Stack gap={4}>
              <Text fw={600}>{m.name}</Text>
              <EmailLink email={m.email} label={t('messages.reply')} />
              {m.phone && <PhoneLink phone={m.phone} label={m.phone} />}
            </Stack>
          </DetailField>
          {m.restaurant_name && (
            <DetailField label={t('messages.restaurant')}>
              <Text size="sm">{m.restaurant_name}</Text>
            </DetailField>
          )}
          <Group gap="xl">
            <DetailField label={t('messages.received')}>
              <Text size="sm">{dateTimeLong(m.created_at)}</Text>
            </DetailField>
            <DetailField label={t('messages.language')}>
              <Text size="sm">{t(`messages.language_${m.language}`)}</Text>
            </DetailField>
          </Group>
          <DetailField label={t('messages.message')}>
            <Title order={3} fz="md" mb={4}>
              {m.subject}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.message}
            </Text>
          </DetailField>
        </Stack>
      )}
    </DetailDrawer>
  );
}
