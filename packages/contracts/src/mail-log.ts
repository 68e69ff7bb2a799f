import { z } from './zod.ts';

/**
 * A restaurant's recent e-mails from the outbox (GET /api/tenant/admin/mails) and resending a failed one
 * (POST /api/tenant/admin/mails/:id/resend). Only the envelope is shown: who, what subject, how it went.
 */

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

export interface TMailLogEntry {
  id: string;
  to: string;
  /** Rendered in the mail's own language, as the guest saw (or will see) it. */
  subject: string;
  status: TMailStatus;
  /** Tries so far; a pending mail with attempts > 0 is waiting for its next retry. */
  attempts: number;
  /** The mail server's answer to the last failed try, if any. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
}

export const ZMailLogQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type TMailLogQuery = { status?: TMailStatus; page?: number; per_page?: number };
