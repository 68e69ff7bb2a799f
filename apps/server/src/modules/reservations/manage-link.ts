import { zonedTimeToUtc } from '@tavolo/contracts/time';
import type { SecretBox } from '../../lib/secrets.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * The guest's view/cancel link of a reservation. The token is derived from the reservation (a keyed
 * signature), so every mail about it (received, confirmed, moved) can carry the same link, while the
 * database keeps only the token's hash (`reservations.manage_token_hash`).
 */
export function manageToken(secrets: SecretBox, tenantId: string, reservationId: string): { token: string; hash: string } {
  const token = secrets.sign(`reservation-link:${tenantId}:${reservationId}`);
  return { token, hash: hashToken(token) };
}

/** The storefront page behind the link; the token rides in the fragment, so it never reaches a server log. */
export const manageUrl = (origin: string, token: string) => `${origin}/reservation/manage#token=${token}`;

/** Until when the guest may cancel by link: the cut-off before the start, on the restaurant's clock. */
export const cancelDeadline = (booking: { date: string; time: string }, timeZone: string, cutoffHours: number) =>
  new Date(zonedTimeToUtc(booking.date, booking.time, timeZone).getTime() - cutoffHours * 3_600_000);

/**
 * What a guest's mail says of the link: cancel online up to the cut-off, or, once that has passed (a table
 * booked at short notice), only view it and call for any change; the page would refuse the cancel.
 */
export function manageLinkWords(deadline: Date, cutoffHours: number, phone: string, now: Date) {
  return now < deadline
    ? { paragraph: { key: 'reservations.mail.manage_note', params: { hours: cutoffHours } }, labelKey: 'reservations.mail.manage_action' }
    : { paragraph: { key: 'reservations.mail.manage_note_late', params: { phone } }, labelKey: 'reservations.mail.view_action' };
}
