import { servesGuests, type TTenantStatus } from '@tavolo/contracts/tenant';
import { randomUUID } from 'node:crypto';
import { AppError } from '@tavolo/contracts/errors';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TLiveTopic } from '@tavolo/contracts/live';
import { localClock } from '@tavolo/contracts/time';
import {
  type TContactRequest,
  type TQuoteRequest,
  type TReservationOptions,
  type TReservationRequest,
  type TStockCheckProduct,
  type TStockCheckRequest,
} from '@tavolo/contracts/requests';
import type { TReservationStatus } from '@tavolo/contracts/inbox';
import type { Db } from '../../db/client.ts';
import type { LiveEvents } from '../../lib/live-events.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { placeBooking } from '../reservations/booking.ts';
import { createCapacityRepo } from '../reservations/capacity.repo.ts';
import { assertBookableOnline, reservationLimits } from '../reservations/guest.service.ts';
import { cancelDeadline, manageLinkWords, manageToken, manageUrl } from '../reservations/manage-link.ts';
import { createRequestsRepo, inRequestsTransaction, type RequestsRepo } from './requests.repo.ts';

type Restaurant = NonNullable<Awaited<ReturnType<RequestsRepo['restaurant']>>>;

/** Who sent the form and where links in its mails point (`http://<host>` of the restaurant's site). */
export interface RequestContext {
  tenantId: string;
  lang: TLanguage;
  origin: string;
}

const field = (name: string, key: string) => new AppError('VALIDATION', 'errors.validation', { [name]: [key] });

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The alert mail to the restaurant about a guest form (in the restaurant's language): subject and intro of
 * `mail.requests.<form>_staff_*`, then who sent it and how to reach them, then what they asked (`rows`).
 */
function alertStaff(
  db: Db,
  ctx: RequestContext,
  r: Restaurant,
  alert: {
    form: 'reservation' | 'contact' | 'stock' | 'quote';
    subjectParams: Record<string, unknown>;
    guest: { name: string; email: string };
    /** The booking or request: see mailOutbox.subjectId. */
    subjectId: string;
    rows: { labelKey: string; value: string }[];
    /** Other texts than the form's own (e.g. a booking confirmed at once rather than a request). */
    keys?: { subject: string; intro: string };
  },
): Promise<void> {
  return enqueueMail(db, {
    tenantId: ctx.tenantId,
    origin: ctx.origin,
    to: r.email,
    language: r.staffLanguage,
    subjectId: alert.subjectId,
    mail: {
      site: r.name,
      name: r.name,
      subjectKey: alert.keys?.subject ?? `mail.requests.${alert.form}_staff_subject`,
      subjectParams: alert.subjectParams,
      paragraphs: [{ key: alert.keys?.intro ?? `mail.requests.${alert.form}_staff_intro` }],
      rows: [{ labelKey: 'mail.requests.label_name', value: alert.guest.name }, { labelKey: 'mail.requests.label_email', value: alert.guest.email }, ...alert.rows],
      ...(alert.guest.email && { replyTo: alert.guest.email }),
    },
  });
}

/**
 * Tells the guest, in the language they wrote in, that their message or quote request arrived, with what they sent:
 * their record until staff answer. Queued in the request's transaction.
 */
async function confirmToGuest(
  db: Db,
  ctx: RequestContext,
  r: Restaurant,
  request: { form: 'contact' | 'quote'; guest: { name: string; email: string }; subjectId: string; rows: { labelKey: string; value: string }[] },
): Promise<void> {
  return enqueueMail(db, {
    tenantId: ctx.tenantId,
    origin: ctx.origin,
    to: request.guest.email,
    language: ctx.lang,
    subjectId: request.subjectId,
    mail: {
      site: r.name,
      name: request.guest.name,
      subjectKey: `mail.requests.${request.form}_guest_subject`,
      paragraphs: [{ key: `mail.requests.${request.form}_guest_intro` }],
      rows: request.rows,
    },
  });
}

/**
 * The guest forms of a storefront. Each one writes its row, the staff notification and its mails in one
 * transaction. A pending or suspended restaurant takes no reservations, sign-ups, stock checks or quote
 * requests (409); contact messages are still accepted so a guest can always reach it, and confirm/unsubscribe
 * links keep working whatever its status.
 */
/** A pending address asked again within this time gets no second confirmation mail (a double click, a second tab). */
const RESEND_AFTER_MS = 60_000;

export function createRequestsService(deps: { db: Db; secrets: SecretBox; now?: () => Date; onMailQueued?: () => void; live?: LiveEvents }) {
  const repo = createRequestsRepo(deps.db);
  const capacity = createCapacityRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();
  /** Runs `fn` in one transaction, then wakes the mail sender and tells open dashboards what changed. */
  const write = async <T>(tenantId: string, topics: TLiveTopic[], fn: (tx: RequestsRepo, db: Db) => Promise<T>): Promise<T> => {
    const result = await inRequestsTransaction(deps.db, fn);
    deps.onMailQueued?.();
    if (topics.length) deps.live?.publish(tenantId, { topics });
    return result;
  };

  /** The restaurant as read, or 404; with `mustAccept`, a 409 unless it takes requests (not pending or suspended). */
  function accepting<R extends { status: TTenantStatus }>(row: R | undefined, mustAccept: boolean): R {
    if (!row) throw new AppError('TENANT_NOT_FOUND');
    if (mustAccept && !servesGuests(row.status)) throw new AppError('CONFLICT', 'requests.errors.not_accepting');
    return row;
  }
  const restaurant = async (tenantId: string, { mustAccept }: { mustAccept: boolean }): Promise<Restaurant> => accepting(await repo.restaurant(tenantId), mustAccept);

  return {
    async reservationOptions(tenantId: string): Promise<TReservationOptions> {
      const r = accepting(await capacity.restaurant(tenantId), false);
      const at = now();
      return {
        time_zone: r.timeZone,
        today: localClock(r.timeZone, at).date,
        opening_hours: [...r.openingHours].sort((a, b) => a.day - b.day),
        ...reservationLimits(r, at),
      };
    },

    /**
     * A table booked from the storefront: the online rules first (422 per field), then, in one transaction
     * under the restaurant's booking lock, the tables (409 when the last one went meanwhile), the booking
     * with its view/cancel link, the staff notification and the mails. Confirmed at once when the
     * restaurant auto-confirms, else pending (it holds its table until staff decide).
     */
    async reserve(ctx: RequestContext, input: TReservationRequest): Promise<{ status: TReservationStatus }> {
      // The booking rules come with the restaurant (capacity repo): one read for both.
      const r = accepting(await capacity.restaurant(ctx.tenantId), true);
      assertBookableOnline(r, input, now(), ctx.lang);
      const status: TReservationStatus = r.settings.auto_confirm ? 'confirmed' : 'pending';

      await write(ctx.tenantId, ['reservations', 'notifications'], async (tx, db) => {
        const tables = createCapacityRepo(db);
        const { tableIds, durationMinutes } = await placeBooking(tables, ctx.tenantId, r.settings, input);
        // The id first: the link's token is derived from it, and only the token's hash is stored.
        const id = randomUUID();
        const link = manageToken(deps.secrets, ctx.tenantId, id);
        await tx.insertReservation({
          id,
          tenantId: ctx.tenantId,
          ...toReservationRow(input),
          status,
          durationMinutes,
          source: 'online',
          manageTokenHash: link.hash,
          language: ctx.lang,
        });
        await tables.assignTables(ctx.tenantId, id, tableIds);
        await tx.insertNotification(ctx.tenantId, 'reservation', { name: input.full_name, date: input.date, time: input.time, guests: input.guests }, id);
        const rows = [
          { labelKey: 'mail.requests.label_date', value: input.date },
          { labelKey: 'mail.requests.label_time', value: input.time },
          { labelKey: 'mail.requests.label_guests', value: String(input.guests) },
        ];
        const confirmed = status === 'confirmed';
        const cutoff = r.settings.cancel_cutoff_hours;
        const linkWords = manageLinkWords(cancelDeadline(input, r.timeZone, cutoff), cutoff, r.phone, now());
        await enqueueMail(db, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: input.email,
          language: ctx.lang,
          mail: {
            site: r.name,
            name: input.full_name,
            subjectKey: confirmed ? 'reservations.mail.confirmed_subject' : 'mail.requests.reservation_guest_subject',
            paragraphs: [
              ...(confirmed ? [{ key: 'reservations.mail.confirmed_intro' }] : [{ key: 'mail.requests.reservation_guest_intro' }, { key: 'mail.requests.reservation_guest_note' }]),
              linkWords.paragraph,
            ],
            rows,
            action: { labelKey: linkWords.labelKey, url: manageUrl(ctx.origin, link.token) },
          },
        });
        await alertStaff(db, ctx, r, {
          form: 'reservation',
          subjectParams: { name: input.full_name, date: input.date, time: input.time },
          guest: { name: input.full_name, email: input.email },
          subjectId: id,
          rows: [{ labelKey: 'mail.requests.label_phone', value: input.phone_number }, ...rows, { labelKey: 'mail.requests.label_message', value: input.message }],
          keys: confirmed ? { subject: 'reservations.mail.staff_booked_subject', intro: 'reservations.mail.staff_booked_intro' } : undefined,
        });
      });
      return { status };
    },

    /**
     * Double opt-in: a new address (or one that unsubscribed) becomes a pending row and gets a confirmation
     * link; a pending one gets a fresh link (no second row); a confirmed one is a 409.
     */
    async subscribe(ctx: RequestContext, email: string): Promise<void> {
      const r = await restaurant(ctx.tenantId, { mustAccept: true });
      const confirmToken = newToken();
      const unsubscribeToken = newToken();
      const at = now();
      const fresh = { confirmTokenHash: hashToken(confirmToken), unsubscribeTokenHash: hashToken(unsubscribeToken), language: ctx.lang, at };
      await write(ctx.tenantId, [], async (tx, db) => {
        // Insert first, so two sign-ups at once (a double click) meet at the unique key, not at a 500.
        if (!(await tx.insertSubscriber({ tenantId: ctx.tenantId, email, ...fresh }))) {
          const existing = await tx.subscriberByEmail(ctx.tenantId, email);
          if (!existing) return; // erased in between
          if (existing.status === 'confirmed') throw new AppError('CONFLICT', 'requests.errors.already_subscribed');
          // A link sent moments ago stays the one to click: a new one would make it useless while it is on its way.
          if (existing.status === 'pending' && at.getTime() - existing.updatedAt.getTime() < RESEND_AFTER_MS) return;
          await tx.resetSubscriber(ctx.tenantId, existing.id, fresh);
        }
        await enqueueMail(db, {
          tenantId: ctx.tenantId,
          origin: ctx.origin,
          to: email,
          language: ctx.lang,
          mail: {
            site: r.name,
            name: email,
            subjectKey: 'mail.requests.newsletter_subject',
            paragraphs: [{ key: 'mail.requests.newsletter_intro' }, { key: 'mail.requests.newsletter_confirm_note' }],
            rows: [{ labelKey: 'mail.requests.label_unsubscribe', value: `${ctx.origin}/newsletter/unsubscribe#token=${unsubscribeToken}` }],
            action: { labelKey: 'mail.requests.newsletter_action', url: `${ctx.origin}/newsletter/confirm#token=${confirmToken}` },
          },
        });
      });
    },

    /** True when the sign-up was confirmed before (the link clicked again). */
    async confirmSubscription(tenantId: string, token: string): Promise<{ already: boolean }> {
      const result = await repo.confirmSubscriber(tenantId, hashToken(token));
      if (!result) throw new AppError('NOT_FOUND', 'requests.errors.token_invalid');
      return { already: result === 'already' };
    },

    async unsubscribe(tenantId: string, token: string): Promise<void> {
      if (!(await repo.unsubscribe(tenantId, hashToken(token)))) throw new AppError('NOT_FOUND', 'requests.errors.token_invalid');
    },

    async contact(ctx: RequestContext, input: TContactRequest): Promise<void> {
      const r = await restaurant(ctx.tenantId, { mustAccept: false });
      await write(ctx.tenantId, ['requests', 'notifications'], async (tx, db) => {
        const id = await tx.insertContact({ tenantId: ctx.tenantId, name: input.name, email: input.email, phone: input.phone ?? null, subject: input.subject, message: input.message, language: ctx.lang });
        await tx.insertNotification(ctx.tenantId, 'contact', { name: input.name, subject: input.subject }, id);
        const rows = [
          ...(input.phone ? [{ labelKey: 'mail.requests.label_phone', value: input.phone }] : []),
          { labelKey: 'mail.requests.label_subject', value: input.subject },
          { labelKey: 'mail.requests.label_message', value: input.message },
        ];
        const guest = { name: input.name, email: input.email };
        await alertStaff(db, ctx, r, { form: 'contact', subjectParams: { subject: input.subject }, guest, subjectId: id, rows });
        await confirmToGuest(db, ctx, r, { form: 'contact', guest, subjectId: id, rows });
      });
    },

    async stockCheckProducts(tenantId: string): Promise<TStockCheckProduct[]> {
      return repo.visibleProducts(tenantId);
    },

    /** Answers from the current level without revealing it; the request and the answer are kept for staff. */
    async stockCheck(ctx: RequestContext, input: TStockCheckRequest): Promise<{ available: boolean; product: string }> {
      const r = await restaurant(ctx.tenantId, { mustAccept: true });
      return write(ctx.tenantId, ['requests', 'notifications'], async (tx, db) => {
        const product = await tx.visibleProduct(ctx.tenantId, input.product_id);
        if (!product) throw field('product_id', 'requests.validation.product_not_found');
        const level = product.trackStock ? product.stockQuantity : null;
        const available = level === null || level >= input.quantity;
        const id = await tx.insertStockCheck({
          tenantId: ctx.tenantId,
          fullName: input.full_name,
          phoneNumber: input.phone_number,
          email: input.email,
          productId: product.id,
          productName: product.name,
          quantity: input.quantity,
          // Untracked products are always available: the request records the asked quantity as what was there.
          availableAtRequest: level ?? input.quantity,
          language: ctx.lang,
        });
        await tx.insertNotification(ctx.tenantId, 'stock_check', { name: input.full_name, product: product.name, quantity: input.quantity, available: available ? 1 : 0 }, id);
        await alertStaff(db, ctx, r, {
          form: 'stock',
          subjectParams: { product: product.name, quantity: input.quantity },
          guest: { name: input.full_name, email: input.email },
          subjectId: id,
          rows: [
            { labelKey: 'mail.requests.label_phone', value: input.phone_number },
            { labelKey: 'mail.requests.label_product', value: product.name },
            { labelKey: 'mail.requests.label_quantity', value: String(input.quantity) },
            { labelKey: 'mail.requests.label_available', value: available ? '✓' : '✗' },
          ],
        });
        return { available, product: product.name };
      });
    },

    async quote(ctx: RequestContext, input: TQuoteRequest): Promise<void> {
      const r = await restaurant(ctx.tenantId, { mustAccept: true });
      if (input.event_date < localClock(r.timeZone, now()).date) throw field('event_date', 'requests.validation.date_past');
      await write(ctx.tenantId, ['requests', 'notifications'], async (tx, db) => {
        const id = await tx.insertQuote({
          tenantId: ctx.tenantId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          eventDate: input.event_date,
          guests: input.guests,
          budgetCents: input.budget,
          message: input.message,
          language: ctx.lang,
        });
        await tx.insertNotification(ctx.tenantId, 'quote', { name: input.name, event_date: input.event_date, guests: input.guests }, id);
        const rows = [
          { labelKey: 'mail.requests.label_phone', value: input.phone },
          { labelKey: 'mail.requests.label_event_date', value: input.event_date },
          { labelKey: 'mail.requests.label_guests', value: String(input.guests) },
          ...(input.budget !== null ? [{ labelKey: 'mail.requests.label_budget', value: money(input.budget) }] : []),
          { labelKey: 'mail.requests.label_message', value: input.message },
        ];
        const guest = { name: input.name, email: input.email };
        await alertStaff(db, ctx, r, { form: 'quote', subjectParams: { name: input.name, date: input.event_date }, guest, subjectId: id, rows });
        await confirmToGuest(db, ctx, r, { form: 'quote', guest, subjectId: id, rows });
      });
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;

function toReservationRow(input: TReservationRequest) {
  return {
    fullName: input.full_name,
    phoneNumber: input.phone_number,
    email: input.email,
    date: input.date,
    time: input.time,
    guests: input.guests,
    message: input.message,
  };
}
