import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Divider, Drawer, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TCustomerDetail } from '@tavolo/contracts/customers';
import { ListLoadError, PageLoading } from '../../../components/ui/query-states.tsx';
import { errorMessage, fieldErrors } from '../../../lib/forms.ts';
import { dateTimeLong, longDate, money, number } from '../../../lib/format.ts';
import { useCustomer, useEraseCustomer, useExportCustomer } from '../api/customers-api.ts';
import { ConsentBadges } from './customers-view.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

/** Erasure needs the e-mail typed again: a deliberate act that cannot be undone. */
function EraseModal({ customer, opened, onClose, onErased }: { customer: TCustomerDetail; opened: boolean; onClose: () => void; onErased: () => void }) {
  const { t } = useTranslation('customers');
  const erase = useEraseCustomer();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === customer.email;
  const fieldError = erase.error ? (fieldErrors(erase.error).confirm_email ?? errorMessage(erase.error)) : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={t('erase.title', { name: customer.name })} centered>
      <Stack gap="sm">
        <Text size="sm">{t('erase.text')}</Text>
        <Text size="sm" fw={600}>
          {t('erase.type_to_confirm', { email: customer.email })}
        </Text>
        <TextInput label={t('erase.email_label')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} error={fieldError} autoComplete="off" data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('erase.cancel')}
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!matches}
            loading={erase.isPending}
            onClick={() =>
              // mutateAsync: the toast and closing must happen even though the list refetch re-renders the drawer.
              void erase
                .mutateAsync({ key: customer.key, confirm_email: typed })
                .then((result) => {
                  notifications.show({ color: 'teal', message: result.message ?? t('erase.done') });
                  onErased();
                })
                .catch(() => undefined)
            }
          >
            {t('erase.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CustomerDetail({ customer, canErase, onErased }: { customer: TCustomerDetail; canErase: boolean; onErased: () => void }) {
  const { t } = useTranslation('customers');
  const exportData = useExportCustomer();
  const [erasing, setErasing] = useState(false);
  const currency = customer.currency_symbol;
  return (
    <Stack gap="md">
      <div>
        <Title order={3}>{customer.name}</Title>
        <Text size="sm">{customer.email}</Text>
        {customer.phone && (
          <Text size="sm" c="dimmed">
            {customer.phone}
          </Text>
        )}
        <Group mt="xs">
          <ConsentBadges customer={customer} />
        </Group>
      </div>
      <SimpleGrid cols={{ base: 2 }} spacing="xs">
        <Fact label={t('columns.orders')} value={number(customer.order_count)} />
        <Fact label={t('columns.spent')} value={money(customer.total_spent_cents, currency)} />
        <Fact label={t('detail.first_visit')} value={longDate(customer.first_visit)} />
        <Fact label={t('columns.last_visit')} value={longDate(customer.last_visit)} />
      </SimpleGrid>

      <Divider label={t('detail.orders', { count: customer.orders.length })} labelPosition="left" />
      {customer.orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.no_orders')}
        </Text>
      ) : (
        <Stack gap={6}>
          {customer.orders.map((o) => (
            <Group key={o.id} justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Anchor component={Link} to={`/dashboard/orders?order_id=${o.id}`} fw={600} size="sm">
                  {t('detail.order_number', { number: o.number })}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {dateTimeLong(o.created_at)}
                </Text>
              </div>
              {/* Never shrinks: the badge's status was cut short on a phone while the order number had room to wrap. */}
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge variant="light" color={o.status === 'rejected' || o.status === 'cancelled' ? 'gray' : 'teal'}>
                  {t(`orders:status.${o.status}`)}
                </Badge>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} td={o.status === 'rejected' || o.status === 'cancelled' ? 'line-through' : undefined}>
                  {money(o.total_cents, o.currency_symbol)}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}

      <Divider label={t('detail.reservations', { count: customer.reservations.length })} labelPosition="left" />
      {customer.reservations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.no_reservations')}
        </Text>
      ) : (
        <Stack gap={6}>
          {customer.reservations.map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{t('detail.reservation_line', { date: longDate(r.date), time: r.time, count: r.guests })}</Text>
              <Badge variant="light" color="gray">
                {t(`reservation_status.${r.status}`, { defaultValue: r.status })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}

      <Divider label={t('detail.privacy')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('detail.privacy_text')}
      </Text>
      {exportData.isError && (
        <Alert color="red" role="alert">
          {errorMessage(exportData.error)}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exportData.isPending} onClick={() => exportData.mutate({ key: customer.key, email: customer.email })}>
          {t('detail.export')}
        </Button>
        {canErase && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setErasing(true)}>
            {t('detail.erase')}
          </Button>
        )}
      </Group>
      {canErase && <EraseModal customer={customer} opened={erasing} onClose={() => setErasing(false)} onErased={onErased} />}
    </Stack>
  );
}

/** The open customer (`?customer=`): figures, orders, reservations, export and erasure. */
export function CustomerDrawer({ customerKey, canErase, onClose }: { customerKey: string | null; canErase: boolean; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const customer = useCustomer(customerKey);
  return (
    <Drawer opened={Boolean(customerKey)} onClose={onClose} position="right" size="md" title={t('detail.title')} closeButtonProps={{ 'aria-label': t('detail.close') }}>
      {customer.isError ? (
        <ListLoadError title={t('detail.load_failed')} error={customer.error} retryLabel={t('retry')} onRetry={() => void customer.refetch()} retrying={customer.isFetching} />
      ) : customer.data ? (
        <CustomerDetail key={customer.data.key} customer={customer.data} canErase={canErase} onErased={onClose} />
      ) : (
        <PageLoading label={t('loading')} />
      )}
    </Drawer>
  );
}
