import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Chip, Group, LoadingOverlay, Pagination, Paper, Skeleton, Stack, Table, Text, ThemeIcon, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconMailForward, IconMailbox } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TMailLogEntry, TMailStatus } from '@tavolo/contracts/mail-log';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useMailLog, useResendMail } from '../api/mail-log-api.ts';
import { dateTime } from '../../../lib/format.ts';

const PER_PAGE = 10;
const FILTERS = ['all', 'failed', 'pending', 'sent'] as const;
type Filter = (typeof FILTERS)[number];

const STATUS_COLOR: Record<TMailStatus, string> = { sent: 'teal', pending: 'yellow', failed: 'red' };

function StatusBadge({ mail }: { mail: TMailLogEntry }) {
  const { t } = useTranslation('mail-settings');
  const badge = (
    <Badge color={STATUS_COLOR[mail.status]} variant={mail.status === 'failed' ? 'filled' : 'light'} style={{ flexShrink: 0 }}>
      {t(`log.status.${mail.status}`)}
    </Badge>
  );
  // The error is also written out below the badge; the tooltip is for a quick look on wide screens.
  return mail.last_error ? (
    <Tooltip label={mail.last_error} multiline maw={360} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** What happened, in words: when it went out, when the next try is, or why it failed. `clamp`: the table keeps
 * long errors to three lines (the whole text is on hover); phone cards have no hover, so they show all of it. */
function StatusDetail({ mail, clamp = false }: { mail: TMailLogEntry; clamp?: boolean }) {
  const { t } = useTranslation('mail-settings');
  if (mail.status === 'sent' && mail.sent_at) {
    return (
      <Text size="xs" c="dimmed">
        {t('log.sent_at', { time: dateTime(mail.sent_at) })}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {mail.last_error && (
        <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }} lineClamp={clamp ? 3 : undefined} title={mail.last_error}>
          {t(mail.status === 'failed' ? 'log.failed_because' : 'log.last_error', { error: mail.last_error })}
        </Text>
      )}
      {mail.status === 'pending' && (
        <Text size="xs" c="dimmed">
          {mail.attempts > 0 ? t('log.next_try', { time: dateTime(mail.next_attempt_at) }) : t('log.queued')}
        </Text>
      )}
    </Stack>
  );
}

function ResendButton({ mail }: { mail: TMailLogEntry }) {
  const { t } = useTranslation('mail-settings');
  const resend = useResendMail();
  const notify = useSaveNotification();
  if (mail.status !== 'failed') return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconMailForward size={14} />}
      loading={resend.isPending}
      aria-label={t('log.resend_to', { to: mail.to })}
      // The notification already says what went wrong, in words.
      onClick={() => void notify(() => resend.mutateAsync(mail.id), { success: t('log.resent') }).catch(() => undefined)}
    >
      {t('log.resend')}
    </Button>
  );
}

function MailTable({ mails }: { mails: TMailLogEntry[] }) {
  const { t } = useTranslation('mail-settings');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.columns.time')}</Table.Th>
            <Table.Th>{t('log.columns.recipient')}</Table.Th>
            <Table.Th>{t('log.columns.subject')}</Table.Th>
            <Table.Th>{t('log.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('log.columns.attempts')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('log.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id} data-status={mail.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dateTime(mail.created_at)}</Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{mail.to}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{mail.subject || t('log.no_subject')}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Stack gap={4} align="flex-start">
                  <StatusBadge mail={mail} />
                  <StatusDetail mail={mail} clamp />
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{mail.attempts}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <ResendButton mail={mail} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MailCards({ mails }: { mails: TMailLogEntry[] }) {
  const { t } = useTranslation('mail-settings');
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {mails.map((mail) => (
        <Card key={mail.id} component="li" withBorder radius="md" padding="sm" data-status={mail.status}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.subject || t('log.no_subject')}
            </Text>
            <StatusBadge mail={mail} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('log.to', { to: mail.to })}
          </Text>
          <Text size="xs" c="dimmed">
            {dateTime(mail.created_at)} · {t('log.attempts', { count: mail.attempts })}
          </Text>
          <Box mt={4}>
            <StatusDetail mail={mail} />
          </Box>
          {mail.status === 'failed' && (
            <Group mt="xs">
              <ResendButton mail={mail} />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/** "Recent e-mails" on the e-mail settings page: what went out, what waits, what failed (with a resend). */
export function MailLogPanel() {
  const { t } = useTranslation('mail-settings');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const mails = useMailLog({ status: filter === 'all' ? undefined : filter, page, per_page: PER_PAGE });
  const data = mails.data;

  // Past the last page (the list shrank, e.g. after a resend under the Failed filter): go to the last one.
  // Adjusted while rendering, as React suggests for state derived from new data, rather than in an effect.
  if (data && !mails.isPlaceholderData && page > data.last_page) setPage(data.last_page);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mail-log-title">
      <Group gap="sm" mb={4} wrap="nowrap">
        <Box c="brand" style={{ display: 'flex' }}>
          <IconMailbox size={20} stroke={1.6} />
        </Box>
        <Title order={3} size="h4" id="mail-log-title">
          {t('log.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('log.hint')}
      </Text>

      {/* Chips wrap on a phone, where four segments would cut off the German labels. */}
      <Chip.Group
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
      >
        <Group gap="xs" mb="md" role="radiogroup" aria-label={t('log.filter')}>
          {FILTERS.map((f) => (
            <Chip key={f} value={f} variant="outline" size="sm">
              {t(`log.filters.${f}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {mails.isError && !data ? (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('log.load_failed')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(mails.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mails.refetch()} loading={mails.isFetching}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} radius="sm" />
          ))}
        </Stack>
      ) : data.total === 0 ? (
        <Stack align="center" gap="xs" ta="center" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconInbox size={24} />
          </ThemeIcon>
          <Text fw={600}>{t(filter === 'all' ? 'log.empty' : 'log.empty_filtered')}</Text>
        </Stack>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={mails.isPlaceholderData && mails.isFetching} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
          {mails.isError && (
            <Alert color="red" mb="sm" role="alert">
              {errorMessage(mails.error)}
            </Alert>
          )}
          <Box visibleFrom="sm">
            <MailTable mails={data.data} />
          </Box>
          <Box hiddenFrom="sm">
            <MailCards mails={data.data} />
          </Box>
        </Box>
      )}

      {data && data.total > 0 && (
        <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('log.range', {
              from: (data.current_page - 1) * data.per_page + 1,
              to: Math.min(data.current_page * data.per_page, data.total),
              total: data.total,
            })}{' '}
            · {t('log.refreshing')}
          </Text>
          {data.last_page > 1 && (
            <Pagination
              total={data.last_page}
              value={data.current_page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`log.page_${control}`) })}
              getItemProps={(value) => ({ 'aria-label': t('log.page_n', { page: value }) })}
            />
          )}
        </Group>
      )}
    </Paper>
  );
}
