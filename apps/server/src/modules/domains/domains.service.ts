import { randomBytes } from 'node:crypto';
import { AppError } from '@tavolo/contracts/errors';
import { CHALLENGE_LABEL, MAX_DOMAINS_PER_TENANT, TXT_PREFIX, WELL_KNOWN_PATH, hostProblem, type TDomain, type TDomainVerifyResult } from '@tavolo/contracts/domains';
import type { Db } from '../../db/client.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { createDomainsRepo, displayHost, type DomainRow } from './domains.repo.ts';
import type { DomainVerifier } from './domains.verifier.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

const hostTaken = () => new AppError('CONFLICT', 'domains.errors.taken');

/**
 * A restaurant's own domains: claimed with a token, verified by DNS TXT or a file, then served by the resolver.
 * `onChanged` drops the resolver's cached answers after every change.
 */
export function createDomainsService(deps: {
  db: Db;
  mainDomain: string;
  plans: Pick<PlansService, 'assertFeature'>;
  verifier: DomainVerifier;
  onChanged: () => void;
  now?: () => Date;
}) {
  const repo = createDomainsRepo(deps.db);
  const now = () => deps.now?.() ?? new Date();

  const toDomain = (row: DomainRow, slug: string, t: (key: string) => string): TDomain => ({
    id: row.id,
    host: row.host,
    display_host: displayHost(row.host),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    last_error: row.lastError ? t(row.lastError) : null,
    created_at: row.createdAt.toISOString(),
    instructions: {
      txt_name: `${CHALLENGE_LABEL}.${row.host}`,
      txt_value: `${TXT_PREFIX}${row.verificationToken}`,
      file_url: `http://${row.host}${WELL_KNOWN_PATH}`,
      file_content: row.verificationToken,
      cname_target: `${slug}.${deps.mainDomain}`,
    },
  });

  /** Which method proves the claim, or why none did (a message key). */
  async function check(row: DomainRow): Promise<{ method: 'dns' | 'file' } | { error: string }> {
    const expected = `${TXT_PREFIX}${row.verificationToken}`;
    const records = await deps.verifier.txt(`${CHALLENGE_LABEL}.${row.host}`);
    // A long TXT record arrives in 255-byte strings: join them back.
    if (records.some((parts) => parts.join('').trim() === expected)) return { method: 'dns' };
    const body = await deps.verifier.fetchWellKnown(row.host);
    if (body !== null && body.trim() === row.verificationToken) return { method: 'file' };
    if (records.length > 0) return { error: 'domains.check.txt_mismatch' };
    if (body !== null) return { error: 'domains.check.file_mismatch' };
    return { error: 'domains.check.not_found' };
  }

  return {
    async list(tenantId: string, slug: string, t: (key: string) => string): Promise<TDomain[]> {
      return (await repo.list(tenantId)).map((row) => toDomain(row, slug, t));
    },

    async add(tenantId: string, slug: string, host: string, t: (key: string) => string): Promise<TDomain> {
      // The contract checked the shape; the main domain is known only here.
      const problem = hostProblem(host, deps.mainDomain);
      if (problem) throw new AppError('VALIDATION', undefined, { host: [problem] });
      await deps.plans.assertFeature(tenantId, 'custom_domain');
      let row: DomainRow;
      try {
        row = await deps.db.transaction(async (txDb) => {
          const tx = txDb as unknown as Db;
          // Lock the restaurant's row: two adds at once cannot both take the last free place.
          await deps.plans.assertFeature(tenantId, 'custom_domain', tx);
          const txRepo = createDomainsRepo(tx);
          await txRepo.lockTenant(tenantId);
          if ((await txRepo.count(tenantId)) >= MAX_DOMAINS_PER_TENANT)
            throw new AppError('CONFLICT', 'domains.errors.too_many', undefined, { max: MAX_DOMAINS_PER_TENANT });
          if (await txRepo.hostTaken(host, tenantId)) throw hostTaken();
          return txRepo.insert(tenantId, host, randomBytes(18).toString('base64url'));
        });
      } catch (error) {
        // A second claim of this restaurant's between our check and insert: the unique index decides.
        if (isUniqueViolation(error)) throw hostTaken();
        throw error;
      }
      deps.onChanged();
      return toDomain(row, slug, t);
    },

    async verify(tenantId: string, slug: string, id: string, t: (key: string) => string): Promise<TDomainVerifyResult> {
      const row = await repo.byId(tenantId, id);
      if (!row) throw new AppError('NOT_FOUND');
      await deps.plans.assertFeature(tenantId, 'custom_domain');
      // Proved by another restaurant meanwhile (claims do not block each other, proofs do): this claim cannot be proved.
      let result: Awaited<ReturnType<typeof check>> = !row.verifiedAt && (await repo.verifiedElsewhere(row.host, tenantId)) ? { error: 'domains.errors.taken' } : await check(row);
      const at = now();
      const record = (r: typeof result) =>
        repo.recordCheck(tenantId, id, {
          // A domain verified once stays verified when a later re-check fails (e.g. the TXT record was tidied away).
          verifiedAt: 'method' in r ? (row.verifiedAt ?? at) : row.verifiedAt,
          checkedAt: at,
          error: 'error' in r ? r.error : null,
        });
      let updated: DomainRow | undefined;
      try {
        updated = await record(result);
      } catch (error) {
        // Two restaurants proving the same host at once: the unique index of proved hosts lets one through.
        if (!isUniqueViolation(error)) throw error;
        result = { error: 'domains.errors.taken' };
        updated = await record(result);
      }
      if (!updated) throw new AppError('NOT_FOUND');
      deps.onChanged();
      return { domain: toDomain(updated, slug, t), verified: 'method' in result, method: 'method' in result ? result.method : null };
    },

    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repo.remove(tenantId, id))) throw new AppError('NOT_FOUND');
      deps.onChanged();
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
