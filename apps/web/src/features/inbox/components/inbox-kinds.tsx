import type { ReactNode } from 'react';
import { Badge, Text } from '@mantine/core';
import { IconCalendarEvent, IconConfetti, IconMessageCircle, IconPackage } from '@tabler/icons-react';
import type { TFunction } from '@tavolo/contracts/translator';
import {
  INBOX_SORTS,
  REQUEST_STATUSES,
  RESERVATION_NEEDS_REASON,
  RESERVATION_SORTS,
  RESERVATION_STATUSES,
  RESERVATION_TRANSITIONS,
  type TInboxItem,
  type TInboxKind,
  type TInboxSort,
} from '@tavolo/contracts/inbox';
import type { TPermission } from '@tavolo/contracts/permissions';
import { longDate, money } from '../../../lib/format.ts';
import { siteTimeZone } from '../../../app/site.ts';
import { localClock } from '@tavolo/contracts/time';
import { RESERVATION_STATUS_COLORS } from '../../../components/ui/reservation-status.ts';

/** Everything the shared inbox needs to know about one kind of guest request. */
export interface InboxKindConfig {
  kind: TInboxKind;
  statuses: readonly string[];
  sorts: readonly TInboxSort[];
  view: TPermission;
  manage: TPermission;
  /** Reservations are filtered by the day they are for. */
  dateRange: boolean;
  icon: ReactNode;
}

export const INBOX_KIND_CONFIG: Record<TInboxKind, InboxKindConfig> = {
  reservation: { kind: 'reservation', statuses: RESERVATION_STATUSES, sorts: RESERVATION_SORTS, view: 'reservations.view', manage: 'reservations.manage', dateRange: true, icon: <IconCalendarEvent size={28} /> },
  stock_check: { kind: 'stock_check', statuses: REQUEST_STATUSES, sorts: INBOX_SORTS, view: 'requests.view', manage: 'requests.manage', dateRange: false, icon: <IconPackage size={28} /> },
  quote: { kind: 'quote', statuses: REQUEST_STATUSES, sorts: INBOX_SORTS, view: 'requests.view', manage: 'requests.manage', dateRange: false, icon: <IconConfetti size={28} /> },
  contact: { kind: 'contact', statuses: REQUEST_STATUSES, sorts: INBOX_SORTS, view: 'requests.view', manage: 'requests.manage', dateRange: false, icon: <IconMessageCircle size={28} /> },
};

export const STATUS_COLORS: Record<string, string> = {
  ...RESERVATION_STATUS_COLORS,
  new: 'orange',
  answered: 'blue',
  closed: 'gray',
  subscriber_confirmed: 'teal',
  subscriber_pending: 'yellow',
  subscriber_unsubscribed: 'gray',
};

/** How each step's button looks: the happy paths filled, the rest quieter, the endings red. */
export const ACTION_STYLES: Record<string, { color: string; variant: 'filled' | 'light' | 'default' }> = {
  confirmed: { color: 'teal', variant: 'filled' },
  seated: { color: 'blue', variant: 'filled' },
  completed: { color: 'green', variant: 'filled' },
  answered: { color: 'blue', variant: 'filled' },
  no_show: { color: 'grape', variant: 'light' },
  new: { color: 'orange', variant: 'light' },
  closed: { color: 'gray', variant: 'default' },
  declined: { color: 'red', variant: 'light' },
  cancelled: { color: 'red', variant: 'light' },
};

/**
 * Where a request can go from here: the reservation workflow, or any other status for the rest. A visit's own steps
 * wait for its time, as the server does: seated or completed not before the day, a no-show not before the booked time
 * (the buttons were offered on next week's bookings and could only fail).
 */
export function nextStatuses(item: TInboxItem, now = new Date()): string[] {
  if (item.kind !== 'reservation') return REQUEST_STATUSES.filter((s) => s !== item.status);
  const clock = localClock(siteTimeZone() ?? 'UTC', now);
  return RESERVATION_TRANSITIONS[item.status].filter((status) => {
    if (status === 'seated' || status === 'completed') return item.date <= clock.date;
    if (status === 'no_show') return `${item.date} ${item.time}` <= `${clock.date} ${clock.time}`;
    return true;
  });
}

export const needsReason = (status: string) => (RESERVATION_NEEDS_REASON as readonly string[]).includes(status);

/** "Needs an answer": what the list highlights. */
export const isOpen = (item: TInboxItem) => item.status === 'pending' || item.status === 'new';

/** The one line that says what the guest wants (list rows and cards). */
export function summaryOf(item: TInboxItem, t: TFunction): string {
  switch (item.kind) {
    case 'reservation':
      return t('summary.reservation', { date: longDate(item.date), time: item.time, count: item.guests });
    case 'stock_check':
      return t('summary.stock_check', { quantity: item.quantity, product: item.product_name });
    case 'quote':
      return t('summary.quote', { date: longDate(item.event_date), count: item.guests });
    default:
      return item.subject;
  }
}

/** The kind's own fields, label and value, for the detail. */
export function fieldsOf(item: TInboxItem, t: TFunction): { label: string; value: ReactNode }[] {
  switch (item.kind) {
    case 'reservation':
      return [
        { label: t('fields.date'), value: longDate(item.date) },
        { label: t('fields.time'), value: item.time },
        { label: t('fields.guests'), value: item.guests },
        { label: t('fields.duration'), value: t('fields.duration_value', { time: item.time, end: endOfStay(item.time, item.duration_minutes), count: item.duration_minutes }) },
        { label: t('fields.tables'), value: item.tables.length ? item.tables.map((table) => table.name).join(' + ') : <Text c="orange.9" size="sm" fw={600}>{t('fields.no_table')}</Text> },
        { label: t('fields.source'), value: t(`fields.source_${item.source}`) },
        { label: t('fields.language'), value: t(`languages.${item.language}`, { defaultValue: item.language }) },
      ];
    case 'stock_check':
      return [
        { label: t('fields.product'), value: item.product_name },
        { label: t('fields.quantity'), value: item.quantity },
        {
          label: t('fields.answer'),
          value: (
            <Badge color={item.was_available ? 'teal' : 'red'} variant="light">
              {t(item.was_available ? 'fields.was_available' : 'fields.was_unavailable')}
            </Badge>
          ),
        },
      ];
    case 'quote':
      return [
        { label: t('fields.event_date'), value: longDate(item.event_date) },
        { label: t('fields.guests'), value: item.guests },
        { label: t('fields.budget'), value: item.budget_cents === null ? <Text c="dimmed" size="sm">{t('fields.no_budget')}</Text> : money(item.budget_cents, item.currency_symbol) },
      ];
    default:
      return [{ label: t('fields.subject'), value: item.subject }];
  }
}

/** "21:30" for a 19:30 booking of 120 minutes (past midnight wraps round). */
function endOfStay(time: string, minutes: number): string {
  const end = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** What the guest wrote, if the kind has a message. */
export const messageOf = (item: TInboxItem): string | null => ('message' in item && item.message ? item.message : null);

/** A sensible subject for a reply; staff can change it. */
export function replySubject(item: TInboxItem, t: TFunction): string {
  switch (item.kind) {
    case 'reservation':
      return t('reply.subject_reservation', { date: longDate(item.date), time: item.time });
    case 'stock_check':
      return t('reply.subject_stock_check', { product: item.product_name });
    case 'quote':
      return t('reply.subject_quote', { date: longDate(item.event_date) });
    default:
      return t('reply.subject_contact', { subject: item.subject }).slice(0, 200);
  }
}
