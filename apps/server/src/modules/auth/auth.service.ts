import { AppError } from '@tavolo/contracts/errors';
import type { TAuthUser, TLoginResult } from '@tavolo/contracts/auth';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { renderActionMail } from '../../lib/mail-templates.ts';
import { enqueueMail, type TOutboxMail } from '../outbox/outbox.repo.ts';
import type { Site } from '../../plugins/context.ts';
import { createAuthRepo, type Account, type Realm } from './auth.repo.ts';
import { createMemoryLoginThrottle, type LoginThrottle } from './login-throttle.ts';

const HANDOFF_SECONDS = 120;
const RESET_MINUTES = 60;
/**
 * Reset mails one account gets per hour, whoever asks and from however many addresses (the per-IP limit alone let
 * anyone fill a mailbox): further requests answer the same and send nothing.
 */
export const RESET_MAILS_PER_HOUR = 5;

export function realmOf(site: Site): Realm {
  if (site.kind === 'platform') return { kind: 'platform' };
  if (site.kind === 'tenant') return { kind: 'tenant', tenantId: site.tenant.id };
  throw new AppError('TENANT_NOT_FOUND');
}

export function toAuthUser(account: Account): TAuthUser {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    avatar: account.avatar,
    created_at: account.createdAt.toISOString(),
    role_name: account.roleName,
    permissions: account.permissions,
  };
}

/** Public origin of a host on this platform, for links in e-mails and hand-offs (keeps the scheme and port the user came in on). */
export interface Origins {
  platform: string;
  tenant(slug: string): string;
}

/**
 * `mailer` sends only the platform operators' reset mails (they belong to no restaurant, so the outbox, whose
 * rows are per tenant, cannot hold them); every restaurant account's mail goes through the outbox.
 */
export function createAuthService(deps: { db: Db; config: TConfig; mailer: Mailer; onMailQueued?: () => void; throttle?: LoginThrottle }) {
  const repo = createAuthRepo(deps.db);
  const throttle = deps.throttle ?? createMemoryLoginThrottle(deps.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, deps.config.LOGIN_LOCK_MINUTES * 60_000);

  async function startSession(realm: Realm, account: Account, remember: boolean): Promise<TLoginResult> {
    const token = newToken();
    const hours = remember ? deps.config.REMEMBER_DAYS * 24 : deps.config.SESSION_HOURS;
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    await repo.createSession(realm, account.id, hashToken(token), expiresAt);
    return { kind: 'session', token, expires_at: expiresAt.toISOString(), user: toAuthUser(account) };
  }

  async function createHandoff(tenantId: string, userId: string, tx: Db = deps.db): Promise<string> {
    const code = newToken();
    await repo.createCode({ kind: 'tenant', tenantId }, 'handoff', userId, hashToken(code), new Date(Date.now() + HANDOFF_SECONDS * 1000), tx);
    return code;
  }

  function throttleKey(realm: Realm, email: string) {
    return `${realm.kind === 'platform' ? 'platform' : realm.tenantId}:${email}`;
  }

  return {
    repo,
    createHandoff,

    async login(site: Site, input: { email: string; password: string; remember: boolean }, origins: Origins): Promise<TLoginResult> {
      const realm = realmOf(site);
      const key = throttleKey(realm, input.email);
      const lockedFor = await throttle.attempt(key);
      if (lockedFor > 0) throw new AppError('RATE_LIMITED', 'errors.login_locked', undefined, { minutes: Math.ceil(lockedFor / 60_000) });

      const account = await repo.accountByEmail(realm, input.email);
      if (await verifyPassword(account?.passwordHash, input.password)) {
        if (!account!.isActive) throw new AppError('FORBIDDEN', 'errors.account_inactive');
        await throttle.succeed(key);
        return startSession(realm, account!, input.remember);
      }

      // On the main domain, a restaurant owner is handed over to their restaurant's host.
      if (realm.kind === 'platform') {
        const candidates = (await repo.tenantAccountsByEmail(input.email)).filter((c) => c.isActive);
        const restaurants = [];
        let lockedThere = 0;
        for (const candidate of candidates) {
          // A guess here is a guess at the restaurant account too: it counts against that account's own limit (the
          // main domain gave ten more guesses at a restaurant account otherwise).
          const own = throttleKey({ kind: 'tenant', tenantId: candidate.tenantId }, input.email);
          const ownLock = await throttle.attempt(own);
          lockedThere = Math.max(lockedThere, ownLock);
          if (ownLock > 0) continue;
          if (await verifyPassword(candidate.passwordHash, input.password)) {
            await throttle.succeed(own);
            const code = await createHandoff(candidate.tenantId, candidate.userId);
            restaurants.push({ name: candidate.tenantName, url: `${origins.tenant(candidate.slug)}/auth/handoff#code=${code}` });
          }
        }
        if (restaurants.length > 0) {
          await throttle.succeed(key);
          return { kind: 'handoff', restaurants };
        }
        if (lockedThere > 0) throw new AppError('RATE_LIMITED', 'errors.login_locked', undefined, { minutes: Math.ceil(lockedThere / 60_000) });
      }
      throw new AppError('INVALID_CREDENTIALS', undefined, { email: ['errors.invalid_credentials'] });
    },

    /** Signs in a member who has just set their password from an invitation link; a lock on the address is lifted. */
    async signInAccepted(site: Site, userId: string): Promise<TLoginResult> {
      const realm = realmOf(site);
      const account = await repo.accountById(realm, userId);
      if (!account || !account.isActive) throw new AppError('FORBIDDEN', 'errors.account_inactive');
      await throttle.succeed(throttleKey(realm, account.email));
      return startSession(realm, account, false);
    },

    async redeemHandoff(site: Site, code: string): Promise<TLoginResult> {
      const realm = realmOf(site);
      const userId = realm.kind === 'tenant' ? await repo.consumeCode(realm, 'handoff', hashToken(code)) : undefined;
      const account = userId && (await repo.accountById(realm, userId));
      if (!account || !account.isActive) throw new AppError('UNAUTHENTICATED', 'errors.handoff_invalid');
      return startSession(realm, account, false);
    },

    async me(site: Site, userId: string): Promise<TAuthUser> {
      const account = await repo.accountById(realmOf(site), userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      return toAuthUser(account);
    },

    logout(site: Site, sessionId: string) {
      return repo.revokeSession(realmOf(site), sessionId);
    },

    /** Sends reset links; answers the same whether or not the address exists. */
    async forgotPassword(site: Site, email: string, lang: TLanguage, origins: Origins): Promise<void> {
      const realm = realmOf(site);
      const targets: { realm: Realm; userId: string; name: string; origin: string; siteName: string }[] = [];
      const account = await repo.accountByEmail(realm, email);
      if (account?.isActive) {
        targets.push({
          realm,
          userId: account.id,
          name: account.name,
          origin: site.kind === 'tenant' ? origins.tenant(site.tenant.slug) : origins.platform,
          siteName: site.kind === 'tenant' ? site.tenant.name : 'Tavolo',
        });
      }
      if (realm.kind === 'platform') {
        for (const c of await repo.tenantAccountsByEmail(email)) {
          if (c.isActive) targets.push({ realm: { kind: 'tenant', tenantId: c.tenantId }, userId: c.userId, name: c.name, origin: origins.tenant(c.slug), siteName: c.tenantName });
        }
      }
      let queued = false;
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      for (const target of targets) {
        if ((await repo.codesSince(target.realm, 'password_reset', target.userId, hourAgo)) >= RESET_MAILS_PER_HOUR) continue;
        const token = newToken();
        const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
        const mail: TOutboxMail = {
          site: target.siteName,
          name: target.name,
          subjectKey: 'mail.reset_subject',
          paragraphs: [{ key: 'mail.reset_intro' }, { key: 'mail.reset_expiry', params: { minutes: RESET_MINUTES } }],
          action: { labelKey: 'mail.reset_action', url: `${target.origin}/reset-password?token=${encodeURIComponent(token)}` },
        };
        const { realm: targetRealm } = target;
        if (targetRealm.kind === 'tenant') {
          // The token and its mail commit together: no valid link without its mail, no mail with a dead link.
          await deps.db.transaction(async (tx) => {
            await repo.createCode(targetRealm, 'password_reset', target.userId, hashToken(token), expiresAt, tx);
            await enqueueMail(tx, { tenantId: targetRealm.tenantId, to: email, language: lang, origin: target.origin, mail });
          });
          queued = true;
        } else {
          // A platform operator has no restaurant, hence no outbox row: sent directly through the platform mailer.
          await repo.createCode(targetRealm, 'password_reset', target.userId, hashToken(token), expiresAt);
          await deps.mailer.send({ to: email, ...renderActionMail({ ...mail, lang }) });
        }
      }
      if (queued) deps.onMailQueued?.();
    },

    /**
     * The signed-in user changes their own password. A wrong current password counts as a failed sign-in (same
     * per-account lock), so a stolen session cannot be used to guess it; on success every other session ends.
     */
    async changePassword(site: Site, current: { userId: string; sessionId: string }, input: { current_password: string; password: string }): Promise<void> {
      const realm = realmOf(site);
      const account = await repo.accountById(realm, current.userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      const key = throttleKey(realm, account.email);
      const lockedFor = await throttle.attempt(key);
      if (lockedFor > 0) throw new AppError('RATE_LIMITED', 'errors.login_locked', undefined, { minutes: Math.ceil(lockedFor / 60_000) });

      const errors: Record<string, string[]> = {};
      if (await verifyPassword(account.passwordHash, input.current_password)) await throttle.succeed(key);
      else errors.current_password = ['account.validation.current_password_wrong'];
      if (isCommonPassword(input.password)) errors.password = ['validation.password_common'];
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', undefined, errors);

      const passwordHash = await hashPassword(input.password);
      await deps.db.transaction(async (tx) => {
        await repo.setPassword(realm, account.id, passwordHash, tx);
        await repo.revokeOtherSessions(realm, account.id, current.sessionId, tx);
      });
    },

    async resetPassword(site: Site, token: string, password: string): Promise<void> {
      if (isCommonPassword(password)) throw new AppError('VALIDATION', undefined, { password: ['validation.password_common'] });
      const realm = realmOf(site);
      const passwordHash = await hashPassword(password);
      const userId = await deps.db.transaction(async (tx) => {
        const id = await repo.consumeCode(realm, 'password_reset', hashToken(token), tx);
        if (!id) throw new AppError('VALIDATION', 'errors.reset_invalid', { token: ['errors.reset_invalid'] });
        await repo.setPassword(realm, id, passwordHash, tx);
        await repo.revokeAllSessions(realm, id, tx);
        return id;
      });
      // The lock's message offers a reset as the way out: a new password opens the account at once.
      const account = await repo.accountById(realm, userId);
      if (account) await throttle.succeed(throttleKey(realm, account.email));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
