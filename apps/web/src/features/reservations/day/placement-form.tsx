import { useState } from 'react';
import { Button, Collapse, Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsMove } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import type { TReservationItem } from '@tavolo/contracts/inbox';
import { ZReservationPlacement } from '@tavolo/contracts/reservations';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useMoveReservation } from '../api/staff-api.ts';
import { PlacementFields, placementBody, type PlacementValues } from './placement-fields.tsx';
import { holds } from './timeline.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const validate = zodValidate(ZReservationPlacement);

/** "Move / change tables" in a reservation's drawer: another date, time, party size, stay or tables. */
export function PlacementForm({ item, shownDate }: { item: TReservationItem; shownDate: string | null }) {
  const { t } = useTranslation('reservations');
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMoveReservation(shownDate);
  const initial = (): PlacementValues => ({
    date: item.date,
    time: item.time,
    guests: item.guests,
    duration_minutes: item.duration_minutes,
    pick: item.tables.length > 0,
    table_ids: item.tables.map((table) => table.id),
  });
  const form = useForm<PlacementValues>({ initialValues: initial(), validate: (values) => validate(placementBody(values)) });

  if (!holds(item)) return null;

  const toggle = () => {
    // Opens on the booking as it is now (it may have moved since the drawer opened).
    if (!opened) form.setValues(initial());
    form.clearErrors();
    setFailure(null);
    setOpened(!opened);
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await move.mutateAsync({ id: item.id, ...placementBody(values) });
      notifications.show({ color: 'green', message: result.message ?? t('day.moved', { name: item.name }) });
      setOpened(false);
    } catch (error) {
      setFailure(serverErrors(form, error));
    }
  });

  return (
    <Stack gap="xs">
      <Group>
        <Button variant="light" leftSection={<IconArrowsMove size={16} />} onClick={toggle} aria-expanded={opened}>
          {t('placement.open')}
        </Button>
      </Group>
      <Collapse in={opened}>
        <Paper withBorder radius="md" p="sm">
          <form onSubmit={submit} noValidate aria-label={t('placement.open')}>
            <Stack gap="sm">
              <PlacementFields form={form} />
              <FormActions cancelLabel={t('placement.cancel')} submitLabel={t('placement.save')} onCancel={toggle} pending={move.isPending} error={failure} />
            </Stack>
          </form>
        </Paper>
      </Collapse>
    </Stack>
  );
}
