import { Alert, Anchor, Badge, Button, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconCircleX, IconClock, IconPhone, IconUser, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link, useLocation } from 'react-router';
import type { TReservationStatus } from '@tavolo/contracts/inbox';
import { errorMessage } from '../../../lib/forms.ts';
import { dateTimeLong, weekdayDate } from '../../../lib/format.ts';
import { useCancelGuestReservation, useGuestReservation } from '../api/guest-api.ts';
import { openConfirm } from '../../../components/ui/confirm.ts';

const STATUS_COLOR: Record<TReservationStatus, string> = {
  pending: 'yellow',
  confirmed: 'green',
  seated: 'teal',
  declined: 'red',
  cancelled: 'gray',
  completed: 'blue',
  no_show: 'gray',
};

/**
 * /reservation/manage#token=…: the booking behind the link in the guest's mails, with a cancel button until the
 * restaurant's cut-off. The token stays in the fragment, so it never reaches a server log.
 */
export function GuestReservationView() {
  const { t } = useTranslation('reservation-setup');
  // From the router, so a second link opened in the same tab (only the fragment changes) shows its booking.
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token');
  const reservation = useGuestReservation(token);
  const cancel = useCancelGuestReservation(token ?? '');

  if (token && reservation.isPending) {
    return (
      <Container size={620} py={80} ta="center">
        <Loader aria-label={t('guest.loading')} />
      </Container>
    );
  }
  if (!token || reservation.isError || !reservation.data) return <InvalidLink />;

  const booking = reservation.data;
  const date = weekdayDate(booking.date);
  const askCancel = () =>
    openConfirm({
      title: t('guest.confirm_title'),
      centered: true,
      children: <Text size="sm">{t('guest.confirm_text', { date, time: booking.time })}</Text>,
      labels: { confirm: t('guest.cancel'), cancel: t('guest.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: (result) => notifications.show({ color: 'teal', message: result.message ?? t('guest.cancelled_note') }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), autoClose: 8000 }),
        }),
    });

  const holding = booking.status === 'pending' || booking.status === 'confirmed';

  return (
    <Container size={620} py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ flex: '1 1 260px' }}>
              {t('guest.title', { restaurant: booking.restaurant })}
            </Title>
            <Badge size="lg" variant="light" color={STATUS_COLOR[booking.status]} aria-label={`${t('guest.status')}: ${t(`guest.statuses.${booking.status}`)}`}>
              {t(`guest.statuses.${booking.status}`)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact icon={<IconUser size={18} />} label={t('guest.name')} value={booking.full_name} />
            <Fact icon={<IconUsers size={18} />} label={t('guest.guests')} value={t('guest.guests_count', { count: booking.guests })} />
            <Fact icon={<IconCalendarEvent size={18} />} label={t('guest.date')} value={date} />
            <Fact icon={<IconClock size={18} />} label={t('guest.time')} value={booking.time} />
          </SimpleGrid>

          {booking.status === 'cancelled' && (
            <Alert color="gray" variant="light">
              {t('guest.cancelled_note')}
            </Alert>
          )}
          {booking.can_cancel && (
            <Stack gap="xs">
              {booking.cancel_until && (
                <Text size="sm" c="dimmed">
                  {t('guest.cancel_until', { when: dateTimeLong(booking.cancel_until, booking.time_zone) })}
                </Text>
              )}
              <Button color="red" variant="light" leftSection={<IconCircleX size={18} />} onClick={askCancel} loading={cancel.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('guest.cancel')}
              </Button>
            </Stack>
          )}
          {booking.phone && (
            <Group gap={6} wrap="wrap">
              <IconPhone size={18} aria-hidden />
              {/* Past the cut-off a booking that still holds its table can only be changed by phone. */}
              <Text size="sm">{holding && !booking.can_cancel ? t('guest.too_late') : t('guest.call_us')}</Text>
              <Anchor href={`tel:${booking.phone.replace(/[^+\d]/g, '')}`} fw={600} size="sm">
                {booking.phone}
              </Anchor>
            </Group>
          )}
          <Button component={Link} to="/" variant="default" style={{ alignSelf: 'flex-start' }}>
            {t('guest.back')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </div>
    </Group>
  );
}

function InvalidLink() {
  const { t } = useTranslation('reservation-setup');
  return (
    <Container size={560} py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={72} variant="light" color="red" aria-hidden>
          <IconCircleX size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('guest.invalid_title')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('guest.invalid_text')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('guest.back')}
        </Button>
      </Stack>
    </Container>
  );
}
