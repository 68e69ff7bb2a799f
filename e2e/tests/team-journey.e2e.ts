import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PHONE, fitsWidth, snap, url, useBrowser } from '../support/browser.ts';
import { linkFromMail } from '../support/mail.ts';
import { signIn } from '../support/restaurant.ts';

const browser = useBrowser();
const ADMIN = { email: 'admin@demo.example.com', password: DEMO_PASSWORD };
const PASSWORD = 'team-journey-passphrase';

/** Adds a user with a password through the users page's form. */
async function addUser(page: Page, user: { name: string; email: string; role: string }) {
  await page.goto(url('/dashboard/users', 'demo'));
  await page.getByRole('button', { name: 'Add user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(user.name);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(user.email);
  await dialog.getByRole('textbox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: user.role, exact: true }).click();
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect.poll(() => page.getByText('User created successfully').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByTestId('user-row').filter({ hasText: user.email }).isVisible()).toBe(true);
}

describe('a restaurant admin runs the team (issue #7)', () => {
  it('creates a manager who then sees no team pages', async () => {
    const { context, page } = await browser.newPage({ language: 'en' });
    await signIn(page, ADMIN);
    // The admin sees the team pages in the menu.
    await expect.poll(() => page.getByRole('link', { name: 'Users', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Roles', exact: true }).isVisible()).toBe(true);
    await addUser(page, { name: 'Mia Journey', email: 'mia.journey@demo.example.com', role: 'Manager' });
    const row = page.getByTestId('user-row').filter({ hasText: 'mia.journey@demo.example.com' });
    expect(await row.innerText()).toContain('Manager');
    await snap(page, 'team-users');
    await context.close();

    const manager = await browser.newPage({ language: 'en' });
    await signIn(manager.page, { email: 'mia.journey@demo.example.com', password: PASSWORD });
    await expect.poll(() => manager.page.getByRole('link', { name: 'Orders', exact: true }).isVisible()).toBe(true);
    expect(await manager.page.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    expect(await manager.page.getByRole('link', { name: 'Roles', exact: true }).count()).toBe(0);
    await manager.context.close();
  });

  it('creates a custom role, gives it a user, and deletes it by moving that user to Staff', async () => {
    const { context, page } = await browser.newPage({ language: 'en' });
    await signIn(page, ADMIN);
    await page.goto(url('/dashboard/roles', 'demo'));
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Role' });
    await dialog.getByRole('textbox', { name: /^Role Name/ }).fill('Night shift');
    await dialog.getByRole('checkbox', { name: 'Manage orders' }).check({ force: true });
    // Managing orders includes viewing them: shown checked and locked.
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'View orders' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'View orders' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Role created successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    const roleRow = page.getByTestId('role-row').filter({ hasText: 'Night shift' });
    await expect.poll(() => roleRow.innerText()).toContain('2 of 18');

    await addUser(page, { name: 'Nina Night', email: 'nina.night@demo.example.com', role: 'Night shift' });

    await page.goto(url('/dashboard/roles', 'demo'));
    await expect.poll(() => page.getByTestId('role-row').filter({ hasText: 'Night shift' }).innerText()).toContain('1 user');
    await page.getByRole('button', { name: 'Delete: Night shift' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.getByText('Are you sure you want to delete this role?').isVisible()).toBe(true);
    // In use: the delete waits for a role to move its user to.
    expect(await confirm.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    await confirm.getByRole('textbox', { name: /^Move users to/ }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Role deleted successfully').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('role-row').filter({ hasText: 'Night shift' }).count()).toBe(0);

    await page.goto(url('/dashboard/users?search=nina', 'demo'));
    await expect.poll(() => page.getByTestId('user-row').filter({ hasText: 'nina.night@demo.example.com' }).innerText()).toContain('Staff');
    await context.close();
  });

  it('invites a staff member by e-mail, who sets a password from the link and lands on the dashboard', async () => {
    const { context, page } = await browser.newPage({ language: 'en' });
    await signIn(page, ADMIN);
    await page.goto(url('/dashboard/users', 'demo'));
    await page.getByRole('button', { name: 'Add user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Ivo Invite');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('ivo.invite@demo.example.com');
    await dialog.getByRole('textbox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Staff', exact: true }).click();
    await dialog.getByText('E-mail an invitation link').click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => page.getByText('Invitation sent').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('user-row').filter({ hasText: 'ivo.invite@demo.example.com' }).innerText()).toContain('INVITED');
    await context.close();

    const link = await linkFromMail('ivo.invite@demo.example.com', /(http:\/\/demo\.localhost:\d+\/accept-invite\?token=[\w%-]+)/);
    const invitee = await browser.newPage({ viewport: PHONE, language: 'en' });
    await invitee.page.goto(link);
    await expect.poll(() => invitee.page.getByRole('textbox', { name: /^Your name/ }).inputValue()).toBe('Ivo Invite');
    await invitee.page.getByLabel(/^Password/).fill(PASSWORD);
    await invitee.page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.page.waitForURL(url('/dashboard/home', 'demo'), { timeout: 15_000 });
    await invitee.context.close();
  });

  it('speaks German on a phone', async () => {
    const { context, page } = await browser.newPage({ viewport: PHONE, language: 'de' });
    await signIn(page, { ...ADMIN, lang: 'de' });
    await page.goto(url('/dashboard/roles', 'demo'));
    await page.getByRole('button', { name: 'Neue Rolle hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Rolle hinzufügen' });
    await expect.poll(() => dialog.getByRole('textbox', { name: /^Rollenname/ }).isVisible()).toBe(true);
    expect(await dialog.getByText('Berechtigungen', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Bestellungen verwalten' }).isVisible()).toBe(true);
    await snap(page, 'team-role-form-de-phone');
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
