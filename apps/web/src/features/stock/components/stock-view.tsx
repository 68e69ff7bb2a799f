import { useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Center, Group, LoadingOverlay, Pagination, Paper, Skeleton, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconHistory, IconSearch, IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { number } from '../../../lib/format.ts';
import type { TStockFilter, TStockLevel, TStockStatus } from '@tavolo/contracts/stock';
import { errorMessage } from '../../../lib/forms.ts';
import { useStockLevels } from '../api/stock-api.ts';
import { AdjustStockModal } from './adjust-stock-modal.tsx';
import { StockHistoryDrawer } from './stock-history-drawer.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';

const PER_PAGE = 20;
const STATUS_COLOR: Record<TStockStatus, string> = { ok: 'green', low: 'yellow', out: 'red', untracked: 'gray' };

export function StockBadge({ status }: { status: TStockStatus }) {
  const { t } = useTranslation('stock');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

function Thumb({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Center bg="gray.1" c="gray.5" w={40} h={40} style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }} aria-hidden>
        <IconToolsKitchen2 size={20} stroke={1.5} />
      </Center>
    );
  }
  return (
    <img src={src} alt="" width={40} height={40} loading="lazy" onError={() => setFailed(true)} style={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }} />
  );
}

function Level({ level }: { level: TStockLevel }) {
  const { t } = useTranslation('stock');
  return (
    <Stack gap={0}>
      <Text fw={700} size="sm" c={level.status === 'out' ? 'red' : undefined}>
        {number(level.stock_quantity)}
      </Text>
      {level.low_stock_threshold > 0 && (
        <Text size="xs" c="dimmed">
          {t('threshold', { count: level.low_stock_threshold })}
        </Text>
      )}
    </Stack>
  );
}

/** /dashboard/stock: levels of the tracked products, adjustments and each product's history. */
export function StockView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('stock');
  const [filter, setFilter] = useState<TStockFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<TStockLevel | null>(null);
  const [history, setHistory] = useState<TStockLevel | null>(null);
  const query = { filter, search: debounced || undefined, page, per_page: PER_PAGE };
  const levels = useStockLevels(query);
  const data = levels.data;

  const actions = (level: TStockLevel) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('history.open')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('history.open_for', { name: level.name })} onClick={() => setHistory(level)}>
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
      {canManage && (
        <Button size="xs" variant="light" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setAdjusting(level)} aria-label={t('adjust.open_for', { name: level.name })}>
          {t('adjust.open')}
        </Button>
      )}
    </Group>
  );

  const empty = (
    <Text c="dimmed" ta="center" py="xl">
      {filter === 'all' && !debounced ? t('empty') : t('no_results')}
    </Text>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Tabs
              value={filter}
              onChange={(value) => {
                setFilter((value as TStockFilter | null) ?? 'all');
                setPage(1);
              }}
              variant="pills"
              radius="xl"
            >
              <Tabs.List>
                <Tabs.Tab value="all">{t('filter.all')}</Tabs.Tab>
                <Tabs.Tab value="low">{t('filter.low')}</Tabs.Tab>
                <Tabs.Tab value="out">{t('filter.out')}</Tabs.Tab>
              </Tabs.List>
            </Tabs>
            <TextInput
              aria-label={t('search')}
              placeholder={t('search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 260 }}
            />
          </Group>

          {levels.isError && (
            <Alert color="red" role="alert">
              {errorMessage(levels.error)}
            </Alert>
          )}
          {levels.isPending && <Skeleton height={200} />}

          {data && (
            <Box pos="relative">
              <LoadingOverlay visible={levels.isFetching && levels.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
              {data.data.length === 0 ? (
                empty
              ) : (
                <>
                  <Box visibleFrom="sm">
                    <Table verticalSpacing="sm" highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('columns.product')}</Table.Th>
                          <Table.Th>{t('columns.level')}</Table.Th>
                          <Table.Th>{t('columns.status')}</Table.Th>
                          <Table.Th ta="right">{t('columns.actions')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.data.map((level) => (
                          <Table.Tr key={level.product_id}>
                            <Table.Td>
                              <Group gap="sm" wrap="nowrap">
                                <Thumb src={level.image} />
                                <div style={{ minWidth: 0 }}>
                                  <Text fw={600} size="sm" lineClamp={1}>
                                    {level.name}
                                  </Text>
                                  <Text size="xs" c="dimmed">
                                    {level.category.name}
                                  </Text>
                                </div>
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Level level={level} />
                            </Table.Td>
                            <Table.Td>
                              <StockBadge status={level.status} />
                            </Table.Td>
                            <Table.Td>{actions(level)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Box>
                  <Stack gap="xs" hiddenFrom="sm">
                    {data.data.map((level) => (
                      <Paper key={level.product_id} withBorder radius="md" p="sm">
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Thumb src={level.image} />
                          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                              <Text fw={600} size="sm" lineClamp={2}>
                                {level.name}
                              </Text>
                              <StockBadge status={level.status} />
                            </Group>
                            <Text size="xs" c="dimmed">
                              {level.category.name}
                            </Text>
                            <Group justify="space-between" wrap="nowrap" gap="xs">
                              <Level level={level} />
                              {actions(level)}
                            </Group>
                          </Stack>
                        </Group>
                      </Paper>
                    ))}
                  </Stack>
                </>
              )}
            </Box>
          )}

          {data && data.last_page > 1 && (
            <Group justify="center">
              <Pagination total={data.last_page} value={data.current_page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Paper>

      <AdjustStockModal level={adjusting} onClose={() => setAdjusting(null)} />
      <StockHistoryDrawer level={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
