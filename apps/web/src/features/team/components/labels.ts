import type { TFunction } from '@tavolo/contracts/translator';

/** System roles are named in the reader's language; a team's own roles keep the name it gave them. */
export function roleLabel(t: TFunction, role: { name: string; is_system: boolean }): string {
  return role.is_system ? t(`team:role_names.${role.name}`, { defaultValue: role.name }) : role.name;
}
