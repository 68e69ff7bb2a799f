import { describe, expect, it } from 'vitest';
import { inTenantRounds } from './tenant-rounds.ts';

/** A backlog per restaurant, claimed `batch` rows at a time; `held` rows belong to another process. */
function backlog(rows: Record<string, number>, batch: number, held: Record<string, number> = {}) {
  const left = { ...rows };
  const calls: string[] = [];
  return {
    calls,
    due: async () => Object.keys(left).filter((id) => left[id]! > 0),
    claim: async (id: string) => {
      calls.push(id);
      const free = Math.max(0, left[id]! - (held[id] ?? 0));
      const taken = Math.min(batch, free);
      left[id]! -= taken;
      return taken;
    },
  };
}

describe('inTenantRounds', () => {
  it('gives every listed restaurant one batch per round until the backlog is done', async () => {
    const b = backlog({ busy: 45, quiet: 1, mid: 20 }, 20);
    expect(await inTenantRounds(b.due, b.claim)).toBe(66);
    // Round 1 serves all three; busy needs two more rounds; nobody waits for busy's whole backlog.
    expect(b.calls).toEqual(['busy', 'quiet', 'mid', 'busy', 'busy']);
  });

  it('stops after a round that takes nothing, when what is left is held by another process', async () => {
    const b = backlog({ a: 5, b: 3 }, 20, { a: 2 });
    expect(await inTenantRounds(b.due, b.claim)).toBe(6);
    // Round 2 lists a again (two rows still pending) but cannot take them: the pass ends instead of spinning.
    expect(b.calls).toEqual(['a', 'b', 'a']);
  });

  it('does nothing when no restaurant has work', async () => {
    const b = backlog({}, 20);
    expect(await inTenantRounds(b.due, b.claim)).toBe(0);
    expect(b.calls).toEqual([]);
  });
});
