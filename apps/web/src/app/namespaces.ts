/**
 * Which texts (i18n namespaces) load with which pages, in one place: the route tables pass them to lazyPage, and
 * the bundle budget check (scripts/check-budget.ts) counts the same files as the browser downloads.
 */

/** What every page of every site uses: the shell (providers, skip link, error pages) and the server's messages. */
export const BASE_NAMESPACES = ['common', 'a11y', 'permissions', 'shared'] as const;

export const ROUTE_NAMESPACES = {
  // 'ordering' (the paused notice) and 'requests' (the guest forms) load with the pages and parts that show them.
  storefrontLayout: ['storefront', 'cart'],
  storefrontLanding: ['menu'],
  orderTotals: ['order-totals'],
  checkout: ['order-totals', 'ordering'],
  guestForms: ['requests'],
  reservationManage: ['reservation-setup', 'reservations'],
  acceptInvite: ['team'],
  marketingLayout: ['marketing', 'contact'],
  register: ['import'],
} as const satisfies Record<string, readonly string[]>;
