import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@tavolo/contracts/errors';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TContactMessage, TContactMessageListQuery, TContactMessagePage, TContactMessageRequest } from '@tavolo/contracts/marketing';
import { ZContactMessageListQuery, ZContactMessageRequest } from '@tavolo/contracts/marketing';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { renderActionMail } from '../../lib/mail-templates.ts';
import { createContactRepo, type ContactMessageRow } from './contact.repo.ts';

function toMessage(row: ContactMessageRow): TContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    restaurant_name: row.restaurantName,
    subject: row.subject,
    message: row.message,
    language: row.language === 'de' ? 'de' : 'en',
    status: row.handledAt ? 'handled' : 'new',
    handled_at: row.handledAt?.toISOString() ?? null,
    handled_by_name: row.handledAt ? row.handledByName : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The marketing site's contact form and the operators' reading of it. The sender's confirmation goes straight
 * through the platform mailer (no restaurant, so no outbox): the message is stored first, and a failing mailer
 * is logged, never lost as a 500.
 */
export function createContactService(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; now?: () => Date }) {
  const repo = createContactRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();

  async function detail(id: string): Promise<TContactMessage> {
    const row = await repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toMessage(row);
  }

  return {
    /** Stores the message and confirms to the sender; a filled honeypot is dropped silently. Returns whether it was stored. */
    async submit(input: TContactMessageRequest, lang: TLanguage): Promise<boolean> {
      const body = ZContactMessageRequest.parse(input);
      if (body.website) return false;
      await repo.insert({
        name: body.name,
        email: body.email,
        phone: body.phone ?? null,
        restaurantName: body.restaurant_name ?? null,
        subject: body.subject,
        message: body.message,
        language: lang,
      });
      try {
        await deps.mailer.send({
          to: body.email,
          ...renderActionMail({
            lang,
            site: 'Tavolo',
            name: body.name,
            subjectKey: 'contact.mail.subject',
            paragraphs: [{ key: 'contact.mail.intro' }, { key: 'contact.mail.reply_time' }],
            rows: [
              { labelKey: 'contact.mail.subject_label', value: body.subject },
              { labelKey: 'contact.mail.message_label', value: body.message },
            ],
          }),
        });
      } catch (error) {
        deps.log.warn({ err: error }, 'contact confirmation mail failed; the message is stored');
      }
      return true;
    },

    async list(query: TContactMessageListQuery): Promise<TContactMessagePage> {
      const q = ZContactMessageListQuery.parse(query);
      const { rows, total, newCount } = await repo.list({ status: q.status, search: q.search || undefined, page: q.page, perPage: q.per_page });
      return {
        data: rows.map(toMessage),
        total,
        per_page: q.per_page,
        current_page: q.page,
        last_page: Math.max(1, Math.ceil(total / q.per_page)),
        new_count: newCount,
      };
    },

    detail,

    async setHandled(id: string, handled: boolean, actorId: string): Promise<TContactMessage> {
      const found = await repo.setHandled(id, handled ? actorId : null, handled ? now() : null);
      if (!found) throw new AppError('NOT_FOUND');
      return detail(id);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw new AppError('NOT_FOUND');
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
