import { useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconPencil, IconPercentage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TTaxRate } from '@tavolo/contracts/ordering';
import { ratePercent } from '../../../components/ui/order-totals-rows.ts';
import { ListEmpty, ListLoadError, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useDeleteTaxRate, useSaveTaxSettings, useTaxRates, useTaxSettings } from '../api/taxes-api.ts';
import { TaxRateModal } from './tax-rate-modal.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';


/** The two ways of showing prices, side by side; the chosen one is marked. */
function ModeCard({ selected, title, text, example }: { selected: boolean; title: string; text: string; example: string }) {
  return (
    <Paper withBorder radius="md" p="sm" style={{ borderColor: selected ? 'var(--mantine-color-teal-6)' : undefined, borderWidth: selected ? 2 : 1 }} aria-current={selected || undefined}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {selected && (
            <ThemeIcon size="sm" radius="xl" color="teal" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {example}
        </Text>
      </Stack>
    </Paper>
  );
}

function PriceModeSection() {
  const { t } = useTranslation('taxes');
  const settings = useTaxSettings();
  const save = useSaveTaxSettings();
  const notifySave = useSaveNotification();
  const included = save.isPending ? save.variables.prices_include_tax : settings.data?.prices_include_tax;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {t('mode.title')}
        </Title>
        {settings.isError && <ListLoadError title={t('load_failed')} error={settings.error} retryLabel={t('retry')} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />}
        {settings.isPending && <ListSkeleton label={t('loading')} rows={2} />}
        {settings.data && (
          <>
            <Switch
              size="md"
              label={t('mode.switch')}
              description={included ? t('mode.on') : t('mode.off')}
              checked={Boolean(included)}
              disabled={save.isPending}
              onChange={(e) => {
                const value = e.currentTarget.checked;
                void notifySave(() => save.mutateAsync({ prices_include_tax: value })).catch(() => undefined);
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ModeCard selected={Boolean(included)} title={t('mode.included_title')} text={t('mode.included_text')} example={t('mode.included_example')} />
              <ModeCard selected={!included} title={t('mode.added_title')} text={t('mode.added_text')} example={t('mode.added_example')} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function RatesSection() {
  const { t } = useTranslation('taxes');
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const [editing, setEditing] = useState<{ rate: TTaxRate | null } | null>(null);
  const list = rates.data ?? [];
  const fallback = list.find((r) => r.is_default);

  const confirmDelete = (rate: TTaxRate) =>
    openConfirm({
      title: t('delete.title', { name: rate.name }),
      children: (
        <Text size="sm">
          {rate.is_default
            ? t('delete.last')
            : rate.products_count > 0
              ? t('delete.products', { count: rate.products_count, fallback: fallback ? `${fallback.name} (${ratePercent(fallback.rate_millipercent)})` : '' })
              : t('delete.text')}
        </Text>
      ),
      labels: { confirm: t('delete.confirm'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(rate.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('delete.done', { name: rate.name }) }),
          onError: (error) => notifications.show({ color: 'red', title: t('delete.failed'), message: errorMessage(error) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="lg">
            {t('rates.title')}
          </Title>
          {list.length > 0 && (
            <Button size="sm" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rate: null })}>
              {t('rates.add')}
            </Button>
          )}
        </Group>
        <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
          {t('rates.default_explained')}
        </Alert>

        {rates.isError && <ListLoadError title={t('load_failed')} error={rates.error} retryLabel={t('retry')} onRetry={() => void rates.refetch()} retrying={rates.isFetching} />}
        {rates.isPending && <ListSkeleton label={t('loading')} rows={2} />}
        {rates.data && list.length === 0 && (
          <ListEmpty icon={<IconPercentage size={28} />} title={t('rates.empty_title')} text={t('rates.empty_text')}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rate: null })}>
              {t('rates.add')}
            </Button>
          </ListEmpty>
        )}
        {list.length > 0 && (
          <Stack gap="xs">
            {list.map((rate) => {
              const blocked = rate.is_default && list.length > 1;
              return (
                <Paper key={rate.id} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Box miw={64}>
                        <Text fw={700} size="lg">
                          {ratePercent(rate.rate_millipercent)}
                        </Text>
                      </Box>
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs">
                          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                            {rate.name}
                          </Text>
                          {rate.is_default && (
                            <Badge size="sm" variant="light" color="teal">
                              {t('rates.default_badge')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {!rate.is_default ? t('rates.used_by', { count: rate.products_count }) : rate.products_count > 0 ? t('rates.used_by_default', { count: rate.products_count }) : t('rates.used_by_default_only')}
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('rates.edit')}>
                        <ActionIcon variant="subtle" size="lg" aria-label={t('rates.edit_for', { name: rate.name })} onClick={() => setEditing({ rate })}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={blocked ? t('delete.blocked') : t('delete.confirm')} multiline maw={260}>
                        {/* A disabled button fires no events; the wrapper keeps the tooltip explaining why. */}
                        <span>
                          <ActionIcon variant="subtle" color="red" size="lg" disabled={blocked} aria-label={t('delete.label', { name: rate.name })} onClick={() => confirmDelete(rate)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </span>
                      </Tooltip>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
      <TaxRateModal opened={editing !== null} rate={editing?.rate ?? null} isFirst={list.length === 0} onClose={() => setEditing(null)} />
    </Paper>
  );
}

/** /dashboard/taxes: whether menu prices include tax, and the restaurant's tax rates (one of them the default). */
export function TaxesView() {
  const { t } = useTranslation('taxes');
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <PriceModeSection />
      <RatesSection />
    </Stack>
  );
}
