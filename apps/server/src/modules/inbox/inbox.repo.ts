import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { TInboxKind, TInboxSort, TSubscriberStatus } from '@tavolo/contracts/inbox';
import { localClock, zonedTimeToUtc } from '@tavolo/contracts/time';
import type { Db } from '../../db/client.ts';
import {
  contactRequests,
  diningAreas,
  diningTables,
  newsletterSubscribers,
  quoteRequests,
  requestReplies,
  reservationTables,
  reservations,
  stockCheckRequests,
  tenantSettings,
  users,
} from '../../db/schema/index.ts';

/** The table behind each kind and the columns its search looks in (name, phone, e-mail and what the guest wrote about). */
const SPECS = {
  reservation: { table: reservations, search: [reservations.fullName, reservations.phoneNumber, reservations.email] },
  stock_check: { table: stockCheckRequests, search: [stockCheckRequests.fullName, stockCheckRequests.phoneNumber, stockCheckRequests.email, stockCheckRequests.productName] },
  quote: { table: quoteRequests, search: [quoteRequests.name, quoteRequests.phone, quoteRequests.email] },
  contact: { table: contactRequests, search: [contactRequests.name, contactRequests.phone, contactRequests.email, contactRequests.subject] },
} as const;

export type RowOf<K extends TInboxKind> = (typeof SPECS)[K]['table']['$inferSelect'];
export type ReplyRow = typeof requestReplies.$inferSelect;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

export interface InboxListQuery {
  status?: string;
  search?: string;
  /** Reservations only: the reservation date, inclusive. */
  from?: string;
  to?: string;
  sort: TInboxSort;
  page: number;
  perPage: number;
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
const likeTerm = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only Drizzle code of the staff inbox; every statement is filtered by the tenant's id. */
export function createInboxRepo(db: Db) {
  /** Rows of one kind: a switch, so each select keeps its own table's row type. */
  function select<K extends TInboxKind>(kind: K, where: SQL | undefined, order: SQL[], limit: number, offset = 0): Promise<RowOf<K>[]> {
    const rows = (() => {
      switch (kind) {
        case 'reservation':
          return db.select().from(reservations).where(where).orderBy(...order).limit(limit).offset(offset);
        case 'stock_check':
          return db.select().from(stockCheckRequests).where(where).orderBy(...order).limit(limit).offset(offset);
        case 'quote':
          return db.select().from(quoteRequests).where(where).orderBy(...order).limit(limit).offset(offset);
        default:
          return db.select().from(contactRequests).where(where).orderBy(...order).limit(limit).offset(offset);
      }
    })();
    return rows as Promise<RowOf<K>[]>;
  }

  return {
    /** One page of a kind, newest or oldest first (reservations also by visit), and the count: two queries whatever the page size. */
    async list<K extends TInboxKind>(tenantId: string, kind: K, q: InboxListQuery) {
      const { table, search } = SPECS[kind];
      const filters: SQL[] = [eq(table.tenantId, tenantId)];
      if (q.status) filters.push(eq(table.status, q.status));
      if (q.search) filters.push(or(...search.map((column) => ilike(column, likeTerm(q.search!))))!);
      if (kind === 'reservation') {
        if (q.from) filters.push(gte(reservations.date, q.from));
        if (q.to) filters.push(lte(reservations.date, q.to));
      }
      const where = and(...filters);
      const direction = q.sort === 'oldest' || q.sort === 'visit_soonest' ? asc : desc;
      const byVisit = kind === 'reservation' && q.sort.startsWith('visit_');
      const order = byVisit ? [direction(reservations.date), direction(reservations.time), direction(table.id)] : [direction(table.createdAt), direction(table.id)];
      const [rows, [total]] = await Promise.all([
        select(kind, where, order, q.perPage, (q.page - 1) * q.perPage),
        db.select({ n: count() }).from(table).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byId<K extends TInboxKind>(tenantId: string, kind: K, id: string): Promise<RowOf<K> | undefined> {
      const { table } = SPECS[kind];
      const [row] = await select(kind, and(eq(table.tenantId, tenantId), eq(table.id, id)), [], 1);
      return row;
    },

    /** Locks the row for a status change, so two people acting at once are served one after the other. */
    async lockStatus(tenantId: string, kind: TInboxKind, id: string): Promise<string | undefined> {
      const { table } = SPECS[kind];
      const [row] = await db
        .select({ status: table.status })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
        .for('update');
      return row?.status;
    },

    /** Sets the status; with `onlyFrom`, only when it still is that one (a reply answers a new request, nothing else). */
    async setStatus(tenantId: string, kind: TInboxKind, id: string, status: string, onlyFrom?: string) {
      const { table } = SPECS[kind];
      await db
        .update(table)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id), ...(onlyFrom ? [eq(table.status, onlyFrom)] : [])));
    },

    /** When a booking starts (an instant), its day and the restaurant's today, on the restaurant's clock. */
    async reservationTiming(tenantId: string, id: string, now: Date): Promise<{ start: Date; date: string; today: string } | undefined> {
      const [row] = await db
        .select({ date: reservations.date, time: reservations.time, timeZone: tenantSettings.timeZone })
        .from(reservations)
        .leftJoin(tenantSettings, eq(tenantSettings.tenantId, reservations.tenantId))
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)));
      if (!row) return undefined;
      const timeZone = row.timeZone ?? 'UTC';
      return { start: zonedTimeToUtc(row.date, row.time, timeZone), date: row.date, today: localClock(timeZone, now).date };
    },

    async setReservationStatus(tenantId: string, id: string, status: string) {
      const now = new Date();
      await db
        .update(reservations)
        .set({ status, updatedAt: now, ...(status === 'seated' ? { seatedAt: now } : {}), ...(status === 'cancelled' ? { cancelledAt: now } : {}) })
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)));
    },

    /** Stores the hash of the view/cancel link's token, so the link in a mail works (rows made before links had none). */
    async setManageTokenHash(tenantId: string, id: string, hash: string) {
      await db
        .update(reservations)
        .set({ manageTokenHash: hash })
        .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)));
    },

    /** The tables each of these reservations holds, in area then table order: one query for a whole page. */
    async tablesOf(tenantId: string, ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
      const out = new Map<string, { id: string; name: string }[]>();
      if (!ids.length) return out;
      const rows = await db
        .select({ reservationId: reservationTables.reservationId, id: diningTables.id, name: diningTables.name })
        .from(reservationTables)
        .innerJoin(diningTables, and(eq(diningTables.tenantId, reservationTables.tenantId), eq(diningTables.id, reservationTables.tableId)))
        .innerJoin(diningAreas, and(eq(diningAreas.tenantId, diningTables.tenantId), eq(diningAreas.id, diningTables.areaId)))
        .where(and(eq(reservationTables.tenantId, tenantId), inArray(reservationTables.reservationId, ids)))
        .orderBy(asc(diningAreas.position), asc(diningAreas.name), asc(diningTables.position), asc(diningTables.name));
      for (const row of rows) out.set(row.reservationId, [...(out.get(row.reservationId) ?? []), { id: row.id, name: row.name }]);
      return out;
    },

    async replyCounts(tenantId: string, kind: TInboxKind, ids: string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: requestReplies.requestId, n: count() })
        .from(requestReplies)
        .where(and(eq(requestReplies.tenantId, tenantId), eq(requestReplies.kind, kind), inArray(requestReplies.requestId, ids)))
        .groupBy(requestReplies.requestId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** The replies about one request, oldest first (the thread reads top to bottom). */
    async replies(tenantId: string, kind: TInboxKind, id: string): Promise<ReplyRow[]> {
      return db
        .select()
        .from(requestReplies)
        .where(and(eq(requestReplies.tenantId, tenantId), eq(requestReplies.kind, kind), eq(requestReplies.requestId, id)))
        .orderBy(asc(requestReplies.createdAt), asc(requestReplies.id));
    },

    async insertReply(values: Omit<typeof requestReplies.$inferInsert, 'id' | 'createdAt'>) {
      await db.insert(requestReplies).values(values);
    },

    async userName(tenantId: string, userId: string): Promise<string> {
      const [row] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      return row?.name ?? '';
    },

    async currencySymbol(tenantId: string): Promise<string> {
      const [row] = await db.select({ symbol: tenantSettings.currencySymbol }).from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId));
      return row?.symbol ?? '$';
    },

    async subscribers(tenantId: string, q: { status?: TSubscriberStatus; search?: string; page: number; perPage: number }) {
      const filters: SQL[] = [eq(newsletterSubscribers.tenantId, tenantId)];
      if (q.status) filters.push(eq(newsletterSubscribers.status, q.status));
      if (q.search) filters.push(ilike(newsletterSubscribers.email, likeTerm(q.search)));
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(q.perPage)
          .offset((q.page - 1) * q.perPage),
        db.select({ n: count() }).from(newsletterSubscribers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Returns whether the row was this tenant's (and is now gone). */
    async deleteSubscriber(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(newsletterSubscribers)
        .where(and(eq(newsletterSubscribers.tenantId, tenantId), eq(newsletterSubscribers.id, id)))
        .returning({ id: newsletterSubscribers.id });
      return rows.length > 0;
    },

    /** Confirmed subscribers in e-mail order, `limit` after `afterEmail` (keyset paging for the CSV stream). */
    async confirmedAfter(tenantId: string, afterEmail: string | null, limit: number) {
      return db
        .select({ email: newsletterSubscribers.email, language: newsletterSubscribers.language, confirmedAt: newsletterSubscribers.confirmedAt })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.tenantId, tenantId),
            eq(newsletterSubscribers.status, 'confirmed'),
            ...(afterEmail === null ? [] : [gt(newsletterSubscribers.email, afterEmail)]),
          ),
        )
        .orderBy(asc(newsletterSubscribers.email))
        .limit(limit);
    },
  };
}
export type InboxRepo = ReturnType<typeof createInboxRepo>;

/** Runs `fn` with a repo bound to one transaction (and the transaction itself, for the outbox). */
export function inInboxTransaction<T>(db: Db, fn: (repo: InboxRepo, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createInboxRepo(tx as unknown as Db), tx as unknown as Db));
}
