import { ActionIcon, Button, Fieldset, Group, Paper, Radio, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { SaveBar } from '../../../components/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../components/ui/leave-guard.ts';
import { MAX_PARTY_SIZE } from '@tavolo/contracts/requests';
import { SLOT_INTERVALS, type TReservationSettings } from '@tavolo/contracts/reservations';
import type { TOpeningDay } from '@tavolo/contracts/settings';
import { OpeningHoursFields } from '../../../components/ui/opening-hours-fields.tsx';
import { useBookingRulesForm } from './use-booking-rules-form.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';

const whole = { allowDecimal: false } as const;
/** Hints under the field, so the fields of a row line up whatever the length of their hints. */
const hintBelow = { inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[] };
const SECTION_LABEL = { label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-md)' } };

/** The rules guests book by: start times, stay lengths, how soon and how far ahead, party size, confirming, cancelling, hours. */
export function BookingRulesForm({ settings, openingHours, canManage }: { settings: TReservationSettings; openingHours: TOpeningDay[]; canManage: boolean }) {
  const { t } = useTranslation('reservation-setup');
  const { form, submit, saving } = useBookingRulesForm(settings, openingHours);
  useLeaveGuard(form.isDirty());
  const rules = form.values.stay_rules;
  const lastMinutes = rules.at(-1)?.minutes;
  const readOnly = !canManage;

  return (
    <form onSubmit={submit} noValidate data-form="booking-rules">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {t('rules.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('rules.hint')}
          </Text>
        </div>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label={t('rules.slot_interval')}
              description={t('rules.slot_interval_hint')}
              data={SLOT_INTERVALS.map((n) => ({ value: String(n), label: t('rules.minutes_option', { count: n }) }))}
              allowDeselect={false}
              readOnly={readOnly}
              {...hintBelow}
              {...form.getInputProps('slot_interval_minutes')}
            />
            <BoundedNumberInput
              label={t('rules.lead_time')}
              description={t('rules.lead_time_hint')}
              suffix={` ${t('rules.lead_time_suffix')}`}
              min={0}
              max={7 * 24 * 60}
              step={15}
              readOnly={readOnly}
              {...whole}
              {...hintBelow}
              {...form.getInputProps('lead_time_minutes')}
            />
            <BoundedNumberInput
              label={t('rules.days_ahead')}
              description={t('rules.days_ahead_hint')}
              suffix={` ${t('rules.days_suffix')}`}
              min={0}
              max={365}
              readOnly={readOnly}
              {...whole}
              {...hintBelow}
              {...form.getInputProps('max_days_ahead')}
            />
            <BoundedNumberInput
              label={t('rules.max_party')}
              description={t('rules.max_party_hint')}
              suffix={` ${t('rules.guests_suffix_short')}`}
              boundText={(count) => t('guest.guests_count', { count })}
              min={1}
              max={MAX_PARTY_SIZE}
              readOnly={readOnly}
              {...whole}
              {...hintBelow}
              {...form.getInputProps('max_party_online')}
            />
            <BoundedNumberInput
              label={t('rules.cancel_cutoff')}
              description={t('rules.cancel_cutoff_hint')}
              suffix={` ${t('rules.hours_suffix')}`}
              min={0}
              max={168}
              readOnly={readOnly}
              {...whole}
              {...hintBelow}
              {...form.getInputProps('cancel_cutoff_hours')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Fieldset variant="unstyled" legend={<Text fw={600}>{t('rules.stay_title')}</Text>}>
            <Text size="sm" c="dimmed" mb="sm">
              {t('rules.stay_hint')}
            </Text>
            <Stack gap="xs">
              {rules.map((_, index) => (
                <Group key={index} gap="xs" wrap="nowrap" align="flex-start" data-stay-rule={index}>
                  <Text size="sm" pt={8} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                    {t('rules.up_to')}
                  </Text>
                  <BoundedNumberInput
                    aria-label={t('rules.up_to_label', { row: index + 1 })}
                    suffix={` ${t('rules.guests_suffix', { count: Number(form.values.stay_rules[index]?.max_guests) || 0 })}`}
                    hideControls
                    min={1}
                    max={MAX_PARTY_SIZE}
                    readOnly={readOnly}
                    style={{ flex: 1, minWidth: 0 }}
                    {...whole}
                    {...form.getInputProps(`stay_rules.${index}.max_guests`)}
                  />
                  <Text size="sm" pt={8} aria-hidden>
                    →
                  </Text>
                  <BoundedNumberInput
                    aria-label={t('rules.minutes_label', { row: index + 1 })}
                    suffix={` ${t('rules.minutes_short')}`}
                    hideControls
                    min={15}
                    max={720}
                    step={15}
                    readOnly={readOnly}
                    style={{ flex: 1, minWidth: 0 }}
                    {...whole}
                    {...form.getInputProps(`stay_rules.${index}.minutes`)}
                  />
                  {canManage && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      disabled={rules.length === 1}
                      onClick={() => form.removeListItem('stay_rules', index)}
                      aria-label={t('rules.remove_row', { row: index + 1 })}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </Group>
              ))}
              {typeof form.errors.stay_rules === 'string' && (
                <Text c="red" size="sm" role="alert">
                  {form.errors.stay_rules}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {t('rules.bigger_parties', { minutes: lastMinutes === '' ? '…' : lastMinutes })}
              </Text>
              {canManage && rules.length < 10 && (
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    const last = rules.at(-1);
                    const guests = Math.min(MAX_PARTY_SIZE, Number(last?.max_guests || 0) + 2);
                    form.insertListItem('stay_rules', { max_guests: guests, minutes: last?.minutes || 120 });
                  }}
                >
                  {t('rules.add_row')}
                </Button>
              )}
            </Stack>
          </Fieldset>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Radio.Group
            label={t('rules.confirm_title')}
            value={form.values.auto_confirm ? 'auto' : 'staff'}
            onChange={(value) => form.setFieldValue('auto_confirm', value === 'auto')}
            readOnly={readOnly}
            styles={SECTION_LABEL}
          >
            <Stack gap="sm" mt="xs">
              <Radio value="staff" label={t('rules.staff_confirm')} description={t('rules.staff_confirm_hint')} disabled={readOnly && form.values.auto_confirm} />
              <Radio value="auto" label={t('rules.auto_confirm')} description={t('rules.auto_confirm_hint')} disabled={readOnly && !form.values.auto_confirm} />
            </Stack>
          </Radio.Group>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <Text fw={600}>{t('rules.hours_title')}</Text>
            <Switch
              label={t('rules.same_hours')}
              description={form.values.same_hours ? t('rules.same_hours_hint') : t('rules.own_hours_hint')}
              disabled={readOnly}
              {...form.getInputProps('same_hours', { type: 'checkbox' })}
            />
            {!form.values.same_hours && (
              <OpeningHoursFields
                days={form.values.hours}
                error={typeof form.errors.hours === 'string' ? form.errors.hours : undefined}
                timeProps={(index, field) => form.getInputProps(`hours.${index}.${field}`)}
                onOpenChange={(index, open) => form.setFieldValue(`hours.${index}.closed`, !open)}
                disabled={readOnly}
              />
            )}
          </Stack>
        </Paper>

        {canManage && (
          <SaveBar dirty={form.isDirty()} saving={saving} onDiscard={() => form.reset()} saveLabel={t('save')} saveDisabled={!form.isDirty()} />
        )}
      </Stack>
    </form>
  );
}
