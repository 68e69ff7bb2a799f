import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { storefrontApi, type ProductsQuery } from '../api/storefront-api.ts';

// Public storefront reads change rarely; a few minutes of freshness saves the server (and the guest) work.
const STALE_MS = 5 * 60_000;

export function useTenantSettings() {
  return useQuery({ queryKey: ['storefront', 'settings'], queryFn: async () => (await storefrontApi.settings()).data, staleTime: STALE_MS });
}

export function useTenantDetails() {
  return useQuery({ queryKey: ['storefront', 'details'], queryFn: async () => (await storefrontApi.details()).data, staleTime: STALE_MS });
}

export function usePublicCategories() {
  return useQuery({ queryKey: ['storefront', 'categories'], queryFn: async () => (await storefrontApi.categories()).data.data, staleTime: STALE_MS });
}

/** One page of the menu; the previous page stays on screen while the next one loads (no flicker). */
export function usePublicProducts(query: ProductsQuery) {
  return useQuery({
    queryKey: ['storefront', 'products', query],
    queryFn: async () => (await storefrontApi.products(query)).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
