import type { TSite } from '@tavolo/contracts/tenant';
import type { TRoute } from './route-table.tsx';
import { platformSiteRoutes } from './platform-site.tsx';
import { tenantSiteRoutes } from './tenant-site.tsx';
import { unknownSiteRoutes } from './unknown-site.tsx';

/** The Host decides which product this is: the platform (main domain), a restaurant, or nothing. */
export const routesFor = (site: TSite): TRoute[] =>
  site.kind === 'platform' ? platformSiteRoutes : site.kind === 'tenant' ? tenantSiteRoutes : unknownSiteRoutes;
