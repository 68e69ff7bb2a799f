import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { AVATAR_WIDTHS, PROFILE_NAME_MAX } from '@tavolo/contracts/account';
import { translate } from '@tavolo/contracts/i18n';
import { IMAGE_MAX_BYTES } from '@tavolo/contracts/menu';
import { sessions } from '../../db/schema/index.ts';
import { GOOD_PASSWORD, describeEachDb, useTestApp, type RegisteredTenant, type TestClient } from '../../test/harness.ts';
import { multipart, solidImage } from '../../test/multipart.ts';

const NEW_PASSWORD = 'Another-Quiet-Meadow-42';

describeEachDb('own account: password change', (kind) => {
  const t = useTestApp(kind, { env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_PER_IP_PER_MINUTE: '12' } });
  let r: RegisteredTenant;
  let otherAdmin: TestClient;

  beforeAll(async () => {
    ({ r, otherAdmin } = await t.registerTeam('pw'));
  });

  /** A fresh user of `r` with `sessions` signed-in clients (each its own IP, like separate devices). */
  const userWithSessions = async (label: string, count = 2) => {
    const user = await t.addUser({ tenantId: r.tenantId, role: 'staff', email: `${label}@pw.example.com` });
    const clients: TestClient[] = [];
    for (let i = 0; i < count; i++) clients.push(t.client(r.host, { token: await t.loginAs(r.host, user.email, user.password) }));
    return { user, clients };
  };
  const change = (c: TestClient, body: Record<string, unknown>) => c.post('/api/tenant/password', body);
  const valid = (current: string, next = NEW_PASSWORD) => ({ current_password: current, password: next, password_confirmation: next });

  it('changes the password, keeps this session and signs out every other one; the new password signs in, the old does not', async () => {
    const { user, clients } = await userWithSessions('changer', 3);
    const [here, phone, tablet] = clients as [TestClient, TestClient, TestClient];

    const res = await change(here, valid(user.password));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: translate('en', 'account.messages.password_changed') });

    expect((await here.get('/api/tenant/auth-check')).statusCode).toBe(200);
    expect((await phone.get('/api/tenant/auth-check')).statusCode).toBe(401);
    expect((await tablet.get('/api/me')).statusCode).toBe(401);
    const live = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.tenantId, r.tenantId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);

    expect((await t.client(r.host).post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(422);
    await expect(t.loginAs(r.host, user.email, NEW_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('a wrong current password is 422 on current_password, translated, and changes nothing', async () => {
    const { user, clients } = await userWithSessions('wrong', 2);
    const res = await clients[0]!.post('/api/tenant/password', valid('not-my-password'), { headers: { 'x-language': 'de' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: [translate('de', 'account.validation.current_password_wrong')] });
    expect((await clients[1]!.get('/api/me')).statusCode).toBe(200);
    await expect(t.loginAs(r.host, user.email, user.password)).resolves.toEqual(expect.any(String));
  });

  it('the new password follows the registration rules, must be confirmed and must differ from the current one', async () => {
    const { user, clients } = await userWithSessions('rules', 1);
    const c = clients[0]!;
    const short = await change(c, valid(user.password, 'short'));
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['password']);

    const common = await change(c, valid(user.password, 'password123'));
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: [translate('en', 'validation.password_common')] });

    const same = await change(c, valid(user.password, user.password));
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ password: [translate('en', 'account.validation.password_same')] });

    const mismatch = await change(c, { ...valid(user.password), password_confirmation: 'Something-Else-77' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [translate('en', 'validation.password_mismatch')] });

    const empty = await change(c, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['current_password', 'password', 'password_confirmation']);
    // Typed as empty strings, as the form sends them: the confirmation is marked too.
    const blank = await change(c, { current_password: '', password: '', password_confirmation: '' });
    expect(Object.keys(blank.json().errors).sort()).toEqual(['current_password', 'password', 'password_confirmation']);

    // None of that changed anything.
    await expect(t.loginAs(r.host, user.email, GOOD_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('needs a session of this restaurant: none is 401, another restaurant’s token is 401 here', async () => {
    const { user } = await userWithSessions('nobody', 0);
    expect((await change(t.client(r.host), valid(user.password))).statusCode).toBe(401);
    const foreign = await t.client(r.host, { token: otherAdmin.token }).post('/api/tenant/password', valid(r.password));
    expect(foreign.statusCode).toBe(401);
    // The owner of the other restaurant still signs in there with the old password.
    await expect(t.loginAs(otherAdmin.host, `owner@pw-other.example.com`, GOOD_PASSWORD)).resolves.toEqual(expect.any(String));
  });

  it('wrong current passwords count as failed sign-ins: the account locks (429), for sign-in too', async () => {
    const { user, clients } = await userWithSessions('guesser', 1);
    const c = clients[0]!;
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) expect((await change(c, valid(`guess-number-${i}`))).statusCode).toBe(422);
    const locked = await change(c, valid(user.password));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: translate('en', 'errors.login_locked', { minutes: t.config.LOGIN_LOCK_MINUTES }) });
    expect((await t.client(r.host).post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(429);
  });

  it('is limited per IP like sign-in', async () => {
    const { clients } = await userWithSessions('flood', 1);
    const c = clients[0]!;
    const statuses: number[] = [];
    // Invalid bodies never reach the account lock, so only the per-IP limit can answer 429.
    for (let i = 0; i <= t.config.LOGIN_MAX_PER_IP_PER_MINUTE; i++) statuses.push((await change(c, {})).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describeEachDb('own account: profile', (kind) => {
  const t = useTestApp(kind);
  let r: RegisteredTenant;
  let admin: TestClient;
  let staff: TestClient;
  let other: RegisteredTenant;
  let otherAdmin: TestClient;

  beforeAll(async () => {
    ({ r, admin, staff, other, otherAdmin } = await t.registerTeam('prof'));
  });

  const upload = (c: TestClient, filename: string, content: Buffer, type: string, field = 'file') => {
    const body = multipart(filename, content, type, field);
    return c.post('/api/tenant/profile/avatar', undefined, { payload: body.payload, headers: body.headers });
  };
  const fileOf = (url: string) => path.join(t.dataDir, url);

  it('any signed-in user renames themselves; the name is trimmed and shows in auth-check at once', async () => {
    const res = await staff.patch('/api/tenant/profile', { name: '  Sam Server  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: translate('en', 'account.messages.profile_saved'), data: { name: 'Sam Server', email: 'staff@prof-main.example.com', role_name: 'staff' } });
    expect((await staff.get('/api/tenant/auth-check')).json().user.name).toBe('Sam Server');
    // Nobody else was renamed.
    expect((await admin.get('/api/me')).json().data.name).not.toBe('Sam Server');
  });

  it('validates the name: required, at most 100 characters, nothing but the name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(PROFILE_NAME_MAX + 1) }, { name: 42 }]) {
      const res = await staff.patch('/api/tenant/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['name']);
    }
    expect((await staff.patch('/api/tenant/profile', { name: 'x'.repeat(PROFILE_NAME_MAX) })).statusCode).toBe(200);
    // The e-mail is not changed here: an extra field is ignored.
    const withEmail = await staff.patch('/api/tenant/profile', { name: 'Sam', email: 'new@prof-main.example.com' });
    expect(withEmail.statusCode).toBe(200);
    expect((await staff.get('/api/me')).json().data).toMatchObject({ name: 'Sam', email: 'staff@prof-main.example.com' });
  });

  it('an avatar upload (JPEG, PNG, WebP) is stored as WebP, replaces the previous one and can be removed', async () => {
    const first = await upload(staff, 'me.png', await solidImage(800, 600, 'png'), 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().data.avatar as string;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/t/${r.tenantId}/[0-9a-f-]{36}-${AVATAR_WIDTHS.at(-1)}\\.webp$`));
    expect(first.json().message).toBe(translate('en', 'account.messages.avatar_saved'));
    expect(await sharp(fs.readFileSync(fileOf(firstUrl))).metadata()).toMatchObject({ format: 'webp', width: AVATAR_WIDTHS.at(-1) });
    expect((await staff.get('/api/me')).json().data.avatar).toBe(firstUrl);

    for (const [name, format, type] of [
      ['me.jpg', 'jpeg', 'image/jpeg'],
      ['me.webp', 'webp', 'image/webp'],
    ] as const) {
      const before = (await staff.get('/api/me')).json().data.avatar as string;
      const res = await upload(staff, name, await solidImage(120, 120, format), type);
      expect(res.statusCode, res.body).toBe(200);
      // The old picture's files are gone once replaced.
      expect(fs.existsSync(fileOf(before))).toBe(false);
      expect(fs.existsSync(fileOf(res.json().data.avatar))).toBe(true);
    }

    const current = (await staff.get('/api/me')).json().data.avatar as string;
    const removed = await staff.delete('/api/tenant/profile/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ data: { avatar: null }, message: translate('en', 'account.messages.avatar_removed') });
    expect(fs.existsSync(fileOf(current))).toBe(false);
    expect((await staff.delete('/api/tenant/profile/avatar')).statusCode).toBe(200);
  });

  it('refuses GIF, non-images, a missing file and anything over the menu image limit, with a message on `file`', async () => {
    const gif = await upload(staff, 'me.gif', await solidImage(50, 50, 'gif'), 'image/gif');
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors).toEqual({ file: [translate('en', 'account.validation.avatar_type')] });

    const text = await upload(staff, 'me.png', Buffer.from('not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ file: [translate('en', 'account.validation.avatar_type')] });

    const wrongField = await upload(staff, 'me.png', await solidImage(50, 50), 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual({ file: [translate('en', 'validation.image_required')] });

    const noBody = await staff.post('/api/tenant/profile/avatar', {});
    expect(noBody.statusCode).toBe(422);

    const huge = await upload(staff, 'huge.png', Buffer.concat([await solidImage(50, 50), Buffer.alloc(IMAGE_MAX_BYTES)]), 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual({ file: [translate('en', 'validation.image_too_big', { max: IMAGE_MAX_BYTES / 1024 / 1024 })] });
    expect((await staff.get('/api/me')).json().data.avatar).toBeNull();
  });

  it('only ever touches the caller in their own restaurant: no session 401, another restaurant’s token 401', async () => {
    const before = (await admin.get('/api/me')).json().data;
    for (const [method, url] of [
      ['PATCH', '/api/tenant/profile'],
      ['POST', '/api/tenant/profile/avatar'],
      ['DELETE', '/api/tenant/profile/avatar'],
    ] as const) {
      expect((await t.client(r.host).request(method, url, { body: { name: 'Intruder' } })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.client(r.host, { token: otherAdmin.token }).request(method, url, { body: { name: 'Intruder' } })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await admin.get('/api/me')).json().data).toEqual(before);

    // On its own host the other owner changes only their own profile.
    const own = await otherAdmin.patch('/api/tenant/profile', { name: 'Other Owner' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.email).toBe(other.email);
    expect((await admin.get('/api/me')).json().data.name).toBe(before.name);
    // An avatar goes under the caller's restaurant's uploads.
    const pic = await upload(otherAdmin, 'o.png', await solidImage(64, 64), 'image/png');
    expect(pic.json().data.avatar).toMatch(new RegExp(`^/uploads/t/${other.tenantId}/`));
  });
});
