import { Paper, Text, Timeline } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TInboxKind, TInboxReply } from '@tavolo/contracts/inbox';
import { dateTimeLong } from '../../../lib/format.ts';

/** Every e-mail sent to the guest about this request, oldest first (a booking's own confirmation is not kept here). */
export function ReplyThread({ kind, replies, hasEmail }: { kind: TInboxKind; replies: TInboxReply[]; hasEmail: boolean }) {
  const { t } = useTranslation('inbox');
  if (!replies.length) {
    // A booking taken by phone without an address got no automatic mail either.
    return (
      <Text size="sm" c="dimmed">
        {t(!hasEmail ? 'thread.no_email' : kind === 'reservation' ? 'thread.empty_reservation' : 'thread.empty')}
      </Text>
    );
  }
  return (
    <Timeline active={replies.length - 1} bulletSize={24} lineWidth={2} aria-label={t('thread.title')}>
      {replies.map((reply) => (
        <Timeline.Item key={reply.id} bullet={<IconMailForward size={14} aria-hidden />} title={reply.subject} data-testid="reply">
          <Text size="xs" c="dimmed">
            {t('thread.meta', { name: reply.user_name || t('thread.someone'), to: reply.to, when: dateTimeLong(reply.created_at) })}
          </Text>
          <Paper withBorder radius="sm" p="xs" mt={6} bg="var(--mantine-color-gray-light)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {reply.body}
            </Text>
          </Paper>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
