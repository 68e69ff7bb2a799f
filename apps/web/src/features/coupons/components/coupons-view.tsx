import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, LoadingOverlay, Paper, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TCoupon, TCouponInput } from '@tavolo/contracts/ordering';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { longDate, money, number } from '../../../lib/format.ts';
import { useCoupons, useDeleteCoupon, useSaveCoupon } from '../api/coupons-api.ts';
import { useCurrencySymbol } from '../../../lib/currencies.ts';
import { CouponFormModal } from './coupon-form-modal.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

const inputOf = (c: TCoupon): TCouponInput => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_order_cents: c.min_order_cents,
  valid_from: c.valid_from,
  valid_until: c.valid_until,
  max_uses: c.max_uses,
  max_uses_per_customer: c.max_uses_per_customer,
  is_active: c.is_active,
});

/** Today on the browser's clock as YYYY-MM-DD (the restaurant's own day differs by hours at most). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type State = 'active' | 'off' | 'scheduled' | 'expired' | 'used_up';
const STATE_COLOR: Record<State, string> = { active: 'green', off: 'gray', scheduled: 'blue', expired: 'orange', used_up: 'red' };

function stateOf(c: TCoupon): State {
  if (!c.is_active) return 'off';
  if (c.valid_until && c.valid_until < today()) return 'expired';
  if (c.max_uses !== null && c.uses >= c.max_uses) return 'used_up';
  if (c.valid_from && c.valid_from > today()) return 'scheduled';
  return 'active';
}

/** /dashboard/coupons: the restaurant's promotion codes, their limits and how often they were used. */
export function CouponsView({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('coupons');
  const currency = useCurrencySymbol();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ page: 1, per_page: 20 });
  const [editing, setEditing] = useState<{ coupon: TCoupon | null } | null>(null);
  const coupons = useCoupons({ search: debounced || undefined, ...paging });
  const save = useSaveCoupon();
  const remove = useDeleteCoupon();
  const data = coupons.data;

  const discount = (c: TCoupon) => (c.kind === 'percent' ? t('discount_percent', { value: c.value }) : t('discount_fixed', { amount: money(c.value, currency) }));
  const minimum = (c: TCoupon) => (c.min_order_cents > 0 ? money(c.min_order_cents, currency) : t('no_minimum'));
  const validity = (c: TCoupon) =>
    c.valid_from && c.valid_until
      ? t('valid.range', { from: longDate(c.valid_from), until: longDate(c.valid_until) })
      : c.valid_from
        ? t('valid.from', { from: longDate(c.valid_from) })
        : c.valid_until
          ? t('valid.until', { until: longDate(c.valid_until) })
          : t('valid.always');
  const uses = (c: TCoupon) => (c.max_uses === null ? t('uses_unlimited', { uses: number(c.uses) }) : t('uses_limited', { uses: number(c.uses), max: number(c.max_uses) }));
  const perCustomer = (c: TCoupon) => (c.max_uses_per_customer === null ? t('unlimited') : t('per_customer_times', { count: c.max_uses_per_customer }));

  const toggle = (c: TCoupon, isActive: boolean) =>
    save.mutate(
      { id: c.id, input: { ...inputOf(c), is_active: isActive } },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: isActive ? t('switched_on', { code: c.code }) : t('switched_off', { code: c.code }) }),
        onError: (error) => notifications.show({ color: 'red', title: t('save_failed'), message: errorMessage(error) }),
      },
    );

  const confirmDelete = (c: TCoupon) =>
    openConfirm({
      title: t('delete.title', { code: c.code }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('delete.text')}</Text>
          {c.uses > 0 && (
            <Text size="sm" c="dimmed">
              {t('delete.history', { count: c.uses })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(c.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('delete.done', { code: c.code }) }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });

  const stateBadge = (c: TCoupon) => {
    const state = stateOf(c);
    return (
      <Badge color={STATE_COLOR[state]} variant="light" size="sm" style={{ flexShrink: 0 }}>
        {t(`state.${state}`)}
      </Badge>
    );
  };

  const activeSwitch = (c: TCoupon) => (
    <Switch
      checked={c.is_active}
      disabled={!canManage || (save.isPending && save.variables?.id === c.id)}
      onChange={(e) => toggle(c, e.currentTarget.checked)}
      aria-label={t('active_for', { code: c.code })}
    />
  );

  const actions = (c: TCoupon) =>
    canManage && (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('edit')}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('edit_for', { code: c.code })} onClick={() => setEditing({ coupon: c })}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('delete.confirm')}>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('delete.label', { code: c.code })} onClick={() => confirmDelete(c)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );

  const code = (c: TCoupon) => (
    <Text fw={700} size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
      {c.code}
    </Text>
  );

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ coupon: null })}>
              {t('add')}
            </Button>
          )
        }
      />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <SearchInput
            aria-label={t('search')}
            placeholder={t('search')}
            clearLabel={t('search_clear')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            w={{ base: '100%', xs: 280 }}
          />

          {coupons.isError && !data && <ListLoadError title={t('load_failed')} error={coupons.error} retryLabel={t('retry')} onRetry={() => void coupons.refetch()} retrying={coupons.isFetching} />}
          {coupons.isPending && <ListSkeleton label={t('loading')} />}

          {data && (
            <Box pos="relative">
              <LoadingOverlay visible={coupons.isFetching && coupons.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
              {data.data.length === 0 ? (
                debounced ? (
                  <Text c="dimmed" ta="center" py="xl">
                    {t('no_results')}
                  </Text>
                ) : (
                  <ListEmpty icon={<IconTicket size={28} />} title={t('empty_title')} text={t('empty_text')}>
                    {canManage && (
                      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ coupon: null })}>
                        {t('add')}
                      </Button>
                    )}
                  </ListEmpty>
                )
              ) : (
                <>
                  <Box visibleFrom="md">
                    <Table verticalSpacing="sm" highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('columns.code')}</Table.Th>
                          <Table.Th>{t('columns.discount')}</Table.Th>
                          <Table.Th>{t('columns.min_order')}</Table.Th>
                          <Table.Th>{t('columns.valid')}</Table.Th>
                          <Table.Th>{t('columns.uses')}</Table.Th>
                          <Table.Th>{t('columns.per_customer')}</Table.Th>
                          <Table.Th>{t('columns.active')}</Table.Th>
                          {canManage && <Table.Th ta="right">{t('columns.actions')}</Table.Th>}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.data.map((c) => (
                          <Table.Tr key={c.id}>
                            <Table.Td>
                              <Group gap="xs" wrap="nowrap">
                                {code(c)}
                                {stateBadge(c)}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" fw={600}>
                                {discount(c)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{minimum(c)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{validity(c)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{uses(c)}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{perCustomer(c)}</Text>
                            </Table.Td>
                            <Table.Td>{activeSwitch(c)}</Table.Td>
                            {canManage && <Table.Td>{actions(c)}</Table.Td>}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Box>
                  <Stack gap="xs" hiddenFrom="md">
                    {data.data.map((c) => (
                      <Paper key={c.id} withBorder radius="md" p="sm">
                        <Stack gap={6}>
                          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                            <Group gap="xs" style={{ minWidth: 0 }}>
                              {code(c)}
                              {stateBadge(c)}
                            </Group>
                            {activeSwitch(c)}
                          </Group>
                          <Text size="sm" fw={600}>
                            {discount(c)}
                            <Text span size="sm" c="dimmed" fw={400}>
                              {' · '}
                              {c.min_order_cents > 0 ? t('card.min_order', { amount: minimum(c) }) : t('card.no_min_order')}
                            </Text>
                          </Text>
                          <Text size="xs" c="dimmed">
                            {validity(c)}
                          </Text>
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="xs" c="dimmed">
                              {t('card.uses', { uses: uses(c) })} · {t('card.per_customer', { value: perCustomer(c) })}
                            </Text>
                            {actions(c)}
                          </Group>
                        </Stack>
                      </Paper>
                    ))}
                  </Stack>
                </>
              )}
            </Box>
          )}

          {data && <ListPagination page={data} t={t} perPage={paging.per_page} onChange={(patch) => setPaging((p) => ({ page: patch.page ?? 1, per_page: patch.per_page ?? p.per_page }))} />}
        </Stack>
      </Paper>

      <CouponFormModal opened={editing !== null} coupon={editing?.coupon ?? null} currency={currency} onClose={() => setEditing(null)} />
    </Stack>
  );
}

