import { MultiSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_PARTY_SIZE } from '@tavolo/contracts/requests';
import { type TReservationPlacementInput } from '@tavolo/contracts/reservations';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useReservationDay } from '../api/staff-api.ts';
import { seatsOf } from './timeline.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';

/** Where a booking sits, as both the phone booking and the move form edit it. */
export interface PlacementValues {
  date: string;
  time: string;
  guests: number | string;
  /** Empty: the stay rules decide. */
  duration_minutes: number | string;
  /** false: the server picks the smallest table (or joined tables) that fit. */
  pick: boolean;
  table_ids: string[];
}

/** The request body's placement part; numbers the browser left empty are simply not sent. */
export function placementBody(values: PlacementValues): Required<Pick<TReservationPlacementInput, 'date' | 'time'>> & Omit<TReservationPlacementInput, 'date' | 'time'> & { guests: number } {
  return {
    date: values.date,
    time: values.time,
    guests: Number(values.guests),
    duration_minutes: values.duration_minutes === '' ? undefined : Number(values.duration_minutes),
    table_ids: values.pick ? values.table_ids : undefined,
  };
}

/** Date, time, guests, stay and tables (picked automatically, or chosen from the restaurant's tables by area). */
export function PlacementFields<V extends PlacementValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation('reservations');
  const values = form.values as PlacementValues;
  // The restaurant's tables, from the day view of the chosen date (already cached when the form opens from it).
  const day = useReservationDay(/^\d{4}-\d{2}-\d{2}$/.test(values.date) ? values.date : null);
  const tables = (day.data?.areas ?? [])
    .map((area) => ({
      group: area.name,
      items: area.tables
        .filter((table) => table.active || values.table_ids.includes(table.id))
        .map((table) => ({ value: table.id, label: t('placement.table_option', { name: table.name, min: table.min_seats, max: table.max_seats }) })),
    }))
    .filter((group) => group.items.length > 0);
  // Staff may squeeze a party onto smaller tables (the server allows it), but not without noticing.
  const chosenSeats = seatsOf(day.data?.areas ?? [], values.table_ids);
  const guests = Number(values.guests);
  const tooSmall = values.pick && values.table_ids.length > 0 && Number.isInteger(guests) && chosenSeats < guests;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <DayInput short label={t('placement.date')} required {...form.getInputProps('date')} />
        <TextInput type="time" label={t('placement.time')} required step={300} {...form.getInputProps('time')} />
        <BoundedNumberInput label={t('placement.guests')} required min={1} max={MAX_PARTY_SIZE} allowDecimal={false} {...form.getInputProps('guests')} />
        <BoundedNumberInput
          label={t('placement.duration')}
          placeholder={t('placement.duration_auto')}
          min={15}
          max={720}
          step={15}
          allowDecimal={false}
          suffix={` ${t('placement.minutes')}`}
          {...form.getInputProps('duration_minutes')}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Switch label={t('placement.pick')} description={values.pick ? undefined : t('placement.auto_hint')} {...form.getInputProps('pick', { type: 'checkbox' })} />
        {values.pick && (
          <MultiSelect
            label={t('placement.tables')}
            placeholder={values.table_ids.length ? undefined : t('placement.tables_placeholder')}
            data={tables}
            searchable
            nothingFoundMessage={t('placement.no_tables')}
            comboboxProps={{ zIndex: 500 }}
            description={tooSmall ? t('placement.too_small', { count: chosenSeats, guests }) : undefined}
            styles={{ description: { color: 'var(--mantine-color-orange-9)' } }}
            {...form.getInputProps('table_ids')}
          />
        )}
      </Stack>
    </Stack>
  );
}
