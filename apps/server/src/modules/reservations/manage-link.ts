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
