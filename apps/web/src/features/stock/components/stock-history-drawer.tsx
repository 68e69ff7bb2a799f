import { useState } from 'react';
import { Alert, Badge, Drawer, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../app/i18n.ts';
import type { TStockLevel } from '@tavolo/contracts/stock';
import { errorMessage } from '../../../lib/forms.ts';
import { useStockMovements } from '../api/stock-api.ts';
import { dateTimeLong, number } from '../../../lib/format.ts';


/** A product's stock movements, newest first. */
export function StockHistoryDrawer({ level, onClose }: { level: TStockLevel | null; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const [state, setState] = useState({ id: '', page: 1 });
  const productId = level?.product_id ?? null;
  const page = state.id === productId ? state.page : 1;
  const movements = useStockMovements(productId, page);
  const data = movements.data;

  return (
    <Drawer opened={level !== null} onClose={onClose} position="right" size="md" title={t('history.title', { name: level?.name ?? '' })}>
      <Stack gap="sm">
        {movements.isError && (
          <Alert color="red" role="alert">
            {errorMessage(movements.error)}
          </Alert>
        )}
        {movements.isPending && <Skeleton height={160} />}
        {data && data.data.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {t('history.empty')}
          </Text>
        )}
        {data?.data.map((m) => (
          <Paper key={m.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={700} c={m.delta > 0 ? 'green' : 'red'}>
                    {m.delta > 0 ? `+${number(m.delta)}` : number(m.delta)}
                  </Text>
                  <Badge variant="light" color="gray" size="sm">
                    {t(`reasons.${m.reason}`)}
                  </Badge>
                </Group>
                {m.note && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {dateTimeLong(m.created_at)} · {m.user_name ?? t('history.system')}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {t('history.after')}
                </Text>
                <Text fw={600}>{number(m.quantity_after)}</Text>
              </Stack>
            </Group>
          </Paper>
        ))}
        {data && data.last_page > 1 && (
          <Group justify="center">
            <Pagination total={data.last_page} value={data.current_page} onChange={(p) => setState({ id: productId ?? '', page: p })} size="sm" />
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
