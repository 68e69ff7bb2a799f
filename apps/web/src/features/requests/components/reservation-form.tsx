import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Chip, Input, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarEvent, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import { MAX_PARTY_SIZE, weekdayOf, ZReservationRequest, type TReservationOptions, type TReservationRequest } from '@tavolo/contracts/requests';
import type { TAvailability } from '@tavolo/contracts/reservations';
import { hasHoursOn } from '@tavolo/contracts/time';
import { AppError } from '../../../lib/api.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { longDate } from '../../../lib/format.ts';
import { zodValidate, useForm } from '../../../lib/forms.ts';
import { requestsApi } from '../api/requests-api.ts';
import { useReservationAvailability, useReservationOptions } from '../hooks/use-request-options.ts';
import { useRequestSubmit } from '../hooks/use-request-submit.ts';
import { ResultModal } from './result-modal.tsx';
import { DayInput } from '../../../components/ui/day-input.tsx';
import { GrowingTextarea } from '../../../components/ui/growing-textarea.tsx';

interface Values {
  full_name: string;
  phone_number: string;
  email: string;
  date: string;
  time: string;
  guests: number | string;
  message: string;
}

const EMPTY: Values = { full_name: '', phone_number: '', email: '', date: '', time: '', guests: '', message: '' };

/** NumberInput gives '' when empty: that is "required", not "wrong type". */
const toRequest = (v: Values) => ({ ...v, guests: v.guests === '' ? undefined : typeof v.guests === 'string' ? Number(v.guests) : v.guests });
const schemaErrors = zodValidate(ZReservationRequest);
/** A party size the availability can be asked about. */
const partySize = (guests: number | string) => {
  const n = Number(guests);
  return guests !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PARTY_SIZE ? n : null;
};
// A closed day after one open past midnight still offers the night's tail (Saturday 00:00–02:00).
const closedOn = (options: TReservationOptions | undefined, date: string) => !options || !hasHoursOn(options.hours, weekdayOf(date));

/**
 * SPEC §2.2/§5/§8 reservation form, on the landing page and on /reservation: every field required, guests an
 * integer of at least 1. The calendar offers only bookable days; once date and party size are chosen, only
 * the times with a free table are offered (issue #9). `phone` is the restaurant's, for parties too big to book online.
 */
export function ReservationForm({ headingLevel = 2, phone }: { headingLevel?: 1 | 2; phone?: string }) {
  const { t } = useTranslation('requests');
  const options = useReservationOptions();
  const client = useQueryClient();
  const form = useForm<Values>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => schemaErrors(toRequest(values)) });
  const guests = partySize(form.values.guests);
  // A party larger than the restaurant books online (60 of at most 8) is told to call at once, whatever the date.
  const typed = Number(form.values.guests);
  const largeParty = form.values.guests !== '' && Number.isInteger(typed) && options.data && typed > options.data.max_party_online ? typed : null;
  const availability = useReservationAvailability(form.values.date, guests);
  const times = availability.data?.times;

  // A time chosen for another day or party may not be offered any more.
  const chosen = form.values.time;
  useEffect(() => {
    if (chosen && times && !times.includes(chosen)) form.setFieldValue('time', '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [times, chosen]);
  // Another day or party brings another list of times: a "required" said of the last list no longer applies to it.
  useEffect(() => {
    form.clearFieldError('time');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [times]);

  const { sending, submit, result, closeResult } = useRequestSubmit(form, {
    empty: EMPTY,
    send: (values) => requestsApi.reserve(toRequest(values) as TReservationRequest),
    afterReset: () => {
      form.resetDirty(EMPTY);
      form.clearErrors();
      void client.invalidateQueries({ queryKey: ['requests', 'reservation-availability'] });
    },
    afterFailure: (error) => {
      // Someone took the last table meanwhile: show the times as they are now.
      if (error instanceof AppError && error.code === 'CONFLICT') void availability.refetch();
    },
    success: (message, sent) => ({
      title: t('reservation.success_title'),
      message: message ?? t('reservation.success_text'),
      summary: t('reservation.success_summary', { date: longDate(sent.date), time: sent.time, count: Number(sent.guests) }),
    }),
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
              <BoundedNumberInput
                label={t('fields.guests')}
                required
                min={1}
                max={options.data?.max_party_online ?? MAX_PARTY_SIZE}
                allowDecimal={false}
                {...form.getInputProps('guests')}
                name="guests"
              />
              <DayInput
                label={t('fields.date')}
                required
                minDate={options.data?.today}
                maxDate={options.data?.last_date}
                excludeDate={(date) => closedOn(options.data, date)}
                value={form.values.date || null}
                onChange={(value) => form.setFieldValue('date', value ?? '')}
                error={form.errors.date}
                name="date"
                data-field="date"
              />
            </SimpleGrid>
            <TimeChoice
              availability={availability.data}
              loading={availability.isFetching && !availability.data}
              failed={availability.isError}
              askFirst={!form.values.date || guests === null}
              largeParty={largeParty}
              value={form.values.time}
              onChange={(time) => form.setFieldValue('time', time)}
              error={form.errors.time}
              phone={phone}
              lastDate={options.data?.last_date}
              maxParty={options.data?.max_party_online}
            />
            <GrowingTextarea label={t('fields.message')} required minRows={3} maxRows={8} {...form.getInputProps('message')} name="message" />
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

/** Chips as equal cells of the grid, the time centred (the check icon would shift it). */
const CHIP_STYLES = { label: { width: '100%', justifyContent: 'center', paddingInline: 4 }, iconWrapper: { display: 'none' } };

/** The offered start times as a grid of radio chips (arrow keys move between them), or why there are none. */
function TimeChoice(props: {
  availability: TAvailability | undefined;
  loading: boolean;
  failed: boolean;
  askFirst: boolean;
  value: string;
  onChange: (time: string) => void;
  error: ReactNode;
  phone?: string;
  lastDate?: string;
  maxParty?: number;
  /** A party typed larger than the restaurant books online: the hint to call, before any date. */
  largeParty: number | null;
}) {
  const { t } = useTranslation('requests');
  const { availability } = props;
  let body: ReactNode;
  const reason = (shown: { reason: TAvailability['reason']; guests: number }) => (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} p="sm" data-reason={shown.reason}>
      <NoTimesReason {...shown} phone={props.phone} lastDate={props.lastDate} maxParty={props.maxParty} />
    </Alert>
  );
  if (props.largeParty !== null) {
    body = reason({ reason: 'party_too_large', guests: props.largeParty });
  } else if (props.askFirst) {
    body = (
      <Text size="sm" c="dimmed">
        {t('reservation.date_and_guests_first')}
      </Text>
    );
  } else if (props.loading) {
    body = <Loader size="sm" aria-label={t('reservation.loading_times')} />;
  } else if (props.failed) {
    body = (
      <Text size="sm" c="red">
        {t('reservation.times_failed')}
      </Text>
    );
  } else if (availability && availability.times.length > 0) {
    body = (
      // A long day (a kitchen open around the clock) scrolls inside the form rather than pushing the rest away.
      <Box mah={292} p={2} style={{ overflowY: 'auto' }}>
        <Chip.Group multiple={false} value={props.value} onChange={props.onChange}>
          <SimpleGrid cols={{ base: 4, xs: 6, md: 8 }} spacing={8} verticalSpacing={8} role="radiogroup" aria-labelledby="reservation-time-label">
            {availability.times.map((time) => (
              <Chip key={time} value={time} type="radio" name="time" variant="filled" radius="sm" size="md" styles={CHIP_STYLES}>
                {time}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
      </Box>
    );
  } else if (availability) {
    body = reason(availability);
  }
  return (
    // No live region around the chips: a screen reader would read out every time; the reasons are alerts.
    <div>
      <Input.Label id="reservation-time-label" required mb={6}>
        {t('fields.time')}
      </Input.Label>
      {body}
      {props.error && <Input.Error mt={6}>{props.error}</Input.Error>}
    </div>
  );
}

function NoTimesReason({ reason, guests, phone, lastDate, maxParty }: { reason: TAvailability['reason']; guests: number; phone?: string; lastDate?: string; maxParty?: number }) {
  const { t } = useTranslation('requests');
  const links = {
    call: <Anchor href={`tel:${(phone ?? '').replace(/[^+\d]/g, '')}`} size="sm" fw={600} />,
    quote: <Anchor component={Link} to="/quote" size="sm" fw={600} />,
  };
  switch (reason) {
    case 'party_too_large':
      return (
        <Trans
          t={t}
          i18nKey={phone ? 'reservation.reasons.party_too_large' : 'reservation.reasons.party_too_large_no_phone'}
          values={{ max: maxParty ?? guests - 1, phone }}
          components={links}
        />
      );
    case 'no_table_fits':
      return (
        <Trans
          t={t}
          i18nKey={phone ? 'reservation.reasons.no_table_fits' : 'reservation.reasons.no_table_fits_no_phone'}
          values={{ count: guests, phone }}
          components={links}
        />
      );
    case 'too_soon':
      return t('reservation.reasons.too_soon');
    case 'too_far':
      return t('reservation.reasons.too_far', { date: lastDate ? longDate(lastDate) : '' });
    case 'closed':
    case 'past':
      return t(`reservation.reasons.${reason}`);
    default:
      return t('reservation.reasons.fully_booked', { count: guests });
  }
}
