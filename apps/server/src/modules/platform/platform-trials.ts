import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import type { Db } from '../../db/client.ts';
import { createPlatformTenantsRepo } from './platform-tenants.repo.ts';
import { queueStatusMail } from './platform-tenants.service.ts';

export interface TrialSweepDeps {
  db: Db;
  now?: () => Date;
  onMailQueued?: () => void;
  invalidate: (slug: string) => void;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** http(s)://host[:port] of a restaurant, for links in mails (the worker has no request to read it from). */
  originOf: (slug: string) => string;
}

const BATCH = 20;

/**
 * Trials that ran out become active on the restaurant's own plan (the base plan: a trial never changes it), with a
 * status event by the platform itself (actor null) and a mail to the owner. Like the order escalation: rows are
 * claimed with SKIP LOCKED, `runOnce()` is one pass (tests give it a fixed clock), `start()` repeats it.
 */
export function createTrialSweep({ db, now = () => new Date(), onMailQueued, invalidate, log, originOf }: TrialSweepDeps) {

  async function pass(): Promise<number> {
    const at = now();
    const ended: string[] = [];
    try {
      for (;;) {
        const batch = await db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          const repo = createPlatformTenantsRepo(tx);
          const rows = await repo.expiredTrials(tx, at, BATCH);
          for (const tenant of rows) {
            await repo.setStatus(tx, { id: tenant.id, from: 'trial', to: 'active', at, actorId: null, reason: 'trial ended', fields: { trialEndsAt: null } });
            await queueStatusMail(tx, repo, { tenant, kind: 'trial_ended', origin: originOf(tenant.slug) });
            ended.push(tenant.slug);
          }
          return rows.length;
        });
        if (batch < BATCH) return ended.length;
      }
    } finally {
      for (const slug of ended) invalidate(slug);
      if (ended.length) onMailQueued?.();
    }
  }

  return createPeriodicJob(pass, { name: 'trial sweep', defaultIntervalMs: 60_000, runAtStart: true, log });
}

export type TrialSweep = ReturnType<typeof createTrialSweep>;
