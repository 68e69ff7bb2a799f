import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** A host that is neither the main domain nor a restaurant: one friendly 404 for every path. */
export const unknownSiteRoutes: RouteObject[] = [{ path: '*', lazy: lazyPage(() => import('../../components/layouts/unknown-host-page.tsx')) }];
