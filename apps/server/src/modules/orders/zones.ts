import { distanceMeters, postalCodeMatches, type TGeoPoint } from '@tavolo/contracts/ordering';
import type { DeliveryZoneRow } from './rules.repo.ts';
import { ruleError } from './rule-error.ts';

export interface DeliveryTerms {
  feeCents: number;
  minOrderCents: number;
  zoneName: string | null;
}

/**
 * The delivery terms for an address: without zones, the restaurant's flat fee and minimum anywhere; with zones, the
 * first zone (in the restaurant's order) whose postal codes match or whose radius around the restaurant holds the
 * guest's location. An address outside every zone is refused on the field the guest can fix.
 * No address yet: a quote (before the address is typed) adds no fee, as it is not known yet; an order is refused.
 */
export function deliveryTerms(
  zones: readonly DeliveryZoneRow[],
  flat: { feeCents: number; minOrderCents: number },
  address: { postalCode?: string; location?: TGeoPoint | null },
  restaurantLocation: TGeoPoint | null,
  forOrder: boolean,
): DeliveryTerms {
  if (!zones.length) return { ...flat, zoneName: null };
  if (!address.postalCode && !address.location) {
    if (forOrder) throw ruleError('delivery_postal_code', 'validation.required');
    return { feeCents: 0, minOrderCents: 0, zoneName: null };
  }
  const zone = zones.find((z) =>
    z.kind === 'postal_codes'
      ? !!address.postalCode && z.postalCodes.some((p) => postalCodeMatches(p, address.postalCode!))
      : !!address.location && !!restaurantLocation && z.radiusMeters !== null && distanceMeters(address.location, restaurantLocation) <= z.radiusMeters,
  );
  if (zone) return { feeCents: zone.feeCents, minOrderCents: zone.minOrderCents, zoneName: zone.name };
  if (!address.location && restaurantLocation && zones.some((z) => z.kind === 'radius')) throw ruleError('delivery_location', 'ordering.checkout.location_needed');
  if (address.postalCode) throw ruleError('delivery_postal_code', 'ordering.checkout.outside_zones', { postal_code: address.postalCode });
  // Only a location, outside every radius: the postal-code zones need the code; without any, the address is too far.
  if (zones.some((z) => z.kind === 'postal_codes')) throw ruleError('delivery_postal_code', 'validation.required');
  throw ruleError('delivery_location', 'ordering.checkout.outside_area');
}
