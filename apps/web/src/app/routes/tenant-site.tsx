import { redirect, type RouteObject } from 'react-router';
import { RouteError } from '../../components/layouts/route-error.tsx';
import { guestOnly, requireToken } from './guards.ts';
import { ALL_NAMESPACES } from '../i18n.ts';
import { ROUTE_NAMESPACES } from '../namespaces.ts';
import { lazyPage } from './lazy-page.ts';
import { SERVER_RENDERED } from './server-rendered.ts';

/** A restaurant's host: its storefront, its staff sign-in and its dashboard. */
export const tenantSiteRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('./storefront/storefront-layout.tsx'), ROUTE_NAMESPACES.storefrontLayout),
    errorElement: <RouteError />,
    children: [
      { index: true, id: 'tenant-landing', handle: SERVER_RENDERED, lazy: lazyPage(() => import('./storefront/landing-page.tsx'), ROUTE_NAMESPACES.storefrontLanding) },
      { path: 'checkout', handle: SERVER_RENDERED, lazy: lazyPage(() => import('./storefront/checkout-page.tsx'), ROUTE_NAMESPACES.checkout) },
      { path: 'order/:token', lazy: lazyPage(() => import('./storefront/order-page.tsx'), ROUTE_NAMESPACES.orderTotals) },
      { path: 'login', loader: guestOnly('/dashboard/home'), lazy: lazyPage(() => import('../../features/auth/components/login-page.tsx'), ROUTE_NAMESPACES.auth) },
      // SPEC §2.3: the tenant dashboard logs out to /tenant/login.
      { path: 'tenant/login', loader: () => redirect('/login') },
      { path: 'forgot-password', lazy: lazyPage(() => import('../../features/auth/components/forgot-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'reset-password', lazy: lazyPage(() => import('../../features/auth/components/reset-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'auth/handoff', lazy: lazyPage(() => import('../../features/auth/components/handoff-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'accept-invite', lazy: lazyPage(() => import('./accept-invite-page.tsx'), ROUTE_NAMESPACES.acceptInvite) },
      // Guest forms (issue #4).
      { path: 'reservation', lazy: lazyPage(() => import('./storefront/reservation-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'reservation/manage', lazy: lazyPage(() => import('./storefront/reservation-manage-page.tsx'), ROUTE_NAMESPACES.reservationManage) },
      { path: 'stock-check', lazy: lazyPage(() => import('./storefront/stock-check-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'contact', lazy: lazyPage(() => import('./storefront/contact-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'quote', lazy: lazyPage(() => import('./storefront/quote-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'newsletter/confirm', lazy: lazyPage(() => import('./storefront/newsletter-confirm-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      { path: 'newsletter/unsubscribe', lazy: lazyPage(() => import('./storefront/newsletter-unsubscribe-page.tsx'), ROUTE_NAMESPACES.guestForms) },
      // Content pages (CMS): the standard ones at the top level, the restaurant's own under /p/.
      ...['about', 'privacy', 'terms', 'p/:slug'].map((path) => ({ path, lazy: lazyPage(() => import('./storefront/content-page.tsx')) })),
      { path: '*', lazy: lazyPage(() => import('../../components/layouts/not-found-page.tsx')) },
    ],
  },
  // The kitchen ticket prints without the dashboard's chrome; still signed-in only.
  {
    path: '/dashboard/orders/:id/ticket',
    loader: requireToken,
    lazy: lazyPage(() => import('./dashboard/order-ticket-page.tsx'), ALL_NAMESPACES),
    errorElement: <RouteError />,
  },
  {
    path: '/dashboard',
    loader: requireToken,
    lazy: lazyPage(() => import('./dashboard/dashboard-layout.tsx'), ALL_NAMESPACES),
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/dashboard/home') },
      { path: 'home', lazy: lazyPage(() => import('./dashboard/home-page.tsx')) },
      { path: 'orders', lazy: lazyPage(() => import('./dashboard/orders-page.tsx')) },
      { path: 'reservations', lazy: lazyPage(() => import('./dashboard/reservations-page.tsx')) },
      { path: 'reservations/setup', lazy: lazyPage(() => import('./dashboard/reservation-setup-page.tsx')) },
      { path: 'stock-check-requests', lazy: lazyPage(() => import('./dashboard/stock-check-requests-page.tsx')) },
      { path: 'quote-requests', lazy: lazyPage(() => import('./dashboard/quote-requests-page.tsx')) },
      { path: 'contact-reqs', lazy: lazyPage(() => import('./dashboard/contact-requests-page.tsx')) },
      { path: 'subscribers', lazy: lazyPage(() => import('./dashboard/subscribers-page.tsx')) },
      { path: 'customers', lazy: lazyPage(() => import('./dashboard/customers-page.tsx')) },
      { path: 'bulletin', lazy: lazyPage(() => import('./dashboard/bulletin-page.tsx')) },
      { path: 'categories', lazy: lazyPage(() => import('./dashboard/categories-page.tsx')) },
      { path: 'products', lazy: lazyPage(() => import('./dashboard/products-page.tsx')) },
      { path: 'option-groups', lazy: lazyPage(() => import('./dashboard/option-groups-page.tsx')) },
      { path: 'stock', lazy: lazyPage(() => import('./dashboard/stock-page.tsx')) },
      { path: 'coupons', lazy: lazyPage(() => import('./dashboard/coupons-page.tsx')) },
      { path: 'taxes', lazy: lazyPage(() => import('./dashboard/taxes-page.tsx')) },
      { path: 'settings', lazy: lazyPage(() => import('./dashboard/settings-page.tsx')) },
      { path: 'ordering', lazy: lazyPage(() => import('./dashboard/ordering-page.tsx')) },
      { path: 'themes', lazy: lazyPage(() => import('./dashboard/themes-page.tsx')) },
      { path: 'colors', lazy: lazyPage(() => import('./dashboard/colors-page.tsx')) },
      { path: 'layouts', lazy: lazyPage(() => import('./dashboard/layouts-page.tsx')) },
      { path: 'email-settings', lazy: lazyPage(() => import('./dashboard/email-settings-page.tsx')) },
      { path: 'plan', lazy: lazyPage(() => import('./dashboard/plan-page.tsx')) },
      { path: 'cms', lazy: lazyPage(() => import('./dashboard/cms-page.tsx')) },
      { path: 'users', lazy: lazyPage(() => import('./dashboard/users-page.tsx')) },
      { path: 'roles', lazy: lazyPage(() => import('./dashboard/roles-page.tsx')) },
      { path: 'profile', lazy: lazyPage(() => import('./dashboard/profile-page.tsx')) },
      { path: 'password', lazy: lazyPage(() => import('./dashboard/password-page.tsx')) },
      { path: '*', loader: () => redirect('/dashboard/home') },
    ],
  },
];
