import { z } from './zod.ts';
import { LANGUAGES } from './i18n.ts';
import { ZPageQuery } from './envelope.ts';
import { isPhoneNumber, zCleanString, zEmail, zOptionalText, zText, zUuid, zSearch } from './validation.ts';

/** Bounds of the contact form's message (the form counts against them too). */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * POST /api/contact: the marketing site's contact form (main domain). `website` is a honeypot: hidden from
 * people, filled in by bots; a message that fills it is answered like any other but never stored.
 */
export const ZContactMessageRequest = z.object({
  name: zText(120),
  email: zEmail,
  /** Optional: an empty field is no phone number. */
  phone: zOptionalText(32).refine((v) => v === undefined || isPhoneNumber(v), { error: 'validation.phone' }),
  restaurant_name: zOptionalText(160),
  subject: zText(200),
  message: zCleanString().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX),
  website: z.string().max(500).optional(),
});
export type TContactMessageRequest = z.input<typeof ZContactMessageRequest>;

export const CONTACT_MESSAGE_STATUSES = ['new', 'handled'] as const;
export type TContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** One message as the operators read it. */
export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  restaurant_name: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  handled_at: z.string().nullable(),
  handled_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/** GET /api/platform/messages: newest first, optionally only new or handled ones, searched in sender, subject and text. */
export const ZContactMessageListQuery = ZPageQuery.extend({
  status: z.enum(CONTACT_MESSAGE_STATUSES).optional(),
  search: zSearch(),
});
export type TContactMessageListQuery = z.input<typeof ZContactMessageListQuery>;

/** The list's page also counts the new messages (the dashboard card's figure), whatever the filter. */
export interface TContactMessagePage {
  data: TContactMessage[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  new_count: number;
}

export const ZContactMessageIdParams = z.object({ id: zUuid });

/** POST /api/platform/messages/:id/handled: true marks it handled, false puts it back among the new ones. */
export const ZContactMessageHandledRequest = z.object({ handled: z.boolean() });
