import { PLATFORM_BOOT_ID, type TPlatformBoot } from '@tavolo/contracts/platform-boot';
import { readPageData } from '../../../lib/page-data.ts';

// The plans a marketing page's index.html carried, so the plan cards show their prices with the first paint.
// `let`: the server renders one page at a time and sets it before each (entry-server.tsx).
export let platformBoot = readPageData<TPlatformBoot>(PLATFORM_BOOT_ID);
/** When the boot data was current: the queries it seeds count their freshness from here. */
export let platformBootAt = Date.now();

/** For the server's renderer only: the main domain's reads for the page it renders next. */
export function setServerPlatformBoot(boot: Partial<TPlatformBoot>) {
  platformBoot = boot;
  platformBootAt = Date.now();
}
