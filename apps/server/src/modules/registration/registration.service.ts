import { AppError } from '@tavolo/contracts/errors';
import { ZDomainName, type TDomainCheckResult } from '@tavolo/contracts/tenant';
import type { TRegisterTenantResult, ZRegisterTenantRequest } from '@tavolo/contracts/auth';
import { CURRENCY_SYMBOLS, currencyForCountry } from '@tavolo/contracts/currencies';
import type { TLanguage } from '@tavolo/contracts/i18n';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { tenantContactColumns } from '../../lib/tenant-contact.ts';
import type { AuthService, Origins } from '../auth/auth.service.ts';
import { createRegistrationRepo } from './registration.repo.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

type RegisterInput = z.output<typeof ZRegisterTenantRequest>;

/** What a sign-up does with a reviewed listing import (modules/listing-import). */
export interface SignUpImport {
  apply(tx: Db, tenantId: string, payload: NonNullable<RegisterInput['import']>): Promise<void>;
  importLogo(tenantId: string, logoUrl: string | null): Promise<boolean>;
}

export function createRegistrationService(deps: {
  db: Db;
  auth: AuthService;
  autoApprove: boolean;
  onTenantCreated: (slug: string) => void;
  /** A getter: the import service itself asks this one which sub-domains are free. */
  listingImport: () => SignUpImport;
}) {
  const repo = createRegistrationRepo(deps.db);

  return {
    /** Live check while the user types: format, reserved words, availability. `reason` is a message key. */
    async checkDomain(raw: string): Promise<TDomainCheckResult> {
      const parsed = ZDomainName.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        // The format message already states the length; a bare "at most {{max}}" would lose its number here.
        const reason = issue?.code === 'too_big' ? 'validation.domain_format' : (issue?.message ?? 'validation.invalid');
        return { domain: raw, available: false, reason };
      }
      const taken = await repo.slugExists(parsed.data);
      return taken ? { domain: parsed.data, available: false, reason: 'validation.domain_taken' } : { domain: parsed.data, available: true };
    },

    /**
     * Creates everything in one transaction and hands the owner over to the new restaurant's dashboard. `lang`, the
     * language the owner signed up in, becomes the language of the mails to the restaurant (settings can change it).
     */
    async register(input: RegisterInput, origins: Origins, lang: TLanguage): Promise<TRegisterTenantResult> {
      if (isCommonPassword(input.password)) throw new AppError('VALIDATION', undefined, { password: ['validation.password_common'] });
      if (await repo.slugExists(input.domain)) throw new AppError('VALIDATION', undefined, { domain: ['validation.domain_taken'] });
      const passwordHash = await hashPassword(input.password);
      const status = deps.autoApprove ? 'active' : 'pending';
      // A Berlin restaurant should not start in dollars: without a choice, the country's currency (if supported).
      const currency = input.currency ?? currencyForCountry(input.country);
      const locale = { timeZone: input.time_zone, ...(currency && { currencyCode: currency, currencySymbol: CURRENCY_SYMBOLS[currency] }) };
      // The currency the owner chose beats the imported page's; without a choice the page's beats the country's guess.
      const imported = input.import && input.currency ? { ...input.import, currency: null } : input.import;
      try {
        const created = await deps.db.transaction(async (tx) => {
          const { tenantId, ownerId } = await repo.createTenant(
            tx,
            {
              slug: input.domain,
              name: input.restaurant_name,
              status,
              staffLanguage: lang,
              ...tenantContactColumns(input),
            },
            { name: input.restaurant_name, email: input.email, passwordHash },
            locale,
          );
          // The imported menu and hours belong to the sign-up: if any of it fails, there is no restaurant either.
          if (imported) await deps.listingImport().apply(tx, tenantId, imported);
          return { tenantId, code: await deps.auth.createHandoff(tenantId, ownerId, tx) };
        });
        const { code } = created;
        if (input.import?.logo_url) await deps.listingImport().importLogo(created.tenantId, input.import.logo_url);
        deps.onTenantCreated(input.domain);
        return { slug: input.domain, status, redirect_url: `${origins.tenant(input.domain)}/auth/handoff#code=${code}` };
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides, the loser gets the field error.
        if (isUniqueViolation(error)) throw new AppError('VALIDATION', undefined, { domain: ['validation.domain_taken'] });
        throw error;
      }
    },
  };
}
