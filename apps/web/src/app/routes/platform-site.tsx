import { guestOnly, requireToken } from './guards.ts';
import { ALL_NAMESPACES } from '../i18n.ts';
import { ROUTE_NAMESPACES } from '../namespaces.ts';
import { lazyPage, type TRoute } from './route-table.tsx';

export const MARKETING_PAGES = ['food-ordering', 'restaurant-services', 'pricing', 'about', 'contact', 'privacy', 'terms'] as const;

/** The main domain: marketing site, sign-up and sign-in, and the platform operators' dashboard. */
export const platformSiteRoutes: TRoute[] = [
  {
    path: '/',
    page: lazyPage(() => import('./marketing/marketing-layout.tsx'), ROUTE_NAMESPACES.marketingLayout),
    children: [
      { index: true, serverRendered: true, page: lazyPage(() => import('./marketing/home-page.tsx')) },
      ...MARKETING_PAGES.map((slug) => ({ path: slug, serverRendered: true, page: lazyPage(() => import('./marketing/info-page.tsx')) })),
      { path: 'tenant-register', page: lazyPage(() => import('./marketing/register-page.tsx'), ROUTE_NAMESPACES.register) },
      { path: 'login', guard: guestOnly('/dashboard'), page: lazyPage(() => import('../../features/auth/components/login-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'forgot-password', page: lazyPage(() => import('../../features/auth/components/forgot-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'reset-password', page: lazyPage(() => import('../../features/auth/components/reset-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'accept-invite', page: lazyPage(() => import('./accept-invite-page.tsx'), ROUTE_NAMESPACES.acceptInvite) },
      { path: '*', page: lazyPage(() => import('../../components/layouts/not-found-page.tsx')) },
    ],
  },
  {
    path: '/dashboard',
    guard: requireToken,
    page: lazyPage(() => import('./platform/platform-layout.tsx'), ALL_NAMESPACES),
    children: [
      { index: true, page: lazyPage(() => import('./platform/platform-home-page.tsx')) },
      { path: 'users', page: lazyPage(() => import('./platform/platform-users-page.tsx')) },
      { path: 'roles', page: lazyPage(() => import('./platform/platform-roles-page.tsx')) },
      { path: 'tenants', page: lazyPage(() => import('./platform/tenants-page.tsx')) },
      { path: 'messages', page: lazyPage(() => import('./platform/platform-messages-page.tsx')) },
      { path: '*', redirect: '/dashboard' },
    ],
  },
];
