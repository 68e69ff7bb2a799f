/**
 * Which texts (i18n namespaces) load with which pages, in one place: the route tables pass them to lazyPage, and
 * the bundle budget check (scripts/check-budget.ts) counts the same files as the browser downloads.
 */

/** What every page of every site paints with: the shell (providers, skip link, error pages). */
export const BASE_NAMESPACES = ['common', 'a11y', 'permissions'] as const;

/**
 * The messages shared with the server (errors, validation, confirmations; ~12 KB): most show only once a visitor
 * acts, so every page loads them right after its first paint (main.tsx) and the pages that paint one at once name
 * them; the storefront landing and the marketing pages do not wait for them.
 */
export const SHARED_NAMESPACE = 'shared';

export const ROUTE_NAMESPACES = {
  // 'ordering' (the paused notice) and 'requests' (the guest forms) load with the pages and parts that show them.
  // The cart's texts ('cart') load with the cart drawer, the checkout and the order page; the header's button and
  // the dishes' add buttons read theirs from 'storefront'.
  storefrontLayout: ['storefront'],
  // The dishes' diet and allergen names (the dashboard's menu texts are 'menu').
  storefrontLanding: ['dietary'],
  orderPage: ['cart', 'order-totals', SHARED_NAMESPACE],
  checkout: ['cart', 'order-totals', 'ordering', SHARED_NAMESPACE],
  guestForms: ['requests', SHARED_NAMESPACE],
  reservationManage: ['reservation-setup', 'reservations', SHARED_NAMESPACE],
  // Sign-in, password and hand-off pages.
  auth: ['auth', SHARED_NAMESPACE],
  acceptInvite: ['team', SHARED_NAMESPACE],
  marketingLayout: ['marketing', 'contact'],
  register: ['import', SHARED_NAMESPACE],
} as const satisfies Record<string, readonly string[]>;
