import type { TPublicAppearance } from './appearance.ts';
import type { TPage } from './envelope.ts';
import type { TPublicCategory, TPublicProduct, TPublicSettings, TTenantDetails } from './storefront.ts';

/**
 * A restaurant's public reads that its index.html carries (server modules/web), so the storefront's first render
 * needs no round trip for them: the `data` of GET /api/tenant/settings, /get-tenant-details and /public/appearance,
 * and on the landing page the category tabs (GET /api/tenant/public/categories) and the menu's first page as
 * GET /api/tenant/public/products answers it unfiltered.
 */
export interface TStorefrontBoot {
  settings: TPublicSettings;
  details: TTenantDetails;
  appearance: TPublicAppearance;
  categories?: TPage<TPublicCategory>;
  products?: TPage<TPublicProduct>;
}

/** The id of the <script type="application/json"> element that holds it. */
export const STOREFRONT_BOOT_ID = 'storefront-boot';
