import { useState, type ReactNode } from 'react';
import { useOneAtATime } from '../../../lib/one-at-a-time.ts';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TInboxItem, TInboxKind, TInboxReply } from '@tavolo/contracts/inbox';
import { AppError } from '../../../lib/api.ts';
import { dateTimeLong } from '../../../lib/format.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { DetailActions, DetailDrawer, DetailField, EmailLink, PhoneLink } from '../../../components/ui/detail-drawer.tsx';
import { ReasonModal } from '../../../components/ui/reason-modal.tsx';
import { useChangeInboxStatus, useInboxItem } from '../api/inbox-api.ts';
import { InboxStatusBadge } from './inbox-status-badge.tsx';
import { ACTION_STYLES, fieldsOf, messageOf, needsReason, nextStatuses } from './inbox-kinds.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ReplyThread } from './reply-thread.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={4} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What a page adds to a request's detail under its actions (the reservations page: the move form). */
export type DetailExtra = (item: TInboxItem) => ReactNode;

function Detail({ item, canManage, extra }: { item: TInboxItem & { replies: TInboxReply[] }; canManage: boolean; extra?: DetailExtra }) {
  const { t } = useTranslation('inbox');
  const change = useChangeInboxStatus(item.kind);
  const withNotification = useSaveNotification();
  const [asking, setAsking] = useState<string | null>(null);
  // Keeps the modal's words while it fades out after `asking` is cleared.
  const reasonKey = asking ?? 'declined';
  const next = nextStatuses(item);
  const message = messageOf(item);

  const move = useOneAtATime(async (status: string, reason?: string) => {
    try {
      await withNotification(() => change.mutateAsync({ id: item.id, status, reason }));
      return true;
    } catch {
      // The notification already says why (e.g. someone else moved it first).
      return false;
    }
  }, false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <InboxStatusBadge status={item.status} size="lg" />
        <Text size="sm" c="dimmed">
          {t('detail.received')}: {dateTimeLong(item.created_at)}
        </Text>
      </Group>

      {canManage && next.length > 0 && (
        <DetailActions label={t('detail.actions')}>
          {next.map((status) => (
            <Button
              key={status}
              {...ACTION_STYLES[status]}
              loading={change.isPending && change.variables?.status === status}
              disabled={change.isPending}
              onClick={() => (needsReason(status) ? setAsking(status) : void move(status))}
            >
              {t(`actions.${status}`)}
            </Button>
          ))}
        </DetailActions>
      )}
      {canManage && next.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.final')}
        </Text>
      )}
      {!canManage && (
        <Text size="sm" c="dimmed">
          {t('detail.view_only')}
        </Text>
      )}
      {canManage && extra?.(item)}

      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm">
        {fieldsOf(item, t).map((field) => (
          <DetailField key={field.label} label={field.label}>
            <Text size="sm" fw={600} component="div">
              {field.value}
            </Text>
          </DetailField>
        ))}
      </SimpleGrid>

      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('detail.guest')}
        </Text>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        {item.phone && <PhoneLink phone={item.phone} label={t('detail.call', { name: item.name })} />}
        {item.email && <EmailLink email={item.email} label={t('detail.email', { name: item.name })} />}
      </Stack>

      {message && (
        <Section title={t('detail.message')}>
          <Paper withBorder radius="sm" p="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message}
            </Text>
          </Paper>
        </Section>
      )}

      <Divider />
      <Section title={t('thread.title')}>
        <ReplyThread kind={item.kind} replies={item.replies} hasEmail={Boolean(item.email)} />
      </Section>
      {/* A booking taken by phone may have no e-mail address to answer to. */}
      {canManage && item.email && (
        <Section title={t('reply.title')}>
          <ReplyForm key={item.id} item={item} />
        </Section>
      )}

      <ReasonModal
        opened={asking !== null}
        labels={{
          title: t(`reason_modal.${reasonKey}_title`, { name: item.name }),
          text: t('reason_modal.text'),
          label: t('reason_modal.label'),
          placeholder: t('reason_modal.placeholder'),
          back: t('reason_modal.back'),
          confirm: t(`reason_modal.${reasonKey}_confirm`),
        }}
        saving={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => (asking ? move(asking, reason) : Promise.resolve(false))}
      />
    </Stack>
  );
}

/** The request named by `?id=`: every field, the steps the user may take, the e-mails sent and a reply form. */
export function InboxDrawer({ kind, id, canManage, onClose, extra }: { kind: TInboxKind; id: string | null; canManage: boolean; onClose: () => void; extra?: DetailExtra }) {
  const { t } = useTranslation('inbox');
  const item = useInboxItem(kind, id);
  const missing = item.error instanceof AppError && (item.error.code === 'NOT_FOUND' || item.error.code === 'VALIDATION');

  return (
    <DetailDrawer
      opened={Boolean(id)}
      onClose={onClose}
      title={item.data ? t(`kinds.${kind}.detail_title`, { name: item.data.name }) : t(`kinds.${kind}.title`)}
      closeLabel={t('detail.close')}
      loadingLabel={t('detail.loading')}
      errorMessage={item.isError ? (missing ? t('detail.not_found') : item.error.message) : null}
    >
      {item.data && <Detail item={item.data} canManage={canManage} extra={extra} />}
    </DetailDrawer>
  );
}
