import { Button, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_PARTY_SIZE, reservationSlots, weekdayOf, ZReservationRequest, type TReservationRequest } from '@tavolo/contracts/requests';
import { zodValidate } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';
import { useReservationOptions } from '../hooks/use-request-options.ts';
import { useRequestSubmit } from '../hooks/use-request-submit.ts';
import { ResultModal } from './result-modal.tsx';

interface Values {
  full_name: string;
  phone_number: string;
  email: string;
  date: string;
  time: string;
  guests: number | string;
  message: string;
}

const EMPTY: Values = { full_name: '', phone_number: '', email: '', date: '', time: '', guests: 2, message: '' };

/** NumberInput gives '' when empty: that is "required", not "wrong type". */
const toRequest = (v: Values) => ({ ...v, guests: v.guests === '' ? undefined : typeof v.guests === 'string' ? Number(v.guests) : v.guests });
const schemaErrors = zodValidate(ZReservationRequest);

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * SPEC §2.2/§5/§8 reservation form, on the landing page and on /reservation: every field required, guests an
 * integer of at least 1, no past dates, times from the opening hours of the chosen day when they are known.
 */
export function ReservationForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('requests');
  const options = useReservationOptions();
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => schemaErrors(toRequest(values)) });

  const today = options.data?.today ?? localToday();
  const day = options.data && /^\d{4}-\d{2}-\d{2}$/.test(form.values.date) ? options.data.opening_hours.find((d) => d.day === weekdayOf(form.values.date)) : undefined;
  const slots = day ? reservationSlots(day) : [];
  const closedThatDay = Boolean(day?.closed);

  const { sending, submit, result, closeResult } = useRequestSubmit(form, {
    empty: EMPTY,
    send: (values) => requestsApi.reserve(toRequest(values) as TReservationRequest),
    afterReset: () => {
      form.resetDirty(EMPTY);
      form.clearErrors();
    },
    success: (message) => ({ title: t('reservation.success_title'), message: message ?? t('reservation.success_text') }),
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="reservation-form-title">
      <Stack gap="md">
        <div>
          <Title order={headingLevel} id="reservation-form-title" fz={{ base: 22, sm: 26 }}>
            <IconCalendarEvent size={26} aria-hidden style={{ verticalAlign: '-4px', marginRight: 8 }} />
            {t('reservation.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('reservation.intro')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate data-form="reservation">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('fields.full_name')} autoComplete="name" required {...form.getInputProps('full_name')} name="full_name" />
              <TextInput label={t('fields.phone_number')} type="tel" autoComplete="tel" required {...form.getInputProps('phone_number')} name="phone_number" />
              <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} name="email" />
              <NumberInput
                label={t('fields.guests')}
                required
                min={1}
                max={MAX_PARTY_SIZE}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('guests')}
                name="guests"
              />
              <TextInput
                label={t('fields.date')}
                type="date"
                required
                {...form.getInputProps('date')}
                min={today}
                name="date"
                onChange={(event) => {
                  form.setFieldValue('date', event.currentTarget.value);
                  // A time picked for another day may not exist on this one.
                  form.setFieldValue('time', '');
                }}
              />
              {options.data ? (
                <Select
                  label={t('fields.time')}
                  required
                  data={slots}
                  disabled={!day || closedThatDay}
                  placeholder={!day ? t('reservation.date_first') : closedThatDay ? t('reservation.closed_day') : t('reservation.pick_time')}
                  allowDeselect={false}
                  checkIconPosition="right"
                  comboboxProps={{ zIndex: 350 }}
                  {...form.getInputProps('time')}
                  onChange={(value) => form.setFieldValue('time', value ?? '')}
                  name="time"
                />
              ) : (
                <TextInput label={t('fields.time')} type="time" required {...form.getInputProps('time')} name="time" />
              )}
            </SimpleGrid>
            <Textarea label={t('fields.message')} required autosize minRows={3} maxRows={8} {...form.getInputProps('message')} name="message" />
            <Button type="submit" loading={sending} disabled={sending} size="md" style={{ alignSelf: 'flex-start' }}>
              {t('reservation.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
      <ResultModal result={result} onClose={closeResult} />
    </Paper>
  );
}
