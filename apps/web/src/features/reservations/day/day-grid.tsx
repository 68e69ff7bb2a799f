import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../app/i18n.ts';
import type { TDayBooking, TReservationDay } from '@tavolo/contracts/reservations';
import { RESERVATION_STATUS_COLORS } from '../../../components/ui/reservation-status.ts';
import { LANE_HEIGHT, PX_PER_MINUTE, UNASSIGNED, barsOfRow, daySpan, fromDayBefore, holds, snappedStart, timelineRows, toClock, type TimelineRow } from './timeline.ts';

export interface DropTarget {
  /** The new start, in minutes of the view (from 1440 on: the next date's early hours). */
  start: number;
  /** The row's table, or null when dropped on "Unassigned" or outside the tables. */
  tableId: string | null;
}

interface Props {
  day: TReservationDay;
  bookings: TDayBooking[];
  /** Minute of the day for the "now" line, or null when the day shown is not today. */
  nowMinutes: number | null;
  canDrag: boolean;
  /** A booking to scroll to and focus once it is drawn (one just made). */
  reveal?: string | null;
  onOpen: (id: string) => void;
  onDrop: (booking: TDayBooking, target: DropTarget) => void;
}

interface Drag {
  booking: TDayBooking;
  fromRow: string;
  x: number;
  y: number;
  /** The grid's scroll position when the drag began: scrolling while dragging moves the bar too. */
  scroll: number;
  moved: boolean;
  start: number;
  row: string;
}

/** A drag starts after this many pixels; less is a click that opens the booking. */
const DRAG_THRESHOLD = 5;
/** On a touch screen a bar is picked up by holding it this long: a swipe scrolls the day, it never moves a booking. */
const HOLD_MS = 400;
/** Dragging this close to the grid's left or right edge scrolls it, so a bar can travel past what fits on a phone. */
const EDGE = 40;
const AREA_ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;

const rowUnder = (x: number, y: number): string | null => {
  for (const element of document.elementsFromPoint(x, y)) {
    const key = (element as HTMLElement).dataset?.rowKey;
    if (key) return key;
  }
  return null;
};

/**
 * The timeline: one row per table (grouped by area), one column per slot of the day's hours, each booking a bar
 * from its start to its end on every table it holds. Managers drag a bar to another table and/or time (with the
 * mouse, or on a touch screen after holding it); a click opens the booking. The table column stays in place while the times scroll sideways.
 */
export function DayGrid({ day, bookings, nowMinutes, canDrag, reveal, onOpen, onDrop }: Props) {
  const { t } = useTranslation('reservations');
  const phone = useMediaQuery('(max-width: 48em)');
  const labelWidth = phone ? 108 : 150;
  const span = useMemo(() => daySpan(day, bookings), [day, bookings]);
  const rows = useMemo(() => timelineRows(day, bookings), [day, bookings]);
  const known = useMemo(() => new Set(day.areas.flatMap((a) => a.tables.map((table) => table.id))), [day.areas]);
  const width = (span.end - span.start) * PX_PER_MINUTE;
  const interval = day.slot_interval_minutes;
  const hours = useMemo(() => Array.from({ length: (span.end - span.start) / 60 }, (_, i) => span.start + i * 60), [span]);
  const scroller = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const hold = useRef<{ timer: number; booking: TDayBooking; x: number; y: number } | null>(null);
  const holding = useRef(false);

  // Once a bar is held, the finger's moves drag it instead of scrolling the page (the listener must not be passive).
  useEffect(() => {
    const box = scroller.current;
    const stopScroll = (event: TouchEvent) => holding.current && event.preventDefault();
    box?.addEventListener('touchmove', stopScroll, { passive: false });
    return () => box?.removeEventListener('touchmove', stopScroll);
  }, []);
  useEffect(() => () => window.clearTimeout(hold.current?.timer), []);

  // Shows the timeline from the hour at or before `minute`, so the first time label shows whole.
  const scrollToHourOf = (minute: number) => {
    if (scroller.current) scroller.current.scrollLeft = Math.max(0, (Math.floor(minute / 60) * 60 - span.start) * PX_PER_MINUTE);
  };
  // Today opens an hour before now; another day at its first booking (or its opening).
  const firstStart = bookings.length ? Math.min(...bookings.map((b) => b.start_minutes)) : span.start;
  useEffect(() => {
    scrollToHourOf(nowMinutes !== null ? nowMinutes - 60 : firstStart - 30);
    // Only when another day is shown, not on every refresh or minute.
  }, [day.date]); // eslint-disable-line react-hooks/exhaustive-deps

  // A booking just made is brought into view (it may be hours to the right or tables further down) and focused, once,
  // as soon as the refreshed day draws it.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!reveal || revealed.current === reveal) return;
    const booking = bookings.find((b) => b.id === reveal);
    const bar = scroller.current?.querySelector<HTMLElement>(`[data-booking="${CSS.escape(reveal)}"]`);
    if (!booking || !bar) return;
    revealed.current = reveal;
    scrollToHourOf(booking.start_minutes);
    bar.focus({ preventScroll: true });
    const { top, bottom } = bar.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) window.scrollBy({ top: top - window.innerHeight / 2 });
  });

  const grid = `repeating-linear-gradient(to right, var(--mantine-color-default-border) 0 1px, transparent 1px ${60 * PX_PER_MINUTE}px), repeating-linear-gradient(to right, var(--mantine-color-gray-light) 0 1px, transparent 1px ${interval * PX_PER_MINUTE}px)`;

  const draggable = (booking: TDayBooking) => canDrag && holds(booking) && !fromDayBefore(booking);
  const begin = (booking: TDayBooking, rowKey: string, x: number, y: number) =>
    setDrag({ booking, fromRow: rowKey, x, y, scroll: scroller.current?.scrollLeft ?? 0, moved: false, start: booking.start_minutes, row: rowKey });
  const endHold = () => {
    window.clearTimeout(hold.current?.timer);
    hold.current = null;
  };
  const pointerDown = (event: ReactPointerEvent, booking: TDayBooking, rowKey: string) => {
    if (!draggable(booking) || event.button !== 0) return;
    const { clientX: x, clientY: y } = event;
    if (event.pointerType === 'touch') {
      const timer = window.setTimeout(() => {
        hold.current = null;
        holding.current = true;
        navigator.vibrate?.(15);
        begin(booking, rowKey, x, y);
      }, HOLD_MS);
      hold.current = { timer, booking, x, y };
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    begin(booking, rowKey, x, y);
  };
  const pointerMove = (event: ReactPointerEvent) => {
    // A finger that moves before the bar is held is scrolling.
    if (hold.current && Math.hypot(event.clientX - hold.current.x, event.clientY - hold.current.y) > DRAG_THRESHOLD) endHold();
    if (!drag) return;
    const moved = drag.moved || Math.hypot(event.clientX - drag.x, event.clientY - drag.y) > DRAG_THRESHOLD;
    if (!moved) return;
    const box = scroller.current;
    if (box) {
      const { left, right } = box.getBoundingClientRect();
      // Only towards where the pointer went: grabbing a bar near an edge doesn't scroll by itself.
      if (event.clientX > right - EDGE && event.clientX > drag.x) box.scrollLeft += 12;
      else if (event.clientX < left + labelWidth + EDGE && event.clientX < drag.x) box.scrollLeft -= 12;
    }
    const dx = event.clientX - drag.x + (box ? box.scrollLeft - drag.scroll : 0);
    const row = rowUnder(event.clientX, event.clientY);
    setDrag({ ...drag, moved, start: snappedStart(drag.booking.start_minutes, dx, interval, span.end - interval), row: row && !row.startsWith('area-') ? row : drag.row });
  };
  const pointerUp = (event: ReactPointerEvent) => {
    holding.current = false;
    if (hold.current) {
      // A tap: released before the hold picked the bar up.
      const { booking } = hold.current;
      endHold();
      onOpen(booking.id);
      return;
    }
    if (!drag) return;
    setDrag(null);
    if (!drag.moved) {
      onOpen(drag.booking.id);
      return;
    }
    event.preventDefault();
    if (drag.start === drag.booking.start_minutes && drag.row === drag.fromRow) return;
    onDrop(drag.booking, { start: drag.start, tableId: drag.row === UNASSIGNED ? null : drag.row });
  };
  const pointerCancel = () => {
    endHold();
    holding.current = false;
    setDrag(null);
  };

  const bar = (booking: TDayBooking, lane: number, rowKey: string, ghost = false) => {
    const start = ghost && drag ? drag.start : booking.start_minutes;
    const color = RESERVATION_STATUS_COLORS[booking.status];
    const released = !holds(booking);
    const dragging = !ghost && drag?.moved && drag.booking.id === booking.id;
    const label = t('day.bar_label', { name: booking.full_name, count: booking.guests, start: booking.time, end: booking.end_time, status: t(`inbox:status.${booking.status}`) });
    return (
      <UnstyledButton
        key={`${booking.id}${ghost ? '-ghost' : ''}`}
        aria-label={label}
        title={label}
        data-booking={booking.id}
        data-status={booking.status}
        onPointerDown={ghost ? undefined : (event) => pointerDown(event, booking, rowKey)}
        onPointerMove={ghost ? undefined : pointerMove}
        onPointerUp={ghost ? undefined : pointerUp}
        onPointerCancel={pointerCancel}
        // A held bar must not open the browser's menu for links and images.
        onContextMenu={(event) => draggable(booking) && event.preventDefault()}
        // A draggable bar opens on pointer up (unless dragged); the rest, and Enter on any bar, open on click.
        onClick={(event) => {
          if (!ghost && (event.detail === 0 || !draggable(booking))) onOpen(booking.id);
        }}
        style={{
          position: 'absolute',
          // The day before's late stay comes in at the view's start (midnight) with what is left of it.
          left: (Math.max(start, span.start) - span.start) * PX_PER_MINUTE + 1,
          width: Math.max((start + booking.duration_minutes - Math.max(start, span.start)) * PX_PER_MINUTE - 3, 24),
          top: lane * LANE_HEIGHT + 4,
          height: LANE_HEIGHT - 8,
          borderRadius: 6,
          padding: '2px 8px',
          overflow: 'hidden',
          background: released ? `var(--mantine-color-${color}-light)` : `var(--mantine-color-${color}-filled)`,
          color: released ? `var(--mantine-color-${color}-light-color)` : 'var(--mantine-color-white)',
          border: released ? `1px dashed var(--mantine-color-${color}-5)` : `1px solid var(--mantine-color-${color}-8)`,
          opacity: dragging ? 0.35 : 1,
          boxShadow: ghost ? 'var(--mantine-shadow-md)' : undefined,
          cursor: draggable(booking) ? (drag?.moved ? 'grabbing' : 'grab') : 'pointer',
          WebkitTouchCallout: 'none',
          zIndex: ghost ? 3 : released ? 1 : 2,
          pointerEvents: ghost ? 'none' : undefined,
          userSelect: 'none',
        }}
      >
        <Text size="xs" fw={700} truncate c="inherit" lh={1.3}>
          {booking.full_name}
        </Text>
        <Text size="xs" truncate c="inherit" lh={1.3}>
          {ghost ? toClock(start) : fromDayBefore(booking) ? t('day.time_day_before', { time: booking.time }) : booking.time} · {t('day.guests', { count: booking.guests })}
        </Text>
      </UnstyledButton>
    );
  };

  const label = (row: TimelineRow) => {
    if (row.kind === 'area')
      return (
        // The area's row is empty: its name may run on into it rather than be cut on a phone.
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ whiteSpace: 'nowrap', overflow: 'visible' }}>
          {row.area.name}
        </Text>
      );
    if (row.kind === 'unassigned')
      return (
        <Text size="sm" fw={600} c="orange.9" truncate>
          {t('day.unassigned')}
        </Text>
      );
    return (
      <>
        <Text size="sm" fw={600} truncate>
          {row.table.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {row.table.min_seats === row.table.max_seats ? t('day.seats', { count: row.table.max_seats }) : t('day.seats_range', { min: row.table.min_seats, max: row.table.max_seats })}
        </Text>
      </>
    );
  };

  const sticky = { position: 'sticky', left: 0, zIndex: 4, width: labelWidth, minWidth: labelWidth, background: 'var(--mantine-color-body)', borderRight: '1px solid var(--mantine-color-default-border)' } as const;

  return (
    <Box ref={scroller} style={{ overflowX: 'auto', position: 'relative', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} data-testid="day-grid" tabIndex={0} role="region" aria-label={t('day.grid_label')}>
      <div style={{ width: labelWidth + width, position: 'relative' }}>
        <div style={{ display: 'flex', height: HEADER_HEIGHT, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <div style={{ ...sticky, zIndex: 5 }} />
          <div style={{ position: 'relative', width }}>
            {hours.map((minute) => (
              <Text key={minute} size="xs" c="dimmed" style={{ position: 'absolute', left: (minute - span.start) * PX_PER_MINUTE + 4, top: 6 }}>
                {toClock(minute)}
              </Text>
            ))}
          </div>
        </div>
        {rows.map((row) => {
          const placed = row.kind === 'area' ? { bars: [], lanes: 1 } : barsOfRow(row.key, bookings, known);
          const ghostHere = drag?.moved && drag.row === row.key;
          const height = row.kind === 'area' ? AREA_ROW_HEIGHT : placed.lanes * LANE_HEIGHT;
          return (
            <div
              key={row.key}
              data-row-key={row.key}
              data-table-name={row.kind === 'table' ? row.table.name : undefined}
              role={row.kind === 'area' ? undefined : 'group'}
              aria-label={row.kind === 'table' ? row.table.name : row.kind === 'unassigned' ? t('day.unassigned') : undefined}
              style={{ display: 'flex', height, borderBottom: '1px solid var(--mantine-color-default-border)', background: row.kind === 'area' ? 'var(--mantine-color-default-hover)' : undefined }}
            >
              <div
                style={{
                  ...sticky,
                  padding: '4px 10px',
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  ...(row.kind === 'area' ? { background: 'transparent', borderRight: 'none', overflow: 'visible' } : {}),
                }}
              >
                {label(row)}
              </div>
              <div style={{ position: 'relative', width, backgroundImage: row.kind === 'area' ? undefined : grid }}>
                {placed.bars.map(({ booking, lane }) => bar(booking, lane, row.key))}
                {ghostHere && drag && bar(drag.booking, 0, row.key, true)}
              </div>
            </div>
          );
        })}
        {nowMinutes !== null && nowMinutes >= span.start && nowMinutes <= span.end && (
          <div
            aria-hidden
            data-testid="now-line"
            style={{ position: 'absolute', top: 0, bottom: 0, left: labelWidth + (nowMinutes - span.start) * PX_PER_MINUTE, width: 2, background: 'var(--mantine-color-red-6)', zIndex: 3, pointerEvents: 'none' }}
          />
        )}
      </div>
    </Box>
  );
}
