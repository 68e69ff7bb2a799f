/** Restaurants listed per round by a background job; the next round lists the next ones. */
export const TENANTS_PER_ROUND = 100;

/**
 * Works through a backlog spread over many restaurants, one batch per restaurant and round: `due()` lists the
 * restaurants with work (a plain read, no locks), and `claim(tenantId)` locks and handles one batch of that
 * restaurant's rows, returning how many it took. Locks thus never span restaurants, which Citus requires (row
 * locks only in single-shard statements), and a restaurant with a large backlog waits its turn like the others
 * instead of holding them back. Rounds repeat until one takes nothing: the backlog is done, or what is left is
 * held by another process. Returns the number of rows taken.
 */
export async function inTenantRounds(due: () => Promise<string[]>, claim: (tenantId: string) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    let taken = 0;
    for (const tenantId of await due()) taken += await claim(tenantId);
    if (!taken) return total;
    total += taken;
  }
}
