import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { number } from '../../../lib/format.ts';
import { useLatestMessages } from '../api/messages-api.ts';
import { MessageRow } from './messages-view.tsx';

/** The operators' home: how many contact messages are new, and the latest three (each opens in /dashboard/messages). */
export function MessagesCard() {
  const { t } = useTranslation('contact');
  const navigate = useNavigate();
  const query = useLatestMessages(true);
  const page = query.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="messages-card-title" data-testid="messages-card">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconMessages size={20} aria-hidden />
          <Title order={3} fz="lg" id="messages-card-title">
            {t('messages.card_title')}
          </Title>
          {page && page.new_count > 0 && (
            <Badge color="red.9" variant="filled">
              {t('messages.card_new', { count: page.new_count, formatted: number(page.new_count) })}
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to="/dashboard/messages" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('messages.card_all')}
        </Anchor>
      </Group>
      {query.isError ? (
        <Text size="sm" c="red">
          {t('messages.load_failed')}
        </Text>
      ) : !page ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('messages.loading')}>
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      ) : page.total === 0 ? (
        <Text size="sm" c="gray.7">
          {t('messages.card_empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {page.data.map((message) => (
            <MessageRow key={message.id} message={message} onOpen={() => void navigate(`/dashboard/messages?message=${message.id}`)} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
