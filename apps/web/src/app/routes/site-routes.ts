import type { RouteObject } from 'react-router';
import type { TSite } from '@tavolo/contracts/tenant';
import { platformSiteRoutes } from './platform-site.tsx';
import { tenantSiteRoutes } from './tenant-site.tsx';
import { unknownSiteRoutes } from './unknown-site.tsx';

/** The Host decides which product this is: the platform (main domain), a restaurant, or nothing. */
export const routesFor = (site: TSite): RouteObject[] =>
  site.kind === 'platform' ? platformSiteRoutes : site.kind === 'tenant' ? tenantSiteRoutes : unknownSiteRoutes;
