import { guestOnly, requireToken } from './guards.ts';
import { ALL_NAMESPACES } from '../i18n.ts';
import { ROUTE_NAMESPACES } from '../namespaces.ts';
import { lazyPage, type TRoute } from './route-table.tsx';

/** A restaurant's host: its storefront, its staff sign-in and its dashboard. */
export const tenantSiteRoutes: TRoute[] = [
  {
    path: '/',
    page: lazyPage(() => import('./storefront/storefront-layout.tsx'), ROUTE_NAMESPACES.storefrontLayout),
    children: [
      { index: true, serverRendered: true, page: lazyPage(() => import('./storefront/landing-page.tsx'), ROUTE_NAMESPACES.storefrontLanding) },
      { path: 'checkout', serverRendered: true, page: lazyPage(() => import('./storefront/checkout-page.tsx'), ROUTE_NAMESPACES.checkout) },
      { path: 'order/:token', page: lazyPage(() => import('./storefront/order-page.tsx'), ROUTE_NAMESPACES.orderPage) },
      { path: 'login', guard: guestOnly('/dashboard/home'), page: lazyPage(() => import('../../features/auth/components/login-page.tsx'), ROUTE_NAMESPACES.auth) },
      // SPEC §2.3: the tenant dashboard logs out to /tenant/login.
      { path: 'tenant/login', redirect: '/login' },
      { path: 'forgot-password', page: lazyPage(() => import('../../features/auth/components/forgot-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'reset-password', page: lazyPage(() => import('../../features/auth/components/reset-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'auth/handoff', page: lazyPage(() => import('../../features/auth/components/handoff-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'accept-invite', page: lazyPage(() => import('./accept-invite-page.tsx'), ROUTE_NAMESPACES.acceptInvite) },
      // Guest forms (issue #4).
      { path: 'reservation', page: lazyPage(() => import('./storefront/reservation-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'reservation/manage', page: lazyPage(() => import('./storefront/reservation-manage-page.tsx'), ROUTE_NAMESPACES.reservationManage) },
      { path: 'stock-check', page: lazyPage(() => import('./storefront/stock-check-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'contact', page: lazyPage(() => import('./storefront/contact-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'quote', page: lazyPage(() => import('./storefront/quote-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'newsletter/confirm', page: lazyPage(() => import('./storefront/newsletter-confirm-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'newsletter/unsubscribe', page: lazyPage(() => import('./storefront/newsletter-unsubscribe-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      // Content pages (CMS): the standard ones at the top level, the restaurant's own under /p/.
      ...['about', 'privacy', 'terms', 'p/:slug'].map((path) => ({ path, page: lazyPage(() => import('./storefront/content-page.tsx')) })),
      { path: '*', page: lazyPage(() => import('../../components/layouts/not-found-page.tsx')) },
    ],
  },
  // The kitchen ticket prints without the dashboard's chrome; still signed-in only.
  {
    path: '/dashboard/orders/:id/ticket',
    guard: requireToken,
    page: lazyPage(() => import('./dashboard/order-ticket-page.tsx'), ALL_NAMESPACES),
  },
  {
    path: '/dashboard',
    guard: requireToken,
    page: lazyPage(() => import('./dashboard/dashboard-layout.tsx'), ALL_NAMESPACES),
    children: [
      { index: true, redirect: '/dashboard/home' },
      { path: 'home', page: lazyPage(() => import('./dashboard/home-page.tsx')) },
      { path: 'orders', page: lazyPage(() => import('./dashboard/orders-page.tsx')) },
      { path: 'reservations', page: lazyPage(() => import('./dashboard/reservations-page.tsx')) },
      { path: 'reservations/setup', page: lazyPage(() => import('./dashboard/reservation-setup-page.tsx')) },
      { path: 'stock-check-requests', page: lazyPage(() => import('./dashboard/stock-check-requests-page.tsx')) },
      { path: 'quote-requests', page: lazyPage(() => import('./dashboard/quote-requests-page.tsx')) },
      { path: 'contact-reqs', page: lazyPage(() => import('./dashboard/contact-requests-page.tsx')) },
      { path: 'subscribers', page: lazyPage(() => import('./dashboard/subscribers-page.tsx')) },
      { path: 'customers', page: lazyPage(() => import('./dashboard/customers-page.tsx')) },
      { path: 'bulletin', page: lazyPage(() => import('./dashboard/bulletin-page.tsx')) },
      { path: 'categories', page: lazyPage(() => import('./dashboard/categories-page.tsx')) },
      { path: 'products', page: lazyPage(() => import('./dashboard/products-page.tsx')) },
      { path: 'option-groups', page: lazyPage(() => import('./dashboard/option-groups-page.tsx')) },
      { path: 'stock', page: lazyPage(() => import('./dashboard/stock-page.tsx')) },
      { path: 'coupons', page: lazyPage(() => import('./dashboard/coupons-page.tsx')) },
      { path: 'taxes', page: lazyPage(() => import('./dashboard/taxes-page.tsx')) },
      { path: 'settings', page: lazyPage(() => import('./dashboard/settings-page.tsx')) },
      { path: 'ordering', page: lazyPage(() => import('./dashboard/ordering-page.tsx')) },
      { path: 'themes', page: lazyPage(() => import('./dashboard/themes-page.tsx')) },
      { path: 'colors', page: lazyPage(() => import('./dashboard/colors-page.tsx')) },
      { path: 'layouts', page: lazyPage(() => import('./dashboard/layouts-page.tsx')) },
      { path: 'email-settings', page: lazyPage(() => import('./dashboard/email-settings-page.tsx')) },
      { path: 'plan', page: lazyPage(() => import('./dashboard/plan-page.tsx')) },
      { path: 'cms', page: lazyPage(() => import('./dashboard/cms-page.tsx')) },
      { path: 'users', page: lazyPage(() => import('./dashboard/users-page.tsx')) },
      { path: 'roles', page: lazyPage(() => import('./dashboard/roles-page.tsx')) },
      { path: 'profile', page: lazyPage(() => import('./dashboard/profile-page.tsx')) },
      { path: 'password', page: lazyPage(() => import('./dashboard/password-page.tsx')) },
      { path: '*', redirect: '/dashboard/home' },
    ],
  },
];
