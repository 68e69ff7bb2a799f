import { Alert, Anchor, Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { IconBan, IconExternalLink, IconWorld } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TPlatformTenantDetail } from '@tavolo/contracts/platform';
import { DetailDrawer, DetailField } from '../../../components/ui/detail-drawer.tsx';
import { dateTimeLong, longDate, money, number, relativeTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useTenant } from '../api/platform-api.ts';
import { TenantActions, type TenantPermissions } from './tenant-actions.tsx';
import { PlanBadges, StatusBadge, STATUS_COLORS } from './tenant-badges.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" mt={2}>
        {value}
      </Text>
    </Paper>
  );
}

function Detail({ tenant, can, onEdit, onClose }: { tenant: TPlatformTenantDetail; can: TenantPermissions; onEdit: () => void; onClose: () => void }) {
  const { t } = useTranslation('platform');
  const f = tenant.figures;
  const address = [tenant.address, tenant.street, `${tenant.postal_code} ${tenant.city}`, tenant.state, tenant.county, tenant.country].filter(Boolean).join(', ');
  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <StatusBadge status={tenant.status} />
        <PlanBadges tenant={tenant} />
      </Group>
      {(can.manage || can.remove) && <TenantActions tenant={tenant} can={can} onEdit={onEdit} onDeleted={onClose} variant="buttons" />}
      {tenant.status === 'suspended' && tenant.suspended_reason && (
        <Alert color="red" variant="light" icon={<IconBan />} title={t('view.suspended_reason')}>
          {tenant.suspended_reason}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('view.orders')} value={number(f.orders)} />
        <Figure label={t('view.revenue')} value={money(f.revenue_cents, f.currency_symbol)} />
        <Figure label={t('view.users')} value={number(f.users)} />
        <Figure label={t('view.products')} value={number(f.products)} />
        <Figure label={t('view.last_activity')} value={f.last_activity_at ? relativeTime(f.last_activity_at) : t('view.never')} />
        <Figure label={t('view.created')} value={longDate(tenant.created_at)} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DetailField label={t('view.owner')}>
          {tenant.owner ? (
            <>
              <Text size="sm" fw={600}>
                {tenant.owner.name}
              </Text>
              <Anchor href={`mailto:${tenant.owner.email}`} size="sm">
                {tenant.owner.email}
              </Anchor>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('view.no_owner')}
            </Text>
          )}
        </DetailField>
        <DetailField label={t('view.contact')}>
          <Anchor href={`mailto:${tenant.email}`} size="sm" display="block">
            {tenant.email}
          </Anchor>
          <Anchor href={`tel:${tenant.phone.replace(/[^\d+]/g, '')}`} size="sm">
            {tenant.phone}
          </Anchor>
        </DetailField>
        <DetailField label={t('view.address')}>
          <Text size="sm">{address}</Text>
        </DetailField>
        <DetailField label={t('view.domains')}>
          <Stack gap={4}>
            <Anchor href={tenant.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconExternalLink size={14} aria-hidden />
                {tenant.url.replace(/^https?:\/\//, '')}
              </Group>
            </Anchor>
            {tenant.domains.map((d) => (
              <Group key={d.host} gap={6} wrap="nowrap">
                <IconWorld size={14} aria-hidden />
                <Text size="sm" truncate title={d.display_host !== d.host ? d.host : undefined}>
                  {d.display_host}
                </Text>
                <Badge size="xs" variant="light" color={d.verified_at ? 'teal' : 'yellow'}>
                  {d.verified_at ? t('view.verified') : t('view.unverified')}
                </Badge>
              </Group>
            ))}
          </Stack>
        </DetailField>
      </SimpleGrid>

      <Divider />
      <div>
        <Text fw={700} mb="sm">
          {t('view.history')}
        </Text>
        {tenant.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('view.no_history')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {tenant.history.map((h) => (
              <Timeline.Item key={h.id} color={STATUS_COLORS[h.to_status]} title={<StatusBadge status={h.to_status} />}>
                <Text size="xs" c="dimmed">
                  {t('view.history_by', { date: dateTimeLong(h.created_at), by: h.actor_name ?? t('view.platform') })}
                </Text>
                {h.reason && <Text size="sm">{h.reason === 'trial ended' ? t('view.trial_ended') : h.reason}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Stack>
  );
}

/** One restaurant for the operators: owner, contact, domains, plan, figures and status history, with its actions. */
export function TenantDrawer({ id, can, onClose, onEdit }: { id: string | null; can: TenantPermissions; onClose: () => void; onEdit: () => void }) {
  const { t } = useTranslation('platform');
  const tenant = useTenant(id);
  return (
    <DetailDrawer
      opened={Boolean(id)}
      onClose={onClose}
      title={tenant.data?.name ?? t('view.title')}
      closeLabel={t('view.close')}
      loadingLabel={t('view.loading')}
      errorMessage={tenant.isError ? errorMessage(tenant.error) : null}
    >
      {tenant.data && <Detail tenant={tenant.data} can={can} onEdit={onEdit} onClose={onClose} />}
    </DetailDrawer>
  );
}
