import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ALLERGENS, DIET_TAGS, PAGE_SIZES, PRODUCT_SORTS, type TAllergen, type TDietTag, type TProductSort } from '@tavolo/contracts/menu-codes';
import type { ProductsQuery } from '../api/storefront-api.ts';

export type MenuView = 'grid' | 'list';

export interface MenuFilters {
  category: string | null;
  sort: TProductSort;
  search: string;
  page: number;
  perPage: number;
  view: MenuView;
  /** Dishes with every one of these tags. */
  diet: TDietTag[];
  /** Dishes with none of these allergens. */
  allergenFree: TAllergen[];
}

/** A comma list from the URL, keeping known codes only, in the catalogue's order. */
const codes = <T extends string>(value: string | null, known: readonly T[]): T[] => {
  const given = new Set((value ?? '').split(','));
  return known.filter((c) => given.has(c));
};

export const DEFAULT_PER_PAGE = 12;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the URL; anything unknown or malformed falls back to the default instead of failing the request. */
function parse(params: URLSearchParams, defaultView: MenuView): MenuFilters {
  const category = params.get('category');
  const sort = params.get('sort') as TProductSort | null;
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    category: category && UUID.test(category) ? category : null,
    sort: sort && PRODUCT_SORTS.includes(sort) ? sort : 'default',
    search: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    view: params.get('view') === 'list' ? 'list' : params.get('view') === 'grid' ? 'grid' : defaultView,
    diet: codes(params.get('diet'), DIET_TAGS),
    allergenFree: codes(params.get('without'), ALLERGENS),
  };
}

// URL names of each filter, and the value that is left out of the URL because it is the default.
const KEYS: Record<Exclude<keyof MenuFilters, 'view'>, [param: string, fallback: string]> = {
  category: ['category', ''],
  sort: ['sort', 'default'],
  search: ['q', ''],
  page: ['page', '1'],
  perPage: ['per_page', String(DEFAULT_PER_PAGE)],
  diet: ['diet', ''],
  allergenFree: ['without', ''],
};

/**
 * The menu's filter state lives in the URL (?category=&sort=&q=&page=&per_page=&view=), so a filtered menu can be
 * shared and the browser's back and forward buttons step through it. Changing what is shown starts again at page 1.
 * `defaultView` is the restaurant's chosen menu layout; the guest's own choice (?view=) wins over it.
 */
export function useMenuFilters(defaultView: MenuView = 'grid') {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params, defaultView), [params, defaultView]);

  const update = useCallback(
    (changes: Partial<MenuFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const resetsPage = ['category', 'sort', 'search', 'perPage', 'diet', 'allergenFree'].some((key) => key in changes);
          const all: Partial<MenuFilters> = resetsPage && !('page' in changes) ? { ...changes, page: 1 } : changes;
          for (const [key, value] of Object.entries(all) as [keyof MenuFilters, unknown][]) {
            const [param, fallback] = key === 'view' ? ['view', defaultView] : KEYS[key];
            const text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);
            if (text === '' || text === fallback) next.delete(param);
            else next.set(param, text);
          }
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams, defaultView],
  );

  const query: ProductsQuery = useMemo(
    () => ({
      category_id: filters.category ?? undefined,
      sort: filters.sort,
      search: filters.search || undefined,
      diet: filters.diet.join(',') || undefined,
      allergen_free: filters.allergenFree.join(',') || undefined,
      page: filters.page,
      per_page: filters.perPage,
    }),
    [filters],
  );

  return { filters, query, update };
}
