import type { RoleId } from '@ambassador/contracts';

/** i18n key of each role's name, by role id (3 admin, 1 user, 2 service). */
export const ROLE_KEYS = {
  3: 'roles.admin',
  1: 'roles.user',
  2: 'roles.service',
} as const satisfies Record<RoleId, string>;
