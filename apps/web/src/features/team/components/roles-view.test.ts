import { describe, expect, it } from 'vitest';
import { makeT } from '@tavolo/contracts/translator';
import { translate } from '@tavolo/contracts/i18n';
import de from '../../../locales/de/team.json';
import en from '../../../locales/en/team.json';

describe('deleting a role in use: one user is not "user(s)"', () => {
  it.each([
    ['en', en, ['1 user has this role.', '3 users have this role.'], ['assigned to 1 user.', 'assigned to 3 users.']],
    ['de', de, ['1 Person hat diese Rolle.', '3 Benutzer haben diese Rolle.'], ['1 Person zugewiesen.', '3 Benutzern zugewiesen.']],
  ] as const)('%s: the dialog and the server message', (lng, resources, dialog, server) => {
    const t = makeT((lang, ns) => (lang === lng && ns === 'team' ? resources : undefined), lng, 'team');
    expect([1, 3].map((count) => t('roles.delete_in_use', { count }))).toEqual(dialog.map((start) => expect.stringMatching(new RegExp(`^${start}`))));
    expect([1, 3].map((count) => translate(lng, 'team.errors.role_in_use', { count }))).toEqual(server.map((part) => expect.stringContaining(part)));
  });
});
