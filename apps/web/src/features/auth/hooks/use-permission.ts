import { can, type TPermission, type TPlatformPermission } from '@tavolo/contracts/permissions';
import { useCurrentUser } from './use-current-user.ts';

/**
 * Whether the signed-in user's role holds `permission` (`x.manage` implies `x.view`): the web app hides what
 * this says no to; the server refuses it anyway. False while nobody is signed in.
 */
export function useCan(permission: TPermission | TPlatformPermission): boolean {
  const { data: user } = useCurrentUser();
  return can(user?.permissions, permission);
}
