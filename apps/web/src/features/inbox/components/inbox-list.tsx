import { Badge, Box, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TInboxItem } from '@tavolo/contracts/inbox';
import { dateTimeLong } from '../../../lib/format.ts';
import { InboxStatusBadge } from './inbox-status-badge.tsx';
import { isOpen, summaryOf } from './inbox-kinds.tsx';

interface Props {
  items: TInboxItem[];
  selectedId: string | null;
  onOpen: (id: string) => void;
}

const OPEN_BG = 'var(--mantine-color-orange-light)';
const background = (item: TInboxItem, selectedId: string | null) => (item.id === selectedId ? 'var(--mantine-primary-color-light)' : isOpen(item) ? OPEN_BG : undefined);

function Replies({ count }: { count: number }) {
  const { t } = useTranslation('inbox');
  if (!count) return null;
  return (
    <Badge variant="light" color="blue" leftSection={<IconMail size={12} aria-hidden />} aria-label={t('reply_count', { count })}>
      {count}
    </Badge>
  );
}

/** Wide screens: a table; a row opens the request, open ones (pending, new) stand out. */
function InboxTable({ items, selectedId, onOpen }: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.guest')}</Table.Th>
            <Table.Th>{t('columns.about')}</Table.Th>
            <Table.Th>{t('columns.received')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} onClick={() => onOpen(item.id)} style={{ cursor: 'pointer' }} bg={background(item, selectedId)} data-status={item.status}>
              <Table.Td maw={260}>
                {/* The row is clickable; this button makes it reachable by keyboard and screen readers. */}
                <UnstyledButton
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(item.id);
                  }}
                  aria-label={t('open', { name: item.name })}
                  fw={600}
                  fz="sm"
                >
                  {item.name}
                </UnstyledButton>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {item.email || item.phone}
                </Text>
              </Table.Td>
              <Table.Td maw={360}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" lineClamp={1}>
                    {summaryOf(item, t)}
                  </Text>
                  <Replies count={item.reply_count} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {dateTimeLong(item.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <InboxStatusBadge status={item.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: the same rows as tappable cards. */
function InboxCards({ items, selectedId, onOpen }: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <UnstyledButton key={item.id} onClick={() => onOpen(item.id)} aria-label={t('open', { name: item.name })} data-status={item.status}>
          <Paper withBorder radius="md" p="sm" bg={background(item, selectedId)} style={isOpen(item) ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} size="sm" lineClamp={1}>
                  {item.name}
                </Text>
                <Text size="sm" lineClamp={2}>
                  {summaryOf(item, t)}
                </Text>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {dateTimeLong(item.created_at)}
                  </Text>
                  <Replies count={item.reply_count} />
                </Group>
              </Stack>
              <InboxStatusBadge status={item.status} />
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

export function InboxList(props: Props) {
  const { t } = useTranslation('inbox');
  if (!props.items.length) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('no_results')}
      </Text>
    );
  }
  return (
    <>
      <Box visibleFrom="sm">
        <InboxTable {...props} />
      </Box>
      <Box hiddenFrom="sm">
        <InboxCards {...props} />
      </Box>
    </>
  );
}
