import type { TPublicAppearance } from './appearance.ts';
import type { TPublicSettings, TTenantDetails } from './storefront.ts';

/**
 * A restaurant's public reads that its index.html carries (server modules/web), so the storefront's first render
 * needs no round trip for them: the `data` of GET /api/tenant/settings, /get-tenant-details and /public/appearance.
 */
export interface TStorefrontBoot {
  settings: TPublicSettings;
  details: TTenantDetails;
  appearance: TPublicAppearance;
}

/** The id of the <script type="application/json"> element that holds it. */
export const STOREFRONT_BOOT_ID = 'storefront-boot';
