import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_DELIVERY_ZONES, type TDeliveryZone } from '@tavolo/contracts/ordering';
import { ListEmpty } from '../../../components/ui/query-states.tsx';
import { errorMessage } from '../../../lib/forms.ts';
import { money, numberFormat } from '../../../lib/format.ts';
import { orderingApi, useOrderingMutation } from '../api/ordering-api.ts';
import { ZoneFormModal } from './zone-form-modal.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';

const km = (meters: number) => numberFormat(undefined, { maximumFractionDigits: 1 }).format(meters / 1000);

/** Delivery zones in the order they are tried (the first that covers the address wins), with up/down to reorder. */
export function DeliveryZonesSection({ zones, currency, hasLocation, deliveryEnabled }: { zones: TDeliveryZone[]; currency: string; hasLocation: boolean; deliveryEnabled: boolean }) {
  const { t } = useTranslation('ordering');
  const [editing, setEditing] = useState<{ zone: TDeliveryZone | null } | null>(null);
  const remove = useOrderingMutation((id: string) => orderingApi.deleteZone(id));
  const reorder = useOrderingMutation((ids: string[]) => orderingApi.reorderZones(ids));

  const move = (index: number, by: -1 | 1) => {
    const ids = zones.map((z) => z.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, { onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }) });
  };

  const confirmDelete = (zone: TDeliveryZone) =>
    openConfirm({
      title: t('zones.delete_title', { name: zone.name }),
      children: <Text size="sm">{t('zones.delete_text')}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () =>
        remove.mutate(zone.id, {
          onSuccess: (result) => notifications.show({ color: 'teal', message: result.message ?? t('zones.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={3} size="h4">
              {t('zones.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('zones.hint')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ zone: null })} disabled={zones.length >= MAX_DELIVERY_ZONES}>
            {t('zones.add')}
          </Button>
        </Group>
        {!deliveryEnabled && (
          <Text size="sm" c="orange">
            {t('zones.delivery_off')}
          </Text>
        )}
        {zones.length === 0 ? (
          <ListEmpty icon={<IconMapPin size={28} />} title={t('zones.empty_title')} text={t('zones.empty_text')} />
        ) : (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('zones.title')}>
            {zones.map((zone, i) => (
              <Paper key={zone.id} component="li" withBorder radius="sm" p="sm" style={{ opacity: zone.is_active ? 1 : 0.65 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>
                        {i + 1}. {zone.name}
                      </Text>
                      {!zone.is_active && (
                        <Badge color="gray" variant="light">
                          {t('zones.inactive')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {zone.kind === 'radius' ? t('zones.within_km', { km: km(zone.radius_meters ?? 0) }) : zone.postal_codes.join(', ')}
                    </Text>
                    <Text size="sm">{t('zones.fee_min', { fee: money(zone.fee_cents, currency), min: money(zone.min_order_cents, currency) })}</Text>
                  </Stack>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" color="gray" aria-label={t('zones.move_up', { name: zone.name })} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('zones.move_down', { name: zone.name })} disabled={i === zones.length - 1 || reorder.isPending} onClick={() => move(i, 1)}>
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t('zones.edit', { name: zone.name })} onClick={() => setEditing({ zone })}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('zones.delete', { name: zone.name })} onClick={() => confirmDelete(zone)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ZoneFormModal opened={editing !== null} zone={editing?.zone ?? null} currency={currency} hasLocation={hasLocation} onClose={() => setEditing(null)} />
    </Paper>
  );
}
