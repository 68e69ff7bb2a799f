import { useEffect } from 'react';
import { Anchor, Box, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { PLAN_IDS } from '@tavolo/contracts/plans';
import { TENANT_SORTS, type TPlatformTenant } from '@tavolo/contracts/platform';
import { TENANT_STATUSES } from '@tavolo/contracts/tenant';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { ListEmpty, ListLoadError, ListRefreshState, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { useDebouncedSearch } from '../../../components/ui/use-debounced-search.ts';
import { longDate } from '../../../lib/format.ts';
import { useTenants } from '../api/platform-api.ts';
import { useTenantFilters } from '../hooks/use-tenant-filters.ts';
import { TenantActions, type TenantPermissions } from './tenant-actions.tsx';
import { PlanBadges, StatusBadge } from './tenant-badges.tsx';
import { TenantDrawer } from './tenant-drawer.tsx';
import { TenantEditModal } from './tenant-edit-modal.tsx';

interface ListProps {
  tenants: TPlatformTenant[];
  can: TenantPermissions;
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
}

function Address({ tenant }: { tenant: TPlatformTenant }) {
  return (
    <Anchor href={tenant.url} target="_blank" rel="noopener noreferrer" size="xs" onClick={(e) => e.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      {tenant.url.replace(/^https?:\/\//, '')}
    </Anchor>
  );
}

function TenantsTable({ tenants, can, onOpen, onEdit }: ListProps) {
  const { t } = useTranslation('platform');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenants.columns.restaurant')}</Table.Th>
            <Table.Th>{t('tenants.columns.owner')}</Table.Th>
            <Table.Th miw={130}>{t('tenants.columns.status')}</Table.Th>
            <Table.Th>{t('tenants.columns.plan')}</Table.Th>
            <Table.Th>{t('tenants.columns.created')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('tenants.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.map((r) => (
            <Table.Tr key={r.id} onClick={() => onOpen(r.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <UnstyledButton
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(r.id);
                  }}
                  aria-label={t('tenants.open', { name: r.name })}
                >
                  <Text size="sm" fw={600}>
                    {r.name}
                  </Text>
                </UnstyledButton>
                <div>
                  <Address tenant={r} />
                </div>
              </Table.Td>
              <Table.Td>
                {r.owner ? (
                  <>
                    <Text size="sm">{r.owner.name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.owner.email}
                    </Text>
                  </>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('view.no_owner')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td>
                <PlanBadges tenant={r} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{longDate(r.created_at)}</Table.Td>
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <TenantActions tenant={r} can={can} onView={() => onOpen(r.id)} onEdit={() => onEdit(r.id)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TenantCards({ tenants, can, onOpen, onEdit }: ListProps) {
  const { t } = useTranslation('platform');
  return (
    <Stack gap="xs">
      {tenants.map((r) => (
        <Paper key={r.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <UnstyledButton onClick={() => onOpen(r.id)} aria-label={t('tenants.open', { name: r.name })} miw={0} style={{ flex: 1 }}>
              <Text fw={600} truncate>
                {r.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {r.owner ? `${r.owner.name} · ${r.owner.email}` : t('view.no_owner')}
              </Text>
            </UnstyledButton>
            <TenantActions tenant={r} can={can} onView={() => onOpen(r.id)} onEdit={() => onEdit(r.id)} />
          </Group>
          <Group gap={6} mt={8} wrap="wrap">
            <StatusBadge status={r.status} />
            <PlanBadges tenant={r} />
          </Group>
          <Group justify="space-between" mt={6} wrap="nowrap" gap="xs">
            <Box miw={0}>
              <Address tenant={r} />
            </Box>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {longDate(r.created_at)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** /dashboard/tenants: every restaurant, searched, filtered, sorted and paged on the server, with its actions. */
export function TenantsView({ can }: { can: TenantPermissions }) {
  const { t } = useTranslation('platform');
  const phone = useMediaQuery('(max-width: 48em)');
  const { filters, update, viewId, editId, open } = useTenantFilters();
  const [search, setSearch] = useDebouncedSearch(filters.search, (value) => update({ search: value }));
  const query = {
    search: filters.search || undefined,
    status: filters.status || undefined,
    plan: filters.plan || undefined,
    upgrade_requested: filters.upgrade ? ('true' as const) : undefined,
    sort: filters.sort,
    page: filters.page,
    per_page: filters.per_page,
  };
  const tenants = useTenants(query);
  const page = tenants.data;
  const filtered = Boolean(filters.search || filters.status || filters.plan || filters.upgrade);

  useEffect(() => {
    if (page && filters.page > page.last_page) update({ page: page.last_page });
  }, [page, filters.page, update]);

  const listProps = { tenants: page?.data ?? [], can, onOpen: (id: string) => open('tenant', id), onEdit: (id: string) => open('edit', id) };

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('tenants.title')} subtitle={t('tenants.subtitle')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} pos="relative">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              style={{ flex: '1 1 260px' }}
              leftSection={<IconSearch size={16} aria-hidden />}
              placeholder={t('tenants.search_placeholder')}
              aria-label={t('tenants.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Select
              style={{ flex: '1 1 140px' }}
              label={t('tenants.status_filter')}
              data={[{ value: '', label: t('tenants.all_statuses') }, ...TENANT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
              value={filters.status}
              onChange={(value) => update({ status: (value ?? '') as typeof filters.status })}
              allowDeselect={false}
            />
            <Select
              style={{ flex: '1 1 140px' }}
              label={t('tenants.plan_filter')}
              data={[{ value: '', label: t('tenants.all_plans') }, ...PLAN_IDS.map((p) => ({ value: p, label: t(`plan.${p}`) }))]}
              value={filters.plan}
              onChange={(value) => update({ plan: (value ?? '') as typeof filters.plan })}
              allowDeselect={false}
            />
            <Select
              style={{ flex: '1 1 160px' }}
              label={t('tenants.sort')}
              data={TENANT_SORTS.map((s) => ({ value: s, label: t(`tenants.sorts.${s}`) }))}
              value={filters.sort}
              onChange={(value) => update({ sort: (value ?? 'newest') as typeof filters.sort })}
              allowDeselect={false}
            />
          </Group>
          <Checkbox label={t('tenants.upgrade_filter')} checked={filters.upgrade} onChange={(e) => update({ upgrade: e.currentTarget.checked })} />

          {tenants.isError && !page ? (
            <ListLoadError title={t('tenants.load_failed')} error={tenants.error} retryLabel={t('home.retry')} onRetry={() => tenants.refetch()} retrying={tenants.isFetching} />
          ) : !page ? (
            <ListSkeleton label={t('tenants.loading')} />
          ) : page.data.length === 0 ? (
            <ListEmpty icon={<IconBuildingStore size={28} />} title={filtered ? t('tenants.none_found') : t('tenants.empty')} text={filtered ? t('tenants.none_found_text') : t('tenants.empty_text')} />
          ) : (
            <>
              <ListRefreshState query={tenants} />
              {phone ? <TenantCards {...listProps} /> : <TenantsTable {...listProps} />}
              <ListPagination page={page} t={t} onChange={update} perPage={filters.per_page} />
            </>
          )}
        </Stack>
      </Paper>
      <TenantDrawer id={viewId} can={can} onClose={() => open('tenant', null)} onEdit={() => viewId && open('edit', viewId)} />
      <TenantEditModal id={editId} onClose={() => open('edit', null)} />
    </Stack>
  );
}
