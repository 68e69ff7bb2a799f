import { lazyPage, type TRoute } from './route-table.tsx';

/** A host that is neither the main domain nor a restaurant: one friendly 404 for every path. */
export const unknownSiteRoutes: TRoute[] = [{ path: '*', page: lazyPage(() => import('../../components/layouts/unknown-host-page.tsx')) }];
