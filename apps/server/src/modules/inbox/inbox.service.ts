import type { z } from 'zod';
import type { TPage } from '@tavolo/contracts/envelope';
import { AppError } from '@tavolo/contracts/errors';
import { formatCalendarDate, pickLanguage, translate, type TLanguage } from '@tavolo/contracts/i18n';
import {
  RESERVATION_MAILED,
  RESERVATION_TRANSITIONS,
  csvCell,
  type TInboxDetail,
  type TInboxItem,
  type TInboxItemOf,
  type TInboxKind,
  type TInboxReply,
  type TRequestStatus,
  type TReservationStatus,
  type TSubscriber,
  type TSubscriberStatus,
  type ZInboxReply,
  type ZRequestsQuery,
  type ZReservationStatusChange,
  type ZReservationsQuery,
  type ZSubscribersQuery,
} from '@tavolo/contracts/inbox';
import type { TLiveTopic } from '@tavolo/contracts/live';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { enqueueMail, type TOutboxMail } from '../outbox/outbox.repo.ts';
import { createCapacityRepo } from '../reservations/capacity.repo.ts';
import { cancelDeadline, manageLinkWords, manageToken, manageUrl } from '../reservations/manage-link.ts';
import { createRequestsRepo } from '../requests/requests.repo.ts';
import { createInboxRepo, inInboxTransaction, type InboxRepo, type ReplyRow, type RowOf, type SubscriberRow } from './inbox.repo.ts';

type ListQuery = z.output<typeof ZReservationsQuery> | z.output<typeof ZRequestsQuery>;
type ReservationChange = z.output<typeof ZReservationStatusChange>;
type ReplyInput = z.output<typeof ZInboxReply>;
type SubscribersQuery = z.output<typeof ZSubscribersQuery>;

/** Steps of the visit itself. */
const VISIT_STEPS: readonly string[] = ['seated', 'completed', 'no_show'];

/** Who acts, in which language they read answers, and the restaurant's origin for links and the logo in mails. */
export interface InboxContext {
  tenantId: string;
  userId: string;
  lang: TLanguage;
  origin: string;
}

export interface InboxDeps {
  db: Db;
  /** Signs the guest's view/cancel link in reservation mails. */
  secrets: SecretBox;
  onMailQueued?: () => void;
  live?: LiveEvents;
  /** The clock a booking's time is judged by (tests set it). */
  now?: () => Date;
}

/** Which dashboard topic a kind lives under (the live stream invalidates the web's queries by it). */
const topicOf = (kind: TInboxKind): TLiveTopic => (kind === 'reservation' ? 'reservations' : 'requests');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ReservationTables = TInboxItemOf<'reservation'>['tables'];

function toItem<K extends TInboxKind>(kind: K, row: RowOf<K>, replyCount: number, currency: string, tables: ReservationTables = []): TInboxItemOf<K> {
  const r = row as RowOf<TInboxKind>;
  // Every kind names the guest; the reservation and stock-check forms call the columns fullName/phoneNumber.
  const base = {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reply_count: replyCount,
    name: 'fullName' in r ? r.fullName : r.name,
    email: r.email,
    phone: 'phoneNumber' in r ? r.phoneNumber : r.phone,
  };
  let item: TInboxItem;
  if (kind === 'reservation') {
    const v = r as RowOf<'reservation'>;
    item = {
      ...base,
      kind: 'reservation',
      status: v.status as TReservationStatus,
      date: v.date,
      time: v.time,
      guests: v.guests,
      message: v.message,
      language: v.language,
      duration_minutes: v.durationMinutes,
      source: v.source as 'online' | 'staff',
      tables,
    };
  } else if (kind === 'stock_check') {
    const v = r as RowOf<'stock_check'>;
    item = {
      ...base,
      kind: 'stock_check',
      status: v.status as TRequestStatus,
      product_id: v.productId,
      product_name: v.productName,
      quantity: v.quantity,
      was_available: v.availableAtRequest >= v.quantity,
    };
  } else if (kind === 'quote') {
    const v = r as RowOf<'quote'>;
    item = {
      ...base,
      kind: 'quote',
      status: v.status as TRequestStatus,
      event_date: v.eventDate,
      guests: v.guests,
      budget_cents: v.budgetCents,
      currency_symbol: currency,
      message: v.message,
    };
  } else {
    const v = r as RowOf<'contact'>;
    item = { ...base, kind: 'contact', status: v.status as TRequestStatus, subject: v.subject, message: v.message };
  }
  return item as TInboxItemOf<K>;
}

const toReply = (r: ReplyRow): TInboxReply => ({ id: r.id, user_name: r.userName, to: r.toAddress, subject: r.subject, body: r.body, created_at: r.createdAt.toISOString() });

const toSubscriber = (r: SubscriberRow): TSubscriber => ({
  id: r.id,
  email: r.email,
  status: r.status as TSubscriberStatus,
  language: r.language,
  created_at: r.createdAt.toISOString(),
  confirmed_at: iso(r.confirmedAt),
  unsubscribed_at: iso(r.unsubscribedAt),
});

/** The guest's e-mail, name and language: a reservation keeps the language it was made in; the other forms don't, so the restaurant's. */
function guestOf(row: RowOf<TInboxKind>, kind: TInboxKind, restaurantLanguage: TLanguage) {
  const name = 'fullName' in row ? row.fullName : row.name;
  // The language the guest wrote in; requests from before it was kept get the restaurant's.
  const language = row.language ? pickLanguage(row.language) : restaurantLanguage;
  return { name, email: row.email, language };
}

/** Plain text as mail paragraphs, line by line: the layout escapes each one, and the text version keeps the lines as typed. */
const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n').map((line) => ({ key: 'mail.inbox.line', params: { text: line } }));

async function restaurantOf(tx: Db, tenantId: string) {
  const restaurant = await createRequestsRepo(tx).restaurant(tenantId);
  if (!restaurant) throw new AppError('TENANT_NOT_FOUND');
  return restaurant;
}

/** Queues the mail and keeps what it said in the request's thread, so staff see later what the guest was told. */
async function mailGuest(
  r: InboxRepo,
  tx: Db,
  ctx: InboxContext,
  target: { kind: TInboxKind; id: string; to: string; language: TLanguage },
  mail: TOutboxMail,
  stored: { subject: string; body: string },
) {
  await enqueueMail(tx, { tenantId: ctx.tenantId, origin: ctx.origin, to: target.to, language: target.language, mail });
  await r.insertReply({
    tenantId: ctx.tenantId,
    kind: target.kind,
    requestId: target.id,
    userId: ctx.userId,
    userName: await r.userName(ctx.tenantId, ctx.userId),
    toAddress: target.to,
    subject: stored.subject,
    body: stored.body,
  });
}

/** What a mail about a reservation says: subject `${key}_subject`, intro `${key}_intro`, and a reason if given. */
export interface ReservationMail {
  key: string;
  reason?: string;
  /** Given: the mail carries the guest's view/cancel link (and the row gets the token's hash, so the link works). */
  link?: SecretBox;
}

/**
 * E-mails the guest about their reservation, in the reservation's language, with its date, time and party as
 * they are now, and keeps the mail in the reservation's thread. Call inside the write's transaction. A booking
 * without an e-mail address (taken by phone) gets no mail.
 */
export async function mailReservationGuest(tx: Db, ctx: InboxContext, id: string, spec: ReservationMail): Promise<void> {
  const r = createInboxRepo(tx);
  const row = await r.byId(ctx.tenantId, 'reservation', id);
  if (!row?.email) return;
  const restaurant = await restaurantOf(tx, ctx.tenantId);
  const language = pickLanguage(row.language);
  const reason = spec.reason ? [{ key: 'mail.inbox.reason', params: { reason: spec.reason } }] : [];
  // Written out here, not by the mail's layout: the thread keeps this text too, and staff read it as the guest did.
  const rows = [
    { labelKey: 'mail.requests.label_date', value: formatCalendarDate(language, row.date) },
    { labelKey: 'mail.requests.label_time', value: row.time },
    { labelKey: 'mail.requests.label_guests', value: String(row.guests) },
  ];
  const paragraphs: TOutboxMail['paragraphs'] = [{ key: `${spec.key}_intro` }, ...reason];
  let action: TOutboxMail['action'];
  if (spec.link) {
    const { token, hash } = manageToken(spec.link, ctx.tenantId, id);
    if (row.manageTokenHash !== hash) await r.setManageTokenHash(ctx.tenantId, id, hash);
    const { cancel_cutoff_hours: hours } = await createCapacityRepo(tx).settings(ctx.tenantId);
    const linkWords = manageLinkWords(cancelDeadline(row, restaurant.timeZone, hours), hours, restaurant.phone, new Date());
    paragraphs.push(linkWords.paragraph);
    action = { labelKey: linkWords.labelKey, url: manageUrl(ctx.origin, token) };
  }
  const mail: TOutboxMail = { site: restaurant.name, name: row.fullName, subjectKey: `${spec.key}_subject`, paragraphs, rows, ...(action ? { action } : {}) };
  const t = (k: string, params: Record<string, unknown> = {}) => translate(language, k, { site: restaurant.name, ...params });
  // The thread keeps what the guest read, but not the link: its token would let anyone who reads the thread cancel.
  await mailGuest(r, tx, ctx, { kind: 'reservation', id, to: row.email, language }, mail, {
    subject: t(mail.subjectKey),
    body: [...mail.paragraphs.map((p) => t(p.key, p.params)), '', ...rows.map((x) => `${t(x.labelKey)}: ${x.value}`)].join('\n'),
  });
}

/** Status changes whose mail carries the view/cancel link: the booking still stands, so the guest may want to cancel it. */
const LINKED_STATUSES: readonly TReservationStatus[] = ['confirmed'];

/**
 * The staff inbox (issue #5): guest reservations and requests listed, opened, moved along and answered by
 * e-mail; newsletter subscribers listed, removed and exported. Every write is one transaction, mails go
 * through the outbox, and open dashboards are told after the commit.
 */
export function createInboxService({ db, secrets, onMailQueued, live, now = () => new Date() }: InboxDeps) {
  const repo = createInboxRepo(db);

  /** Runs `fn` in one transaction, then wakes the mail sender and tells open dashboards. */
  const write = async <T>(tenantId: string, kind: TInboxKind, fn: (tx: InboxRepo, txDb: Db) => Promise<T>): Promise<T> => {
    const result = await inInboxTransaction(db, fn);
    onMailQueued?.();
    live?.publish(tenantId, { topics: [topicOf(kind)] });
    return result;
  };

  async function detail<K extends TInboxKind>(r: InboxRepo, tenantId: string, kind: K, id: string): Promise<TInboxDetail<K>> {
    const row = await r.byId(tenantId, kind, id);
    if (!row) throw new AppError('NOT_FOUND');
    const [replies, currency, tables] = await Promise.all([
      r.replies(tenantId, kind, id),
      kind === 'quote' ? r.currencySymbol(tenantId) : Promise.resolve(''),
      kind === 'reservation' ? r.tablesOf(tenantId, [id]) : Promise.resolve(new Map<string, ReservationTables>()),
    ]);
    return { ...toItem(kind, row, replies.length, currency, tables.get(id)), replies: replies.map(toReply) } as TInboxDetail<K>;
  }

  return {
    async list<K extends TInboxKind>(tenantId: string, kind: K, q: ListQuery): Promise<TPage<TInboxItemOf<K>>> {
      // Only the reservations query has a date range; either end may come alone.
      const range = 'from' in q || 'to' in q ? { from: q.from, to: q.to } : {};
      const { rows, total } = await repo.list(tenantId, kind, { status: q.status, search: q.search, sort: q.sort, page: q.page, perPage: q.per_page, ...range });
      const ids = rows.map((row) => row.id);
      const [counts, currency, tables] = await Promise.all([
        repo.replyCounts(tenantId, kind, ids),
        kind === 'quote' && rows.length ? repo.currencySymbol(tenantId) : Promise.resolve(''),
        kind === 'reservation' ? repo.tablesOf(tenantId, ids) : Promise.resolve(new Map<string, ReservationTables>()),
      ]);
      return {
        data: rows.map((row) => toItem(kind, row, counts.get(row.id) ?? 0, currency, tables.get(row.id))),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
      };
    },

    get: <K extends TInboxKind>(tenantId: string, kind: K, id: string) => detail(repo, tenantId, kind, id),

    /**
     * A legal reservation step (seating and cancelling record when); confirming, declining and cancelling e-mail
     * the guest in the reservation's language, a confirmation with the view/cancel link.
     */
    async changeReservationStatus(ctx: InboxContext, id: string, change: ReservationChange): Promise<TInboxDetail<'reservation'>> {
      return write(ctx.tenantId, 'reservation', async (r, tx) => {
        const from = (await r.lockStatus(ctx.tenantId, 'reservation', id)) as TReservationStatus | undefined;
        if (!from) throw new AppError('NOT_FOUND');
        if (!RESERVATION_TRANSITIONS[from]?.includes(change.status)) {
          throw new AppError('CONFLICT', 'inbox.errors.illegal_transition', { status: ['inbox.errors.illegal_transition'] }, {
            from: translate(ctx.lang, `inbox.reservation_status.${from}`),
            to: translate(ctx.lang, `inbox.reservation_status.${change.status}`),
          });
        }
        // The visit's own steps cannot be undone, so none comes before its time: a no-show not before the guest could
        // have come, seating and completing not before the day (a future booking closed by a slip freed its table).
        if (VISIT_STEPS.includes(change.status)) {
          const at = now();
          const timing = await r.reservationTiming(ctx.tenantId, id, at);
          if (timing && change.status === 'no_show' && timing.start.getTime() > at.getTime()) {
            throw new AppError('CONFLICT', 'inbox.errors.no_show_early', { status: ['inbox.errors.no_show_early'] });
          }
          if (timing && timing.date > timing.today) throw new AppError('CONFLICT', 'inbox.errors.visit_early', { status: ['inbox.errors.visit_early'] });
        }
        await r.setReservationStatus(ctx.tenantId, id, change.status);
        if (RESERVATION_MAILED.includes(change.status)) {
          await mailReservationGuest(tx, ctx, id, {
            key: `mail.inbox.reservation_${change.status}`,
            reason: change.reason,
            link: LINKED_STATUSES.includes(change.status) ? secrets : undefined,
          });
        }
        return detail(r, ctx.tenantId, 'reservation', id);
      });
    },

    /** Stock checks, quote and contact requests: new, answered or closed, in any order. */
    async changeRequestStatus<K extends Exclude<TInboxKind, 'reservation'>>(ctx: InboxContext, kind: K, id: string, status: TRequestStatus): Promise<TInboxDetail<K>> {
      return write(ctx.tenantId, kind, async (r) => {
        if (!(await r.lockStatus(ctx.tenantId, kind, id))) throw new AppError('NOT_FOUND');
        await r.setStatus(ctx.tenantId, kind, id, status);
        return detail(r, ctx.tenantId, kind, id);
      });
    },

    /** An e-mail to the guest from the dashboard: stored with the request, queued in the outbox, and a new request becomes answered. */
    async reply<K extends TInboxKind>(ctx: InboxContext, kind: K, id: string, input: ReplyInput): Promise<TInboxDetail<K>> {
      return write(ctx.tenantId, kind, async (r, tx) => {
        if (!(await r.lockStatus(ctx.tenantId, kind, id))) throw new AppError('NOT_FOUND');
        const row = (await r.byId(ctx.tenantId, kind, id))!;
        const restaurant = await restaurantOf(tx, ctx.tenantId);
        const guest = guestOf(row, kind, restaurant.staffLanguage);
        const mail: TOutboxMail = { site: restaurant.name, name: guest.name, subjectKey: 'mail.inbox.reply_subject', subjectParams: { subject: input.subject }, paragraphs: linesOf(input.body) };
        await mailGuest(r, tx, ctx, { kind, id, to: guest.email, language: guest.language }, mail, { subject: input.subject, body: input.body });
        if (kind !== 'reservation') await r.setStatus(ctx.tenantId, kind, id, 'answered', 'new');
        return detail(r, ctx.tenantId, kind, id);
      });
    },

    async subscribers(tenantId: string, q: SubscribersQuery): Promise<TPage<TSubscriber>> {
      const { rows, total } = await repo.subscribers(tenantId, { status: q.status, search: q.search, page: q.page, perPage: q.per_page });
      return { data: rows.map(toSubscriber), total, per_page: q.per_page, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.per_page)) };
    },

    async removeSubscriber(tenantId: string, id: string): Promise<void> {
      if (!(await repo.deleteSubscriber(tenantId, id))) throw new AppError('NOT_FOUND');
    },

    /** The confirmed subscribers as CSV lines, read in batches so a long list never sits in memory at once. */
    async *subscribersCsv(tenantId: string, batch = 500): AsyncGenerator<string> {
      yield `${['email', 'language', 'confirmed_at'].join(',')}\r\n`;
      let after: string | null = null;
      for (;;) {
        const rows = await repo.confirmedAfter(tenantId, after, batch);
        if (!rows.length) return;
        yield rows.map((r) => `${[r.email, r.language, iso(r.confirmedAt) ?? ''].map(csvCell).join(',')}\r\n`).join('');
        if (rows.length < batch) return;
        after = rows.at(-1)!.email;
      }
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
