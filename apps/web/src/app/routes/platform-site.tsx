import { redirect, type RouteObject } from 'react-router';
import { RouteError } from '../../components/layouts/route-error.tsx';
import { guestOnly, requireToken } from './guards.ts';
import { ALL_NAMESPACES } from '../i18n.ts';
import { ROUTE_NAMESPACES } from '../namespaces.ts';
import { lazyPage } from './lazy-page.ts';
import { SERVER_RENDERED } from './server-rendered.ts';

export const MARKETING_PAGES = ['food-ordering', 'restaurant-services', 'pricing', 'about', 'contact', 'privacy', 'terms'] as const;

/** The main domain: marketing site, sign-up and sign-in, and the platform operators' dashboard. */
export const platformSiteRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(() => import('./marketing/marketing-layout.tsx'), ROUTE_NAMESPACES.marketingLayout),
    errorElement: <RouteError />,
    children: [
      { index: true, id: 'home', handle: SERVER_RENDERED, lazy: lazyPage(() => import('./marketing/home-page.tsx')) },
      ...MARKETING_PAGES.map((slug) => ({ path: slug, handle: SERVER_RENDERED, lazy: lazyPage(() => import('./marketing/info-page.tsx')) })),
      { path: 'tenant-register', lazy: lazyPage(() => import('./marketing/register-page.tsx'), ROUTE_NAMESPACES.register) },
      { path: 'login', loader: guestOnly('/dashboard'), lazy: lazyPage(() => import('../../features/auth/components/login-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'forgot-password', lazy: lazyPage(() => import('../../features/auth/components/forgot-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'reset-password', lazy: lazyPage(() => import('../../features/auth/components/reset-password-page.tsx'), ROUTE_NAMESPACES.auth) },
      { path: 'accept-invite', lazy: lazyPage(() => import('./accept-invite-page.tsx'), ROUTE_NAMESPACES.acceptInvite) },
      { path: '*', lazy: lazyPage(() => import('../../components/layouts/not-found-page.tsx')) },
    ],
  },
  {
    path: '/dashboard',
    loader: requireToken,
    lazy: lazyPage(() => import('./platform/platform-layout.tsx'), ALL_NAMESPACES),
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: lazyPage(() => import('./platform/platform-home-page.tsx')) },
      { path: 'users', lazy: lazyPage(() => import('./platform/platform-users-page.tsx')) },
      { path: 'roles', lazy: lazyPage(() => import('./platform/platform-roles-page.tsx')) },
      { path: 'tenants', lazy: lazyPage(() => import('./platform/tenants-page.tsx')) },
      { path: 'messages', lazy: lazyPage(() => import('./platform/platform-messages-page.tsx')) },
      { path: '*', loader: () => redirect('/dashboard') },
    ],
  },
];
