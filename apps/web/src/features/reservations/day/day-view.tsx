import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconTable } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { Link } from 'react-router';
import type { TDayBooking } from '@tavolo/contracts/reservations';
import { ListLoadError, ListRefreshState, ListSkeleton } from '../../../components/ui/query-states.tsx';
import { openConfirm } from '../../../components/ui/confirm.ts';
import { longDate } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/forms.ts';
import { useMoveReservation, useReservationDay } from '../api/staff-api.ts';
import { DayGrid, type DropTarget } from './day-grid.tsx';
import { addDays, clockIn, countedOn, dateTimeAt, holds, seatsOf, toClock } from './timeline.ts';
import { DayInput } from '../../../components/ui/day-input.tsx';

interface Props {
  date: string;
  today: string;
  timeZone: string;
  canManage: boolean;
  /** A booking just made, to bring into view. */
  reveal?: string | null;
  onDate: (date: string) => void;
  onOpen: (id: string) => void;
}

/** The day view: a date with previous/next/today, the timeline of its tables and bookings, released ones on request. */
export function DayView({ date, today, timeZone, canManage, reveal, onDate, onOpen }: Props) {
  const { t } = useTranslation('reservations');
  const day = useReservationDay(date);
  const move = useMoveReservation(date);
  const [showReleased, setShowReleased] = useState(false);
  const [now, setNow] = useState(() => clockIn(timeZone));
  useInterval(() => setNow(clockIn(timeZone)), 60_000, { autoInvoke: true });

  const bookings = useMemo(() => (day.data ? day.data.bookings.filter((b) => showReleased || holds(b)) : []), [day.data, showReleased]);
  const released = day.data ? day.data.bookings.length - day.data.bookings.filter(holds).length : 0;
  const counted = day.data ? countedOn(date, day.data.bookings) : null;
  const hasTables = day.data?.areas.some((a) => a.tables.some((table) => table.active)) ?? false;

  /**
   * A drop that seats the party on too few seats, or that e-mails the guest a new time, asks first: the drag may have
   * been a slip. A table change that fits is made at once.
   */
  const drop = (booking: TDayBooking, target: DropTarget) => {
    const table_ids = target.tableId && !booking.table_ids.includes(target.tableId) ? [target.tableId] : booking.table_ids.length ? booking.table_ids : undefined;
    const send = () =>
      move.mutate(
        { id: booking.id, ...dateTimeAt(date, target.start), table_ids },
        {
          onSuccess: (result) => notifications.show({ color: 'green', message: result.message ?? t('day.moved', { name: booking.full_name }) }),
          onError: (error) => notifications.show({ color: 'red', title: t('day.move_failed'), message: errorMessage(error), autoClose: 6000 }),
        },
      );
    const areas = day.data?.areas ?? [];
    const chosen = areas.flatMap((area) => area.tables).filter((table) => table_ids?.includes(table.id));
    const seats = seatsOf(areas, table_ids ?? []);
    const tooSmall = chosen.length > 0 && seats < booking.guests;
    const mailed = target.start !== booking.start_minutes && booking.email !== '';
    if (!tooSmall && !mailed) return send();
    openConfirm({
      title: t('day.confirm_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('day.confirm_text', {
              name: booking.full_name,
              guests: t('day.guests', { count: booking.guests }),
              time: toClock(target.start),
              tables: chosen.length ? chosen.map((table) => table.name).join(' + ') : t('day.unassigned'),
            })}
          </Text>
          {tooSmall && (
            <Alert color="orange" icon={<IconAlertTriangle />} p="xs">
              {t('placement.too_small', { count: seats, guests: booking.guests })}
            </Alert>
          )}
          {mailed && (
            <Text size="sm" c="dimmed">
              {t('day.confirm_mail', { name: booking.full_name })}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('placement.save'), cancel: t('placement.cancel') },
      centered: true,
      onConfirm: send,
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {/* One row on a phone too: the date gives way before the day buttons wrap. */}
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ActionIcon variant="default" size="lg" aria-label={t('day.previous')} onClick={() => onDate(addDays(date, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <DayInput
              short
              aria-label={t('day.date')}
              value={date}
              onChange={(day) => day && onDate(day)}
              w={150}
              miw={0}
              style={{ flexShrink: 1 }}
            />
            <ActionIcon variant="default" size="lg" aria-label={t('day.next')} onClick={() => onDate(addDays(date, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => onDate(today)} disabled={date === today} style={{ flexShrink: 0 }}>
              {t('day.today')}
            </Button>
          </Group>
          <Switch
            checked={showReleased}
            onChange={(event) => setShowReleased(event.currentTarget.checked)}
            label={t('day.show_released', { count: released })}
          />
        </Group>

        <Text fw={700} aria-live="polite">
          {longDate(date)}
          {counted && ` · ${t('day.summary', { count: counted.length, guests: counted.reduce((sum, b) => sum + b.guests, 0) })}`}
        </Text>

        {day.isError && !day.data ? (
          <ListLoadError title={t('day.load_failed')} error={day.error} retryLabel={t('day.retry')} onRetry={() => void day.refetch()} retrying={day.isFetching} />
        ) : !day.data ? (
          <ListSkeleton label={t('day.loading')} />
        ) : (
          <>
            {!hasTables && (
              <Alert color="blue" icon={<IconTable />}>
                {t('day.no_tables')}{' '}
                {canManage && (
                  <Anchor component={Link} to="/dashboard/reservations/setup">
                    {t('day.no_tables_link')}
                  </Anchor>
                )}
              </Alert>
            )}
            {day.data.hours.closed && (
              <Alert color="orange" icon={<IconAlertTriangle />}>
                {t('day.closed')}
              </Alert>
            )}
            <div style={{ position: 'relative' }}>
              <ListRefreshState query={day} />
              <DayGrid day={day.data} bookings={bookings} nowMinutes={now.date === date ? now.minutes : null} canDrag={canManage} reveal={reveal} onOpen={onOpen} onDrop={drop} />
            </div>
            {canManage && hasTables && (
              <Text size="xs" c="dimmed">
                {t('day.drag_hint')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
