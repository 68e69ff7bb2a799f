import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { translate } from '@tavolo/contracts/i18n';
import { DEFAULT_ROLES, DEFAULT_ROLE_NAMES } from '@tavolo/contracts/permissions';
import { roles, tenantSettings, tenants, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { DEMO_HOST, GOOD_PASSWORD, MAIN_HOST, describeEachDb, registrationBody, tenantHost, useTestApp } from '../../test/harness.ts';

const msg = (key: string) => translate('en', key);

describeEachDb('registration', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const register = (body: unknown, headers?: Record<string, string>) => t.client(MAIN_HOST).post('/api/tenant-register', body, { headers });

  describe('check-domain', () => {
    const check = async (domain: string) => {
      const res = await t.client(MAIN_HOST).get('/api/tenant-register/check-domain', { query: { domain } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };

    it('a free name is available (normalised to lower case)', async () => {
      expect(await check('Brand-New-Place')).toEqual({ domain: 'brand-new-place', available: true });
    });

    it.each(['a', 'ab', 'has space', 'under_score', '-leading', 'trailing-', 'double--hyphen', 'ümlaut', 'x'.repeat(41), 'dots.in.it'])(
      '%j is refused for its format',
      async (domain) => {
        expect(await check(domain)).toMatchObject({ available: false, reason: msg('validation.domain_format') });
      },
    );

    it.each(['www', 'api', 'admin', 'mail', 'Platform'])('%s is reserved', async (domain) => {
      expect(await check(domain)).toMatchObject({ available: false, reason: msg('validation.domain_reserved') });
    });

    it('a taken name is refused, in the language asked for', async () => {
      expect(await check('demo')).toEqual({ domain: 'demo', available: false, reason: msg('validation.domain_taken') });
      const de = await t.client(MAIN_HOST).get('/api/tenant-register/check-domain', { query: { domain: 'demo' }, headers: { 'accept-language': 'de' } });
      expect(de.json().data.reason).toBe('Dieser Domainname ist bereits vergeben.');
    });

    it('only answers on the main domain, and needs the domain parameter', async () => {
      expect((await t.client(DEMO_HOST).get('/api/tenant-register/check-domain', { query: { domain: 'x' } })).statusCode).toBe(404);
      const missing = await t.client(MAIN_HOST).get('/api/tenant-register/check-domain');
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['domain']);
    });
  });

  describe('register', () => {
    it('creates a pending tenant, its settings, the three default roles and the owner as admin', async () => {
      const body = registrationBody({ domain: 'Luigis-Place', email: 'Luigi@Example.com', restaurant_name: "Luigi's Place", street: 'Hauptstr. 1' });
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      const { data, success, message } = res.json();
      expect(success).toBe(true);
      expect(message).toBe(msg('messages.registered'));
      expect(data).toMatchObject({ slug: 'luigis-place', status: 'pending' });
      expect(data.redirect_url).toMatch(/^http:\/\/luigis-place\.localhost\/auth\/handoff#code=[\w-]{43}$/);

      const [tenant] = await t.db.select().from(tenants).where(eq(tenants.slug, 'luigis-place'));
      expect(tenant).toMatchObject({ name: "Luigi's Place", status: 'pending', email: 'luigi@example.com', street: 'Hauptstr. 1', city: 'Berlin', county: null });
      const settings = await t.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenant!.id));
      expect(settings).toHaveLength(1);

      const roleRows = await t.db.select().from(roles).where(eq(roles.tenantId, tenant!.id));
      expect(roleRows.map((r) => r.name).sort()).toEqual([...DEFAULT_ROLE_NAMES].sort());
      for (const role of roleRows) {
        expect([...role.permissions].sort(), role.name).toEqual([...DEFAULT_ROLES[role.name as keyof typeof DEFAULT_ROLES]].sort());
        expect(role.isSystem).toBe(true);
      }

      const owners = await t.db.select().from(users).where(eq(users.tenantId, tenant!.id));
      expect(owners).toHaveLength(1);
      expect(owners[0]).toMatchObject({ email: 'luigi@example.com', name: "Luigi's Place", isActive: true });
      expect(roleRows.find((r) => r.id === owners[0]!.roleId)?.name).toBe('admin');
      expect(owners[0]!.passwordHash).not.toContain(GOOD_PASSWORD);
      expect(await verifyPassword(owners[0]!.passwordHash, GOOD_PASSWORD)).toBe(true);
    });

    it('the redirect hands the owner over to the new dashboard, once', async () => {
      const res = await register(registrationBody({ domain: 'handed-over' }));
      const url = new URL(res.json().data.redirect_url);
      const code = url.hash.replace('#code=', '');
      const host = tenantHost('handed-over');
      const session = await t.client(host).post('/api/auth/handoff', { code });
      expect(session.statusCode).toBe(200);
      expect(session.json().data.user.role_name).toBe('admin');
      expect((await t.client(host).post('/api/auth/handoff', { code })).statusCode).toBe(401);
      // The owner can sign in with the password too.
      await t.loginAs(host, `owner@handed-over.example.com`, GOOD_PASSWORD);
    });

    it('the new restaurant is reachable at once on its sub-domain', async () => {
      const { host, name } = await t.registerTenant({ domain: 'instant-place' });
      const res = await t.client(host).get('/api/tenant/get-tenant-details');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ business_name: name, is_active: false });
    });

    it('a taken domain is a 422 on the domain field', async () => {
      const res = await register(registrationBody({ domain: 'demo' }));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { domain: [msg('validation.domain_taken')] } });
    });

    it('the password mismatch error is on password_confirmation', async () => {
      const res = await register(registrationBody({ password: GOOD_PASSWORD, password_confirmation: `${GOOD_PASSWORD}!` }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ password_confirmation: [msg('validation.password_mismatch')] });
    });

    it('each missing field is named', async () => {
      const res = await register({}, { 'accept-language': 'de' });
      expect(res.statusCode).toBe(422);
      const { errors } = res.json();
      expect(Object.keys(errors).sort()).toEqual(
        ['address', 'city', 'country', 'domain', 'email', 'password', 'password_confirmation', 'phone', 'postal_code', 'restaurant_name'].sort(),
      );
      expect(errors.email).toEqual(['Dieses Feld ist erforderlich.']);
    });

    it.each([
      ['a common password', { password: 'password123', password_confirmation: 'password123' }, 'password', 'validation.password_common'],
      ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', 'validation.min_length'],
      ['a bad e-mail', { email: 'owner-at-example' }, 'email', 'validation.email'],
      ['a bad phone', { phone: 'call me' }, 'phone', 'validation.phone'],
      ['a reserved domain', { domain: 'www' }, 'domain', 'validation.domain_reserved'],
      ['a bad domain', { domain: 'no_underscores' }, 'domain', 'validation.domain_format'],
      ['a blank name', { restaurant_name: '   ' }, 'restaurant_name', 'validation.required'],
      ['an unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'validation.time_zone'],
      ['an unsupported currency', { currency: 'XYZ' as 'USD' }, 'currency', 'validation.currency'],
      ['a currency in lower case', { currency: 'eur' as 'USD' }, 'currency', 'validation.currency'],
    ])('%s is refused on its field and writes nothing', async (_, overrides, field, key) => {
      const before = await t.rowCounts();
      const res = await register(registrationBody(overrides));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().errors[field]).toEqual([translate('en', key, { min: 8 })]);
      expect(await t.rowCounts()).toEqual(before);
    });

    describe('time zone and currency', () => {
      const localeOf = async (slug: string) => {
        const [row] = await t.db
          .select({ timeZone: tenantSettings.timeZone, currencyCode: tenantSettings.currencyCode, currencySymbol: tenantSettings.currencySymbol })
          .from(tenantSettings)
          .innerJoin(tenants, eq(tenants.id, tenantSettings.tenantId))
          .where(eq(tenants.slug, slug));
        return row;
      };

      it('the chosen ones are stored, and the storefront shows its prices in that currency', async () => {
        const res = await register(registrationBody({ domain: 'berlin-chosen', time_zone: 'Europe/Berlin', currency: 'EUR' }));
        expect(res.statusCode).toBe(201);
        expect(await localeOf('berlin-chosen')).toEqual({ timeZone: 'Europe/Berlin', currencyCode: 'EUR', currencySymbol: '€' });
        const settings = await t.client(tenantHost('berlin-chosen')).get('/api/tenant/settings');
        expect(settings.json().data.currency_symbol).toBe('€');
      });

      it('a chosen currency beats the country', async () => {
        await register(registrationBody({ domain: 'swiss-in-pounds', country: 'Switzerland', currency: 'GBP' }));
        expect(await localeOf('swiss-in-pounds')).toMatchObject({ currencyCode: 'GBP', currencySymbol: '£' });
      });

      it.each([
        ['Deutschland', 'EUR', '€'],
        ['  österreich ', 'EUR', '€'],
        ['United Kingdom', 'GBP', '£'],
        ['Schweiz', 'CHF', 'CHF'],
        ['U.S.A.', 'USD', '$'],
        ['PL', 'PLN', 'zł'],
        ['Japan', 'USD', '$'],
        ['Atlantis', 'USD', '$'],
      ])('without a choice: UTC, and the currency of %j (%s), else dollars', async (country, currencyCode, currencySymbol) => {
        const domain = `from-${Math.random().toString(36).slice(2, 10)}`;
        const { currency: _, ...body } = registrationBody({ domain, country });
        expect((await register(body)).statusCode).toBe(201);
        expect(await localeOf(domain)).toEqual({ timeZone: 'UTC', currencyCode, currencySymbol });
      });

      it("an imported page's currency beats the country's, not the owner's choice", async () => {
        const { currency: _, ...guessed } = registrationBody({ domain: 'import-guess', country: 'Germany', import: { currency: 'GBP' } });
        expect((await register(guessed)).statusCode).toBe(201);
        expect(await localeOf('import-guess')).toMatchObject({ currencyCode: 'GBP', currencySymbol: '£' });
        expect((await register(registrationBody({ domain: 'import-chosen', currency: 'CHF', import: { currency: 'GBP' } }))).statusCode).toBe(201);
        expect(await localeOf('import-chosen')).toMatchObject({ currencyCode: 'CHF', currencySymbol: 'CHF' });
      });

      it('the messages for an unknown time zone and currency are translated', async () => {
        const res = await register(registrationBody({ time_zone: 'Berlin', currency: 'DM' as 'USD' }), { 'accept-language': 'de' });
        expect(res.json().errors).toEqual({ time_zone: ['Wählen Sie eine Zeitzone aus der Liste.'], currency: ['Wählen Sie eine Währung aus der Liste.'] });
      });
    });

    it('a taken domain writes nothing either', async () => {
      const before = await t.rowCounts();
      expect((await register(registrationBody({ domain: 'demo' }))).statusCode).toBe(422);
      expect(await t.rowCounts()).toEqual(before);
    });

    it('is only on the main domain', async () => {
      const res = await t.client(DEMO_HOST).post('/api/tenant-register', registrationBody());
      expect(res.statusCode).toBe(404);
    });

    it('two concurrent registrations of one domain: exactly one 201 and one 422 domain_taken', async () => {
      const domain = 'race-for-it';
      const [a, b] = await Promise.all([
        register(registrationBody({ domain, email: 'first@example.com' })),
        register(registrationBody({ domain, email: 'second@example.com' })),
      ]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 422]);
      const loser = a!.statusCode === 422 ? a! : b!;
      expect(loser.json().errors).toEqual({ domain: [msg('validation.domain_taken')] });
      const rows = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, domain));
      expect(rows).toHaveLength(1);
      const owners = await t.db.select({ email: users.email }).from(users).where(eq(users.tenantId, rows[0]!.id));
      expect(owners).toHaveLength(1);
      const roleRows = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, rows[0]!.id));
      expect(roleRows).toHaveLength(3);
    });

    it('the same owner e-mail may own several restaurants; the main-domain sign-in offers all of them', async () => {
      const email = 'chain-owner@example.com';
      await t.registerTenant({ domain: 'chain-one', email });
      await t.registerTenant({ domain: 'chain-two', email });
      const res = await t.client(MAIN_HOST).post('/api/login', { email, password: GOOD_PASSWORD });
      expect(res.json().data.kind).toBe('handoff');
      expect(res.json().data.restaurants.map((r: { url: string }) => new URL(r.url).host).sort()).toEqual(['chain-one.localhost', 'chain-two.localhost']);
    });
  });

  it('registration is rate limited per IP', async () => {
    const c = t.client(MAIN_HOST);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await c.post('/api/tenant-register', {})).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describeEachDb('registration with REGISTRATION_AUTO_APPROVE=true', (kind) => {
  const t = useTestApp(kind, { env: { REGISTRATION_AUTO_APPROVE: 'true' } });

  it('the new tenant is active', async () => {
    const res = await t.client(MAIN_HOST).post('/api/tenant-register', registrationBody({ domain: 'auto-ok' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('active');
    const [row] = await t.db.select({ status: tenants.status }).from(tenants).where(and(eq(tenants.slug, 'auto-ok')));
    expect(row!.status).toBe('active');
    const details = await t.client(tenantHost('auto-ok')).get('/api/tenant/get-tenant-details');
    expect(details.json().data.is_active).toBe(true);
  });
});
