import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Anchor, Button, Divider, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TInboxItem, TInboxKind, TInboxReply } from '@tavolo/contracts/inbox';
import { AppError } from '../../../lib/api.ts';
import { dateTimeLong } from '../../../lib/format.ts';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { ReasonModal } from '../../../components/ui/reason-modal.tsx';
import { useChangeInboxStatus, useInboxItem } from '../api/inbox-api.ts';
import { InboxStatusBadge } from './inbox-status-badge.tsx';
import { ACTION_STYLES, fieldsOf, messageOf, needsReason, nextStatuses } from './inbox-kinds.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ReplyThread } from './reply-thread.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

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

function Detail({ item, canManage }: { item: TInboxItem & { replies: TInboxReply[] }; canManage: boolean }) {
  const { t } = useTranslation('inbox');
  const change = useChangeInboxStatus(item.kind);
  const withNotification = useSaveNotification();
  const [asking, setAsking] = useState<string | null>(null);
  // Keeps the modal's words while it fades out after `asking` is cleared.
  const reasonKey = asking ?? 'declined';
  const next = nextStatuses(item);
  const message = messageOf(item);

  const move = async (status: string, reason?: string) => {
    try {
      await withNotification(() => change.mutateAsync({ id: item.id, status, reason }));
      return true;
    } catch {
      // The notification already says why (e.g. someone else moved it first).
      return false;
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <InboxStatusBadge status={item.status} size="lg" />
        <Text size="sm" c="dimmed">
          {t('detail.received')}: {dateTimeLong(item.created_at)}
        </Text>
      </Group>

      {canManage && next.length > 0 && (
        <Paper withBorder radius="md" p="sm" role="group" aria-label={t('detail.actions')}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
            {t('detail.actions')}
          </Text>
          <Group gap="xs" wrap="wrap">
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
          </Group>
        </Paper>
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

      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm">
        {fieldsOf(item, t).map((field) => (
          <Field key={field.label} label={field.label}>
            {field.value}
          </Field>
        ))}
      </SimpleGrid>

      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('detail.guest')}
        </Text>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        {item.phone && (
          <Anchor href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} size="sm" aria-label={t('detail.call', { name: item.name })}>
            <Group gap={6} wrap="nowrap" component="span">
              <IconPhone size={16} aria-hidden />
              {item.phone}
            </Group>
          </Anchor>
        )}
        <Anchor href={`mailto:${item.email}`} size="sm" aria-label={t('detail.email', { name: item.name })} style={{ wordBreak: 'break-all' }}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
            {item.email}
          </Group>
        </Anchor>
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
        <ReplyThread replies={item.replies} />
      </Section>
      {canManage && (
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
export function InboxDrawer({ kind, id, canManage, onClose }: { kind: TInboxKind; id: string | null; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const item = useInboxItem(kind, id);
  const phone = useMediaQuery('(max-width: 48em)');
  const missing = item.error instanceof AppError && (item.error.code === 'NOT_FOUND' || item.error.code === 'VALIDATION');

  return (
    <Drawer
      opened={Boolean(id)}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
      title={
        <Text fw={700} fz="lg">
          {item.data ? t(`kinds.${kind}.detail_title`, { name: item.data.name }) : t(`kinds.${kind}.title`)}
        </Text>
      }
    >
      {item.data ? (
        <Detail item={item.data} canManage={canManage} />
      ) : item.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {missing ? t('detail.not_found') : item.error.message}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={t('detail.loading')}>
          <Skeleton height={28} width="40%" />
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Drawer>
  );
}
