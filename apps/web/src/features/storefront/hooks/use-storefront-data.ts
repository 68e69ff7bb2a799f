import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPublicAppearance } from '@tavolo/contracts/appearance';
import { storefrontApi, type ProductsQuery } from '../api/storefront-api.ts';
import { storefrontBoot, storefrontBootAt } from '../api/storefront-boot.ts';

// Public storefront reads change rarely; a few minutes of freshness saves the server (and the guest) work.
const STALE_MS = 5 * 60_000;

export function useTenantSettings() {
  return useQuery({ queryKey: ['storefront', 'settings'], queryFn: async () => (await storefrontApi.settings()).data, initialData: storefrontBoot.settings, initialDataUpdatedAt: storefrontBootAt, staleTime: STALE_MS });
}

export function useTenantDetails() {
  return useQuery({ queryKey: ['storefront', 'details'], queryFn: async () => (await storefrontApi.details()).data, initialData: storefrontBoot.details, initialDataUpdatedAt: storefrontBootAt, staleTime: STALE_MS });
}

const LOOKS_KEY = 'storefront-looks';

/** The looks seen last time on this host: a returning guest sees the right colours before the answer arrives. */
function rememberedLooks(): TPublicAppearance | undefined {
  try {
    const stored = localStorage.getItem(LOOKS_KEY);
    return stored ? (JSON.parse(stored) as TPublicAppearance) : undefined;
  } catch {
    return undefined;
  }
}

/** Theme, colours and layout choices (issue #3 "looks"). Fresh on every visit, so a change in the dashboard shows at once. */
export function useStorefrontAppearance() {
  return useQuery({
    queryKey: ['storefront', 'appearance'],
    queryFn: async () => {
      const { data } = await storefrontApi.appearance();
      try {
        localStorage.setItem(LOOKS_KEY, JSON.stringify(data));
      } catch {
        // Private mode or full storage: the looks just load a moment later next time.
      }
      return data;
    },
    initialData: storefrontBoot.appearance,
    initialDataUpdatedAt: storefrontBootAt,
    placeholderData: rememberedLooks,
    staleTime: 60_000,
  });
}

export function usePublicCategories() {
  return useQuery({ queryKey: ['storefront', 'categories'], queryFn: async () => (await storefrontApi.categories()).data.data, initialData: storefrontBoot.categories?.data, initialDataUpdatedAt: storefrontBootAt, staleTime: STALE_MS });
}

/** The unfiltered first page, the one index.html carries on the landing (server modules/web). */
const bootMenuFor = (query: ProductsQuery) => {
  const menu = storefrontBoot.products;
  const unfiltered = !query.category_id && !query.search && !query.diet && !query.allergen_free && query.sort === 'default';
  return menu && unfiltered && query.page === 1 && query.per_page === menu.per_page ? menu : undefined;
};

/** One page of the menu; the previous page stays on screen while the next one loads (no flicker). */
export function usePublicProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: ['storefront', 'products', query],
    queryFn: async () => (await storefrontApi.products(query)).data,
    initialData: () => bootMenuFor(query),
    initialDataUpdatedAt: storefrontBootAt,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
