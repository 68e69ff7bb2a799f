import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS, PLATFORM_PERMISSIONS } from '@tavolo/contracts/permissions';
import { translate } from '@tavolo/contracts/i18n';
import { bulletinPosts, orderStatusHistory, orders, platformRoles, platformUsers, products, requestReplies, roles, sessions, tenants, users } from '../../db/schema/index.ts';
import { insertOrder } from '../../test/order-fixture.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_HOST, DEMO_LOGINS, GOOD_PASSWORD, MAIN_HOST, describeEachDb, unknownId, useTestApp, type TestClient } from '../../test/harness.ts';

const en = (key: string, params: Record<string, unknown> = {}) => translate('en', key, params);
const inviteTokenOf = (text: string) => /accept-invite\?token=([\w%-]+)/.exec(text)?.[1];

/** Everything both realms share: host, URL prefix, the all-powerful role and a role without the team-admin right. */
const REALMS = [
  { name: 'restaurant', host: DEMO_HOST, prefix: '/api/tenant', login: DEMO_LOGINS.admin, fullRole: 'admin', weakRole: 'staff', catalogue: PERMISSIONS as readonly string[] },
  {
    name: 'platform',
    host: MAIN_HOST,
    prefix: '/api/platform',
    login: DEMO_LOGINS.platform,
    fullRole: 'super_user',
    weakRole: 'support',
    catalogue: PLATFORM_PERMISSIONS as readonly string[],
  },
] as const;

describeEachDb('team', (kind) => {
  const t = useTestApp(kind, { seed: true });

  for (const realm of REALMS) {
    describe(realm.name, () => {
      let admin: TestClient;
      const U = `${realm.prefix}/users`;
      const R = `${realm.prefix}/roles`;
      let n = 0;
      const email = (what: string) => `${what}-${++n}@${realm.name}.example.com`;
      const roleId = async (name: string) => {
        const res = await admin.get(R);
        expect(res.statusCode).toBe(200);
        return (res.json().data.roles as { id: string; name: string }[]).find((r) => r.name === name)!.id;
      };
      const createUser = async (role: string, overrides: Record<string, unknown> = {}) => {
        const body = { name: 'Anna Team', email: email('user'), role_id: await roleId(role), mode: 'password', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD, ...overrides };
        const res = await admin.post(U, body);
        expect(res.statusCode, res.body).toBe(201);
        return { id: res.json().data.id as string, email: body.email as string };
      };
      const signIn = async (address: string, password = GOOD_PASSWORD) => t.client(realm.host, { token: await t.loginAs(realm.host, address, password) });

      it('signs in the admin', async () => {
        admin = t.client(realm.host, { token: await t.loginAs(realm.host, realm.login.email, realm.login.password) });
      });

      it('creates a user with a password, lists, searches and filters them, who then signs in', async () => {
        const created = await admin.post(U, {
          name: 'Bruno Keller',
          email: email('bruno'),
          role_id: await roleId(realm.weakRole),
          mode: 'password',
          password: GOOD_PASSWORD,
          password_confirmation: GOOD_PASSWORD,
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().message).toBe(en('team.messages.user_created'));
        const id = created.json().data.id;

        const list = await admin.get(U, { query: { search: 'bruno', per_page: 5 } });
        expect(list.statusCode).toBe(200);
        const page = list.json().data;
        expect(page).toMatchObject({ total: 1, per_page: 5, current_page: 1, last_page: 1 });
        expect(page.data[0]).toMatchObject({ id, name: 'Bruno Keller', role_name: realm.weakRole, role_is_system: true, status: 'active', is_self: false, is_last_admin: false });

        const byRole = (await admin.get(U, { query: { role_id: await roleId(realm.weakRole), status: 'active' } })).json().data.data as { id: string; role_name: string }[];
        expect(byRole.map((u) => u.id)).toContain(id);
        expect(byRole.every((u) => u.role_name === realm.weakRole)).toBe(true);
        expect((await admin.get(U, { query: { status: 'invited', search: 'bruno' } })).json().data.total).toBe(0);

        const me = (await admin.get(U, { query: { search: realm.login.email } })).json().data.data[0];
        expect(me).toMatchObject({ is_self: true, is_last_admin: true });

        const bruno = await signIn(page.data[0].email);
        expect((await bruno.get('/api/me')).json().data.role_name).toBe(realm.weakRole);
        // The weak role may not manage the team.
        expect((await bruno.get(U)).statusCode).toBe(403);
        expect((await bruno.get(R)).statusCode).toBe(403);
      });

      it('validates the form with translated field errors', async () => {
        const res = await admin.post(U, { name: '', email: 'nope', role_id: 'x', mode: 'password', password: 'short', password_confirmation: 'short' }, { headers: { 'accept-language': 'de' } });
        expect(res.statusCode).toBe(422);
        const errors = res.json().errors;
        expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'role_id']);
        expect(errors.email[0]).toBe(translate('de', 'validation.email'));
        // Everything empty: the confirmation is marked in the same pass as the rest.
        const empty = await admin.post(U, { name: '', email: '', role_id: '', mode: 'password', password: '', password_confirmation: '' });
        expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation', 'role_id']);
        expect(empty.json().errors.password_confirmation).toEqual([en('validation.required')]);

        const mismatch = await admin.post(U, { name: 'A', email: email('mm'), role_id: await roleId(realm.weakRole), mode: 'password', password: GOOD_PASSWORD, password_confirmation: 'other-one-123' });
        expect(mismatch.json().errors).toEqual({ password_confirmation: [en('validation.password_mismatch')] });

        const existing = await createUser(realm.weakRole);
        const dup = await admin.post(U, { name: 'Dup', email: existing.email.toUpperCase(), role_id: await roleId(realm.weakRole), mode: 'invite' });
        expect(dup.statusCode).toBe(422);
        expect(dup.json().errors).toEqual({ email: [en('team.validation.email_taken')] });

        const unknownRole = await admin.post(U, { name: 'X', email: email('x'), role_id: unknownId(), mode: 'invite' });
        expect(unknownRole.json().errors).toEqual({ role_id: [en('team.validation.role_unknown')] });

        // No role picked (the form's empty select) is a missing field, not an "invalid value"; a malformed id stays invalid.
        const noRole = await admin.post(U, { name: 'X', email: email('y'), role_id: '', mode: 'invite' });
        expect(noRole.json().errors).toEqual({ role_id: [en('validation.required')] });
        expect(errors.role_id).toEqual([translate('de', 'validation.invalid')]);
      });

      it('edits a user; e-mails stay unique', async () => {
        const a = await createUser(realm.weakRole);
        const b = await createUser(realm.weakRole);
        const res = await admin.put(`${U}/${a.id}`, { name: 'Renamed', email: a.email, role_id: await roleId(realm.fullRole) });
        expect(res.statusCode, res.body).toBe(200);
        const row = (await admin.get(U, { query: { search: a.email } })).json().data.data[0];
        expect(row).toMatchObject({ name: 'Renamed', role_name: realm.fullRole });
        const clash = await admin.put(`${U}/${a.id}`, { name: 'Renamed', email: b.email, role_id: await roleId(realm.fullRole) });
        expect(clash.json().errors).toEqual({ email: [en('team.validation.email_taken')] });
        expect((await admin.put(`${U}/${unknownId()}`, { name: 'X', email: email('x'), role_id: await roleId(realm.fullRole) })).statusCode).toBe(404);
      });

      it('deactivation ends the sessions at once; reactivation lets them in again', async () => {
        const u = await createUser(realm.weakRole);
        const session = await signIn(u.email);
        expect((await session.get('/api/me')).statusCode).toBe(200);
        const res = await admin.post(`${U}/${u.id}/deactivate`);
        expect(res.statusCode).toBe(200);
        expect((await session.get('/api/me')).statusCode).toBe(401);
        expect((await t.client(realm.host).post('/api/login', { email: u.email, password: GOOD_PASSWORD })).statusCode).toBe(403);
        expect((await admin.get(U, { query: { search: u.email } })).json().data.data[0].status).toBe('deactivated');
        expect((await admin.post(`${U}/${u.id}/reactivate`)).statusCode).toBe(200);
        expect((await (await signIn(u.email)).get('/api/me')).statusCode).toBe(200);
      });

      it('refuses to let users delete, deactivate or demote themselves', async () => {
        const me = (await admin.get(U, { query: { search: realm.login.email } })).json().data.data[0];
        const del = await admin.delete(`${U}/${me.id}`);
        expect(del.statusCode).toBe(409);
        expect(del.json().message).toBe(en('team.errors.self_delete'));
        const off = await admin.post(`${U}/${me.id}/deactivate`);
        expect(off.json().message).toBe(en('team.errors.self_deactivate'));
        const demote = await admin.put(`${U}/${me.id}`, { name: me.name, email: me.email, role_id: await roleId(realm.weakRole) });
        expect(demote.statusCode).toBe(422);
        expect(demote.json().errors).toEqual({ role_id: [en('team.errors.self_role')] });
        // Editing one's own name is fine.
        expect((await admin.put(`${U}/${me.id}`, { name: me.name, email: me.email, role_id: me.role_id })).statusCode).toBe(200);
      });

      it('the last active team admin keeps the right: a role edit or delete cannot strip it, and nobody removes themselves', async () => {
        const manage = realm.name === 'platform' ? 'platform_users.manage' : 'users.manage';
        const rolesManage = realm.name === 'platform' ? 'platform_roles.manage' : 'roles.manage';
        // Only the signed-in admin holds the right to begin with.
        for (const role of (await admin.get(R)).json().data.roles as { id: string; permissions: string[] }[]) {
          if (!role.permissions.includes(manage)) continue;
          for (const u of (await admin.get(U, { query: { role_id: role.id, status: 'active', per_page: 100 } })).json().data.data as { id: string; is_self: boolean }[]) {
            if (!u.is_self) expect((await admin.post(`${U}/${u.id}/deactivate`)).statusCode).toBe(200);
          }
        }
        const me = (await admin.get(U, { query: { search: realm.login.email } })).json().data.data[0];
        expect(me.is_last_admin).toBe(true);

        const leadRole = (await admin.post(R, { name: `Lead ${realm.name}`, permissions: [manage] })).json().data.id;
        const rolerRole = (await admin.post(R, { name: `Roler ${realm.name}`, permissions: [rolesManage] })).json().data.id;
        const lead = await createUser(realm.weakRole, { role_id: leadRole });
        const roler = await createUser(realm.weakRole, { role_id: rolerRole });
        const leadClient = await signIn(lead.email);
        const rolerClient = await signIn(roler.email);

        // Two holders: the lead may deactivate the admin; then the lead is the last one.
        expect((await leadClient.post(`${U}/${me.id}/deactivate`)).statusCode).toBe(200);
        const leadRow = (await leadClient.get(U, { query: { search: lead.email } })).json().data.data[0];
        expect(leadRow).toMatchObject({ is_self: true, is_last_admin: true });
        expect((await leadClient.post(`${U}/${lead.id}/deactivate`)).json().message).toBe(en('team.errors.self_deactivate'));

        const strip = await rolerClient.put(`${R}/${leadRole}`, { name: `Lead ${realm.name}`, permissions: [] });
        expect(strip.statusCode).toBe(409);
        expect(strip.json().message).toBe(en('team.errors.last_admin'));
        const moveAway = await rolerClient.delete(`${R}/${leadRole}`, { query: { reassign_to: rolerRole } });
        expect(moveAway.statusCode).toBe(409);
        expect(moveAway.json().message).toBe(en('team.errors.last_admin'));
        // Nothing changed.
        expect((await leadClient.get(U)).statusCode).toBe(200);

        // With the admin back, the same edit goes through and takes effect at once.
        expect((await leadClient.post(`${U}/${me.id}/reactivate`)).statusCode).toBe(200);
        expect((await rolerClient.put(`${R}/${leadRole}`, { name: `Lead ${realm.name}`, permissions: [] })).statusCode).toBe(200);
        expect((await leadClient.get(U)).statusCode).toBe(403);
        admin = await signIn(realm.login.email, realm.login.password);
        // A role edit that would take one's own right away is refused even when others hold it.
        expect((await admin.put(`${R}/${leadRole}`, { name: `Lead ${realm.name}`, permissions: [manage] })).statusCode).toBe(200);
        const own = await (await signIn(lead.email)).get(U);
        expect(own.statusCode).toBe(200);
      });

      it('roles: create, validate, edit, implied view, delete with reassignment, system roles protected', async () => {
        const viewManage = realm.name === 'platform' ? ['tenants.manage'] : ['orders.manage'];
        const create = await admin.post(R, { name: '  Night shift  ', permissions: viewManage });
        expect(create.statusCode, create.body).toBe(201);
        expect(create.json().message).toBe(en('team.messages.role_created'));
        const id = create.json().data.id;
        const listed = (await admin.get(R)).json().data.roles.find((r: { id: string }) => r.id === id);
        expect(listed).toMatchObject({ name: 'Night shift', is_system: false, is_locked: false, users_count: 0 });
        expect(listed.permissions).toEqual(realm.name === 'platform' ? ['tenants.view', 'tenants.manage'] : ['orders.view', 'orders.manage']);

        const dup = await admin.post(R, { name: 'NIGHT SHIFT', permissions: [] });
        expect(dup.json().errors).toEqual({ name: [en('team.validation.role_name_taken')] });
        const short = await admin.post(R, { name: 'N', permissions: [] });
        expect(short.statusCode).toBe(422);
        expect(Object.keys(short.json().errors)).toEqual(['name']);
        const foreign = realm.name === 'platform' ? 'orders.manage' : 'tenants.manage';
        const wrong = await admin.post(R, { name: 'Foreign', permissions: [foreign] });
        expect(wrong.statusCode).toBe(422);
        expect(wrong.json().errors.permissions[0]).toBe(en('team.validation.unknown_permission', { permissions: foreign }));

        const upd = await admin.put(`${R}/${id}`, { name: 'Late shift', permissions: [] });
        expect(upd.json().message).toBe(en('team.messages.role_updated'));

        // System roles: not renamed, not deleted; the full one keeps everything.
        const full = await roleId(realm.fullRole);
        const rename = await admin.put(`${R}/${full}`, { name: 'boss', permissions: [] });
        expect(rename.json().errors).toEqual({ name: [en('team.errors.system_role_rename')] });
        // Taking permissions from it is refused (it said "updated" and kept them); sending them all is a save.
        const strip = await admin.put(`${R}/${full}`, { name: realm.fullRole, permissions: [] });
        expect(strip.statusCode).toBe(422);
        expect(strip.json().errors).toEqual({ permissions: [en('team.errors.full_role_permissions', { role: realm.fullRole })] });
        expect((await admin.put(`${R}/${full}`, { name: realm.fullRole, permissions: [...realm.catalogue] })).statusCode).toBe(200);
        const fullRow = (await admin.get(R)).json().data.roles.find((r: { id: string }) => r.id === full);
        expect(fullRow).toMatchObject({ is_locked: true, permissions: [...realm.catalogue] });
        const sysDel = await admin.delete(`${R}/${await roleId(realm.weakRole)}`);
        expect(sysDel.statusCode).toBe(409);
        expect(sysDel.json().message).toBe(en('team.errors.system_role_delete'));

        // In use: refused without a target, then its users move.
        const u1 = await createUser(realm.weakRole, { role_id: id });
        await createUser(realm.weakRole, { role_id: id });
        expect((await admin.get(R)).json().data.roles.find((r: { id: string }) => r.id === id).users_count).toBe(2);
        const inUse = await admin.delete(`${R}/${id}`);
        expect(inUse.statusCode).toBe(409);
        expect(inUse.json().message).toBe(en('team.errors.role_in_use', { count: 2 }));
        expect((await admin.delete(`${R}/${id}`, { query: { reassign_to: id } })).statusCode).toBe(422);
        expect((await admin.delete(`${R}/${id}`, { query: { reassign_to: unknownId() } })).statusCode).toBe(422);
        const moved = await admin.delete(`${R}/${id}`, { query: { reassign_to: await roleId(realm.weakRole) } });
        expect(moved.statusCode).toBe(200);
        expect(moved.json().message).toBe(en('team.messages.role_deleted'));
        expect((await admin.get(U, { query: { search: u1.email } })).json().data.data[0].role_name).toBe(realm.weakRole);
        expect((await admin.delete(`${R}/${id}`)).statusCode).toBe(404);
      });

      it('nobody strips their own team-admin right through their role', async () => {
        const manage = realm.name === 'platform' ? 'platform_users.manage' : 'users.manage';
        const rolesManage = realm.name === 'platform' ? 'platform_roles.manage' : 'roles.manage';
        const both = (await admin.post(R, { name: `Both ${realm.name}`, permissions: [manage, rolesManage] })).json().data.id;
        const u = await createUser(realm.weakRole, { role_id: both });
        const session = await signIn(u.email);
        const res = await session.put(`${R}/${both}`, { name: `Both ${realm.name}`, permissions: [rolesManage] });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(en('team.errors.self_admin'));
        const moved = await session.delete(`${R}/${both}`, { query: { reassign_to: await roleId(realm.weakRole) } });
        expect(moved.json().message).toBe(en('team.errors.self_admin'));
        // Someone else may.
        expect((await admin.put(`${R}/${both}`, { name: `Both ${realm.name}`, permissions: [rolesManage] })).statusCode).toBe(200);
      });

      it('role and permission changes apply on the next request', async () => {
        const role = await admin.post(R, { name: `Viewer ${realm.name}`, permissions: [] });
        const roleIdValue = role.json().data.id;
        const u = await createUser(realm.weakRole, { role_id: roleIdValue });
        const session = await signIn(u.email);
        expect((await session.get(U)).statusCode).toBe(403);
        const manage = realm.name === 'platform' ? 'platform_users.manage' : 'users.manage';
        expect((await admin.put(`${R}/${roleIdValue}`, { name: `Viewer ${realm.name}`, permissions: [manage] })).statusCode).toBe(200);
        expect((await session.get(U)).statusCode).toBe(200);
        expect((await admin.put(`${U}/${u.id}`, { name: 'Viewer', email: u.email, role_id: await roleId(realm.weakRole) })).statusCode).toBe(200);
        expect((await session.get(U)).statusCode).toBe(403);
      });

      it('restores the default roles', async () => {
        const weak = await roleId(realm.weakRole);
        expect((await admin.put(`${R}/${weak}`, { name: realm.weakRole, permissions: [] })).statusCode).toBe(200);
        const res = await admin.post(`${R}/restore-defaults`);
        expect(res.statusCode).toBe(200);
        const row = (await admin.get(R)).json().data.roles.find((r: { id: string }) => r.id === weak);
        const defaults = realm.name === 'platform' ? ['platform.dashboard.view', 'tenants.view'] : [...DEFAULT_ROLES.staff];
        expect(row.permissions).toEqual(defaults);
      });

      it('invites by e-mail: the link sets the password and signs in; resend replaces the link', async () => {
        const before = t.mailer.sent.length;
        const address = email('invitee');
        const res = await admin.post(U, { name: 'Ines Invite', email: address, role_id: await roleId(realm.weakRole), mode: 'invite' });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().message).toBe(en('team.messages.user_invited'));
        const id = res.json().data.id;
        await t.app.outbox.drain();
        const mails = t.mailer.sent.slice(before).filter((m) => m.to === address);
        expect(mails).toHaveLength(1);
        const origin = realm.name === 'platform' ? 'http://localhost' : 'http://demo.localhost';
        expect(mails[0]!.text).toContain(`${origin}/accept-invite?token=`);
        const first = inviteTokenOf(mails[0]!.text)!;

        expect((await admin.get(U, { query: { search: address } })).json().data.data[0].status).toBe('invited');
        // No sign-in before accepting.
        expect((await t.client(realm.host).post('/api/login', { email: address, password: '' })).statusCode).toBe(422);

        const resend = await admin.post(`${U}/${id}/resend-invite`);
        expect(resend.statusCode).toBe(200);
        await t.app.outbox.drain();
        const second = inviteTokenOf(t.mailer.sent.filter((m) => m.to === address).at(-1)!.text)!;
        expect(second).not.toBe(first);

        const anon = t.client(realm.host);
        expect((await anon.post('/api/invitations/lookup', { token: decodeURIComponent(first) })).statusCode).toBe(404);
        const lookup = await anon.post('/api/invitations/lookup', { token: decodeURIComponent(second) });
        expect(lookup.json().data).toMatchObject({ name: 'Ines Invite', email: address });
        // Another host does not know the link.
        const elsewhere = t.client(realm.name === 'platform' ? DEMO_HOST : MAIN_HOST);
        expect((await elsewhere.post('/api/invitations/lookup', { token: decodeURIComponent(second) })).statusCode).toBe(404);

        const mismatch = await anon.post('/api/invitations/accept', { token: decodeURIComponent(second), name: 'Ines', password: GOOD_PASSWORD, password_confirmation: 'x' });
        expect(mismatch.statusCode).toBe(422);
        const accept = await anon.post('/api/invitations/accept', { token: decodeURIComponent(second), name: 'Ines Neu', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
        expect(accept.statusCode, accept.body).toBe(200);
        expect(accept.json().data.kind).toBe('session');
        const token = accept.json().data.token;
        expect((await t.client(realm.host, { token }).get('/api/me')).json().data.name).toBe('Ines Neu');
        expect((await admin.get(U, { query: { search: address } })).json().data.data[0].status).toBe('active');
        // Used once only; resend is no longer possible.
        expect((await anon.post('/api/invitations/accept', { token: decodeURIComponent(second), name: 'X', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD })).statusCode).toBe(422);
        expect((await admin.post(`${U}/${id}/resend-invite`)).json().message).toBe(en('team.errors.not_invited'));
        await signIn(address);
      });

      it("a corrected address voids the links sent to the old one and invites the new one; a deactivated invitee's link changes nothing", async () => {
        const typo = email('typo');
        const res = await admin.post(U, { name: 'Tina Typo', email: typo, role_id: await roleId(realm.weakRole), mode: 'invite' });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().data.id;
        await t.app.outbox.drain();
        const old = decodeURIComponent(inviteTokenOf(t.mailer.sent.filter((m) => m.to === typo).at(-1)!.text)!);

        const right = email('right');
        const fixed = await admin.put(`${U}/${id}`, { name: 'Tina Typo', email: right, role_id: await roleId(realm.weakRole) });
        expect(fixed.statusCode, fixed.body).toBe(200);
        expect(fixed.json().message).toBe(en('team.messages.user_updated_invited'));
        const anon = t.client(realm.host);
        expect((await anon.post('/api/invitations/lookup', { token: old })).statusCode).toBe(404);
        expect((await anon.post('/api/invitations/accept', { token: old, name: 'Intruder', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD })).statusCode).toBe(422);
        await t.app.outbox.drain();
        const fresh = decodeURIComponent(inviteTokenOf(t.mailer.sent.filter((m) => m.to === right).at(-1)!.text)!);
        expect((await anon.post('/api/invitations/lookup', { token: fresh })).json().data).toMatchObject({ email: right });

        // Deactivated before accepting: the link is void, and sending the form writes nothing.
        expect((await admin.post(`${U}/${id}/deactivate`)).statusCode).toBe(200);
        expect((await anon.post('/api/invitations/lookup', { token: fresh })).statusCode).toBe(404);
        const refused = await anon.post('/api/invitations/accept', { token: fresh, name: 'Renamed', password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD });
        expect(refused.statusCode).toBe(422);
        const listed = (await admin.get(U, { query: { search: right } })).json().data.data[0];
        expect(listed).toMatchObject({ name: 'Tina Typo', status: 'invited' });
      });

      it('deleting a user ends their sessions and keeps the list answering', async () => {
        const u = await createUser(realm.weakRole);
        const session = await signIn(u.email);
        const res = await admin.delete(`${U}/${u.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(en('team.messages.item_deleted'));
        expect((await session.get('/api/me')).statusCode).toBe(401);
        expect((await admin.get(U, { query: { search: u.email } })).json().data.total).toBe(0);
        expect((await admin.delete(`${U}/${u.id}`)).statusCode).toBe(404);
      });
    });
  }

  describe('restaurant specifics', () => {
    it('history that names a deleted user stays readable', async () => {
      const admin = t.client(DEMO_HOST, { token: await t.loginAs(DEMO_HOST, DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) });
      const [demo] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
      const tenantId = demo!.id;
      const u = await t.addUser({ tenantId, role: 'staff', email: 'history@demo.example.com' });
      const [product] = await t.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.tenantId, tenantId)).limit(1);
      const order = await insertOrder(t.db, tenantId, { email: 'guest@example.com', at: new Date(), lines: [{ productId: product!.id, name: product!.name, cents: 900 }] });
      await t.db.update(orders).set({ createdBy: u.id }).where(and(eq(orders.tenantId, tenantId), eq(orders.id, order!.id)));
      await t.db.insert(orderStatusHistory).values({ tenantId, orderId: order!.id, status: 'accepted', userId: u.id });
      await t.db.insert(bulletinPosts).values({ tenantId, title: 'Hi', body: 'Team', authorId: u.id, authorName: 'history' });
      await t.db.insert(requestReplies).values({ tenantId, kind: 'contact', requestId: unknownId(), userId: u.id, userName: 'history', toAddress: 'g@example.com', subject: 's', body: 'b' });

      expect((await admin.delete(`/api/tenant/users/${u.id}`)).statusCode).toBe(200);
      // The order still answers, its step still reads as a team member's (the drawer says "a former team member").
      const detail = await admin.get(`/api/tenant/orders/${order!.id}`);
      expect(detail.statusCode).toBe(200);
      const step = (detail.json().data.history as { status: string; by: string; user_name: string | null }[]).find((h) => h.status === 'accepted');
      expect(step).toMatchObject({ by: 'staff', user_name: null });
      expect(detail.json().data.created_by_name).toBeNull();
      const [post] = await t.db.select().from(bulletinPosts).where(eq(bulletinPosts.title, 'Hi'));
      expect(post).toMatchObject({ authorId: null, authorName: 'history' });
      const [reply] = await t.db.select().from(requestReplies).where(eq(requestReplies.userName, 'history'));
      expect(reply).toMatchObject({ userId: null });
      expect((await admin.get('/api/tenant/bulletin-posts')).json().data.data.some((p: { author_name: string }) => p.author_name === 'history')).toBe(true);
    });

    it('another restaurant\'s ids are unknown, its roles unusable', async () => {
      const team = await t.registerTeam(`team-x-${kind}`);
      const theirs = (await team.otherAdmin.get('/api/tenant/roles')).json().data.roles as { id: string; name: string }[];
      const theirUsers = (await team.otherAdmin.get('/api/tenant/users')).json().data.data as { id: string }[];
      const res = await team.admin.post('/api/tenant/users', { name: 'X', email: 'x@x-team.example.com', role_id: theirs[0]!.id, mode: 'invite' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ role_id: [en('team.validation.role_unknown')] });
      expect((await team.admin.put(`/api/tenant/roles/${theirs[1]!.id}`, { name: 'manager', permissions: [] })).statusCode).toBe(404);
      expect((await team.admin.delete(`/api/tenant/users/${theirUsers[0]!.id}`)).statusCode).toBe(404);
      expect((await team.admin.post(`/api/tenant/users/${theirUsers[0]!.id}/deactivate`)).statusCode).toBe(404);
      const mine = (await team.admin.get('/api/tenant/users')).json().data.data as { id: string }[];
      expect(mine.every((u) => !theirUsers.some((x) => x.id === u.id))).toBe(true);
      // A restaurant token is unknown on the platform's team routes and the other way round.
      expect((await t.client(MAIN_HOST, { token: team.admin.token }).get('/api/platform/users')).statusCode).toBe(401);
      // Manager and staff may not manage the team.
      expect((await team.manager.get('/api/tenant/users')).statusCode).toBe(403);
      expect((await team.staff.get('/api/tenant/roles')).statusCode).toBe(403);
    });

    it('Free plan: team size limit on create and reactivate; custom roles need Premium', async () => {
      const r = await t.registerTenant({ domain: `team-free-${kind}`, status: 'active' });
      const admin = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
      const rolesRes = (await admin.get('/api/tenant/roles')).json().data;
      expect(rolesRes.custom_roles_allowed).toBe(false);
      const staffRole = rolesRes.roles.find((x: { name: string }) => x.name === 'staff').id;
      const custom = await admin.post('/api/tenant/roles', { name: 'Custom', permissions: [] });
      expect(custom.statusCode).toBe(409);
      expect(custom.json()).toMatchObject({ code: 'PLAN_LIMIT', message: en('plans.feature_custom_roles') });
      // One left from a Premium time (a trial that ended) stays as it is: not changed, not given to anyone, but deleted.
      const [leftover] = await t.db.insert(roles).values({ tenantId: r.tenantId, name: 'Bar team', permissions: ['orders.view'], isSystem: false }).returning({ id: roles.id });
      const edit = await admin.put(`/api/tenant/roles/${leftover!.id}`, { name: 'Bar team', permissions: ['orders.view', 'orders.manage'] });
      expect(edit.json()).toMatchObject({ code: 'PLAN_LIMIT', message: en('plans.feature_custom_roles') });
      const given = await admin.post('/api/tenant/users', { name: 'Barkeeper', email: 'bar@free.example.com', role_id: leftover!.id, mode: 'invite' });
      expect(given.json().code).toBe('PLAN_LIMIT');
      expect((await admin.get('/api/tenant/users', { query: { search: 'bar@free' } })).json().data.total).toBe(0);
      expect((await admin.delete(`/api/tenant/roles/${leftover!.id}`)).statusCode).toBe(200);

      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await admin.post('/api/tenant/users', { name: `S${i}`, email: `s${i}@free.example.com`, role_id: staffRole, mode: 'invite' });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().data.id);
      }
      const over = await admin.post('/api/tenant/users', { name: 'S5', email: 's5@free.example.com', role_id: staffRole, mode: 'invite' });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ code: 'PLAN_LIMIT', message: en('plans.limit_users', { limit: 5 }) });
      expect((await admin.post(`/api/tenant/users/${ids[0]}/deactivate`)).statusCode).toBe(200);
      expect((await admin.post('/api/tenant/users', { name: 'S5', email: 's5@free.example.com', role_id: staffRole, mode: 'invite' })).statusCode).toBe(201);
      const back = await admin.post(`/api/tenant/users/${ids[0]}/reactivate`);
      expect(back.statusCode).toBe(409);
      expect(back.json().code).toBe('PLAN_LIMIT');
    });
  });

  describe.skipIf(kind !== 'postgres')('concurrency', () => {
    it('two admins deactivating each other at once: one fails, an admin remains', async () => {
      const r = await t.registerTenant({ domain: `team-race-${kind}`, status: 'active' });
      const adminRole = (await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, r.tenantId), eq(roles.name, 'admin'))))[0]!.id;
      const second = await t.addUser({ tenantId: r.tenantId, role: 'admin', email: 'second@race.example.com' });
      const a = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
      const b = t.client(r.host, { token: await t.loginAs(r.host, second.email, second.password) });
      for (let round = 0; round < 3; round++) {
        const [ra, rb] = await Promise.all([a.post(`/api/tenant/users/${second.id}/deactivate`), b.post(`/api/tenant/users/${r.ownerId}/deactivate`)]);
        const codes = [ra.statusCode, rb.statusCode].sort();
        // Exactly one wins; the other is refused as the last admin (409), or, having lost its session to the winner, 401.
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        const active = await t.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, r.tenantId), eq(users.roleId, adminRole), eq(users.isActive, true)));
        expect(active).toHaveLength(1);
        // Put both back for the next round.
        await t.db.update(users).set({ isActive: true }).where(eq(users.tenantId, r.tenantId));
        await t.db.delete(sessions).where(eq(sessions.tenantId, r.tenantId));
        Object.assign(a, t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) }));
        Object.assign(b, t.client(r.host, { token: await t.loginAs(r.host, second.email, second.password) }));
      }
    });

    it('two of three admins demoting each other at once: whoever commits second is no longer an admin, and is refused', async () => {
      const r = await t.registerTenant({ domain: `team-demote-${kind}`, status: 'active' });
      const roleId = async (name: string) => (await t.db.select({ id: roles.id }).from(roles).where(and(eq(roles.tenantId, r.tenantId), eq(roles.name, name))))[0]!.id;
      const [adminRole, staffRole] = [await roleId('admin'), await roleId('staff')];
      const second = await t.addUser({ tenantId: r.tenantId, role: 'admin', email: 'second@demote.example.com' });
      await t.addUser({ tenantId: r.tenantId, role: 'admin', email: 'third@demote.example.com' });
      const [owner] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, r.ownerId));
      const a = t.client(r.host, { token: await t.loginAs(r.host, r.email, r.password) });
      const b = t.client(r.host, { token: await t.loginAs(r.host, second.email, second.password) });
      for (let round = 0; round < 3; round++) {
        const [ra, rb] = await Promise.all([
          a.put(`/api/tenant/users/${second.id}`, { name: 'Second', email: second.email, role_id: staffRole }),
          b.put(`/api/tenant/users/${r.ownerId}`, { name: owner!.name, email: r.email, role_id: staffRole }),
        ]);
        // Checked before the write too: a request that starts after the other committed is refused by the guard.
        expect([ra.statusCode, rb.statusCode].sort(), `${ra.body} ${rb.body}`).toEqual([200, 403]);
        const admins = await t.db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, r.tenantId), eq(users.roleId, adminRole)));
        expect(admins).toHaveLength(2);
        await t.db.update(users).set({ roleId: adminRole }).where(eq(users.tenantId, r.tenantId));
      }
    });

    it('platform: two super users deactivating each other at once: one fails, one remains', async () => {
      const [superRole] = await t.db.select({ id: platformRoles.id }).from(platformRoles).where(eq(platformRoles.name, 'super_user'));
      const [x] = await t.db
        .insert(platformUsers)
        .values({ name: 'X', email: 'x@race.example.com', passwordHash: await hashPassword(GOOD_PASSWORD), roleId: superRole!.id })
        .returning({ id: platformUsers.id });
      const [operator] = await t.db.select({ id: platformUsers.id }).from(platformUsers).where(eq(platformUsers.email, DEMO_LOGINS.platform.email));
      // Only these two are active (earlier tests left other operators, some holding the right through custom roles).
      await t.db.update(platformUsers).set({ isActive: false }).where(notInArray(platformUsers.id, [x!.id, operator!.id]));
      for (let round = 0; round < 3; round++) {
        const a = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password) });
        const b = t.client(MAIN_HOST, { token: await t.loginAs(MAIN_HOST, 'x@race.example.com', GOOD_PASSWORD) });
        const [ra, rb] = await Promise.all([a.post(`/api/platform/users/${x!.id}/deactivate`), b.post(`/api/platform/users/${operator!.id}/deactivate`)]);
        expect([ra.statusCode, rb.statusCode].filter((c) => c === 200)).toHaveLength(1);
        const active = await t.db
          .select({ id: platformUsers.id })
          .from(platformUsers)
          .where(and(eq(platformUsers.roleId, superRole!.id), eq(platformUsers.isActive, true)));
        expect(active).toHaveLength(1);
        await t.db.update(platformUsers).set({ isActive: true }).where(inArray(platformUsers.id, [x!.id, operator!.id]));
      }
    });
  });
});
