import type { TPlan } from './plans.ts';

/**
 * The main domain's public reads that its marketing pages' index.html carries (server modules/web), so the plan
 * cards show their prices with the first paint (and in the server-rendered HTML): the `data` of GET /api/plans.
 */
export interface TPlatformBoot {
  plans: TPlan[];
}

/** The id of the <script type="application/json"> element that holds it. */
export const PLATFORM_BOOT_ID = 'platform-boot';
