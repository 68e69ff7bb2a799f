/**
 * The permission catalogue: the one list the server enforces and the web app uses to hide what a role may not do.
 * Grouped for the role editor; `view` is implied by `manage` where both exist.
 */
export const PERMISSION_GROUPS = {
  dashboard: ['dashboard.view'],
  orders: ['orders.view', 'orders.manage'],
  reservations: ['reservations.view', 'reservations.manage'],
  requests: ['requests.view', 'requests.manage'],
  customers: ['customers.view', 'customers.manage'],
  menu: ['menu.view', 'menu.manage'],
  content: ['content.manage', 'bulletin.manage'],
  appearance: ['appearance.manage'],
  settings: ['settings.manage', 'email_settings.manage'],
  team: ['users.manage', 'roles.manage'],
} as const;

export type TPermission = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS][number];
export const PERMISSIONS = Object.values(PERMISSION_GROUPS).flat() as TPermission[];

export const DEFAULT_ROLE_NAMES = ['admin', 'manager', 'staff'] as const;
export type TDefaultRoleName = (typeof DEFAULT_ROLE_NAMES)[number];

/** SPEC §1: admin has everything; manager runs orders, reservations and menu but not settings or the team; staff may look. */
export const DEFAULT_ROLES: Record<TDefaultRoleName, readonly TPermission[]> = {
  admin: PERMISSIONS,
  manager: [
    'dashboard.view',
    'orders.view',
    'orders.manage',
    'reservations.view',
    'reservations.manage',
    'requests.view',
    'requests.manage',
    'customers.view',
    'menu.view',
    'menu.manage',
    'content.manage',
    'bulletin.manage',
  ],
  staff: ['dashboard.view', 'orders.view', 'reservations.view'],
};

/**
 * The platform operators' catalogue (main domain). A separate list: a restaurant's role can never hold one of
 * these, and an operator's role never a restaurant permission.
 */
export const PLATFORM_PERMISSION_GROUPS = {
  overview: ['platform.dashboard.view'],
  restaurants: ['tenants.view', 'tenants.manage', 'tenants.delete'],
  messages: ['platform_messages.manage'],
  team: ['platform_users.manage', 'platform_roles.manage'],
} as const;

export type TPlatformPermission = (typeof PLATFORM_PERMISSION_GROUPS)[keyof typeof PLATFORM_PERMISSION_GROUPS][number];
export const PLATFORM_PERMISSIONS = Object.values(PLATFORM_PERMISSION_GROUPS).flat() as TPlatformPermission[];

export const DEFAULT_PLATFORM_ROLE_NAMES = ['super_user', 'support'] as const;
export type TDefaultPlatformRoleName = (typeof DEFAULT_PLATFORM_ROLE_NAMES)[number];

/** Super users run everything; support staff may look at restaurants and the figures, and change nothing. */
export const DEFAULT_PLATFORM_ROLES: Record<TDefaultPlatformRoleName, readonly TPlatformPermission[]> = {
  super_user: PLATFORM_PERMISSIONS,
  support: ['platform.dashboard.view', 'tenants.view'],
};

/**
 * The permission that makes someone a team administrator: whoever holds it can repair the team, so the last
 * active holder may not lose it (deactivated, deleted, moved to another role, or the role stripped of it).
 */
export const TEAM_ADMIN_PERMISSION = { tenant: 'users.manage', platform: 'platform_users.manage' } as const satisfies {
  tenant: TPermission;
  platform: TPlatformPermission;
};

export function can(granted: readonly string[] | undefined, needed: TPermission | TPlatformPermission): boolean {
  if (!granted) return false;
  if (granted.includes(needed)) return true;
  // `x.manage` implies `x.view`.
  return needed.endsWith('.view') && granted.includes(needed.replace(/\.view$/, '.manage'));
}
