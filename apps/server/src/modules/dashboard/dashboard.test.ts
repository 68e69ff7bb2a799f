import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tenantSettings, users } from '../../db/schema/index.ts';
import { INVITED_PASSWORD_HASH } from '../team/team.repo.ts';
import { DEMO_HOST, DEMO_LOGINS, MAIN_HOST, describeEachDb, useTestApp } from '../../test/harness.ts';

describeEachDb('dashboard summary', (kind) => {
  const t = useTestApp(kind, { seed: true });
  const summary = (host: string, token?: string) => t.client(host, { token }).get('/api/tenant/dashboard/summary');

  it("counts the restaurant's own menu and team", async () => {
    const token = await t.loginAs(DEMO_HOST, DEMO_LOGINS.staff.email, DEMO_LOGINS.staff.password);
    const res = await summary(DEMO_HOST, token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.restaurant).toMatchObject({ name: 'Trattoria Demo', slug: 'demo', status: 'active' });
    expect(Date.parse(data.restaurant.created_at)).not.toBeNaN();
    expect(data.counts).toEqual({ categories: 5, active_categories: 5, products: 15, active_products: 15, team: 3, team_active: 3, tables: 8 });
  });

  it('another restaurant sees its own figures, not the demo', async () => {
    const other = await t.registerTenant({ domain: 'summary-other' });
    const category = await t.addCategory(other.tenantId, { name: 'Only', isActive: false });
    await t.addProduct(other.tenantId, category, { name: 'Lonely Dish', priceCents: 100 });
    const token = await t.loginAs(other.host, other.email, other.password);
    const { data } = (await summary(other.host, token)).json();
    expect(data.restaurant).toMatchObject({ slug: 'summary-other', status: 'pending' });
    expect(data.counts).toEqual({ categories: 1, active_categories: 0, products: 1, active_products: 1, team: 1, team_active: 1, tables: 0 });
    // A deactivated member and an open invitation are on the team, but cannot sign in.
    const gone = await t.addUser({ tenantId: other.tenantId, role: 'staff', email: 'gone@summary.example.com' });
    const invited = await t.addUser({ tenantId: other.tenantId, role: 'staff', email: 'invited@summary.example.com' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    await t.db.update(users).set({ passwordHash: INVITED_PASSWORD_HASH }).where(eq(users.id, invited.id));
    expect((await summary(other.host, token)).json().data.counts).toMatchObject({ team: 3, team_active: 1 });
    expect(data.setup).toEqual({ logo: false, looks: false });
    // The first steps tick as the owner uploads a logo and saves a look.
    await t.db.update(tenantSettings).set({ logo: '/uploads/logo.webp' }).where(eq(tenantSettings.tenantId, other.tenantId));
    const looks = (await t.client(other.host, { token }).get('/api/tenant/admin/appearance')).json().data;
    const saved = await t.client(other.host, { token }).put('/api/tenant/admin/appearance', { theme: looks.theme, primary_color: looks.primary_color, accent_color: looks.accent_color, menu_layout: looks.menu_layout, header_style: looks.header_style, banner_image: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await summary(other.host, token)).json().data.setup).toEqual({ logo: true, looks: true });
  });

  it('needs a token of this restaurant with dashboard.view', async () => {
    expect((await summary(DEMO_HOST)).statusCode).toBe(401);
    const platform = await t.loginAs(MAIN_HOST, DEMO_LOGINS.platform.email, DEMO_LOGINS.platform.password);
    expect((await summary(DEMO_HOST, platform)).statusCode).toBe(401);
    expect((await summary(MAIN_HOST, platform)).statusCode).toBe(404);
  });
});
