import { STOREFRONT_BOOT_ID, type TStorefrontBoot } from '@tavolo/contracts/storefront-boot';
import { readPageData } from '../../../lib/page-data.ts';

// The restaurant's public reads that its index.html carried, so the header, the discount banner, the looks and
// the menu's first page render with the first paint instead of after several round trips.
// `let`: the server renders one page at a time and sets them before each (entry-server.tsx).
export let storefrontBoot = readPageData<TStorefrontBoot>(STOREFRONT_BOOT_ID);
/** When the boot data was current: the queries it seeds count their freshness from here. */
export let storefrontBootAt = Date.now();

/** For the server's renderer only: the restaurant's reads for the page it renders next. */
export function setServerBoot(boot: Partial<TStorefrontBoot>) {
  storefrontBoot = boot;
  storefrontBootAt = Date.now();
}
