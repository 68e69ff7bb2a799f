import type { TPublicAppearance } from '@tavolo/contracts/appearance';
import type { TPage } from '@tavolo/contracts/envelope';
import type { TProductSort, TPublicCategory, TPublicProduct, TPublicSettings, TTenantDetails } from '@tavolo/contracts/storefront';
import { api } from '../../../lib/api.ts';

export interface ProductsQuery {
  category_id?: string;
  sort: TProductSort;
  search?: string;
  /** Comma lists: every diet tag; none of the allergens. */
  diet?: string;
  allergen_free?: string;
  page: number;
  per_page: number;
}

/** The public reads of a restaurant's storefront (SPEC §7). */
export const storefrontApi = {
  settings: () => api<TPublicSettings>('GET', '/tenant/settings'),
  details: () => api<TTenantDetails>('GET', '/tenant/get-tenant-details'),
  appearance: () => api<TPublicAppearance>('GET', '/tenant/public/appearance'),
  categories: () => api<TPage<TPublicCategory>>('GET', '/tenant/public/categories', { query: { is_active: 1 } }),
  products: (query: ProductsQuery) => api<TPage<TPublicProduct>>('GET', '/tenant/public/products', { query: { ...query, is_active: 1 } }),
};
