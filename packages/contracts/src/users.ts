import { z } from 'zod';
import { LANGUAGES, PAGES } from './access.js';
import { ZLanguage, ZPagePath, ZRoleId } from './access-schemas.js';
import { ZId, ZPaging } from './common.js';
import { ZPassword } from './password.js';
import { rule } from './rules.js';
import { ZBulkSelection } from './undo.js';

export const ZUsername = z
  .string({ error: rule('username_required') })
  .trim()
  .min(1, rule('username_required'))
  .max(64, rule('maximum_characters', { max: 64 }))
  .regex(/^[\p{L}\p{N}._@-]+$/u, rule('username_charset'));

/** A set sent as a list: bounded, and repeated entries kept once. */
const unique = <T>(items: T[]) => [...new Set(items)];
const ZLanguages = z.array(ZLanguage).max(LANGUAGES.length).transform(unique);
const ZPageList = z.array(ZPagePath).max(PAGES.length).transform(unique);

export const ZUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role_id: ZRoleId,
  languages: z.array(ZLanguage),
  page_access: z.array(ZPagePath),
  is_password_expired: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZUsersQuery = ZPaging.extend({ device_id: ZId.optional() });
export const ZUsersResponse = z.array(ZUser);

export const ZCreateUserRequest = z.object({
  device_id: ZId.optional(),
  username: ZUsername,
  password: ZPassword,
  role_id: ZRoleId,
  languages: ZLanguages.default(['english']),
  page_access: ZPageList.default([]),
  /** Ask the new user to choose their own password at first sign-in. */
  is_password_expired: z.boolean().default(true),
});
export type CreateUserRequest = z.input<typeof ZCreateUserRequest>;

/**
 * Any subset of fields. `old_password` is required when users change their own password;
 * it is the only change a user whose password has expired may make.
 */
export const ZUpdateUserRequest = z.object({
  device_id: ZId.optional(),
  user_id: ZId,
  username: ZUsername.optional(),
  role_id: ZRoleId.optional(),
  password: ZPassword.optional(),
  old_password: z.string().max(256).optional(),
  languages: ZLanguages.optional(),
  page_access: ZPageList.optional(),
  is_password_expired: z.boolean().optional(),
});
export type UpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

export const ZDeleteUserRequest = z.object({ device_id: ZId.optional(), user_id: ZId });
export type DeleteUserRequest = z.input<typeof ZDeleteUserRequest>;
/** Bulk delete of the project's users: picked ones, or all of them (the list has no filter). */
export const ZUsersBulkRequest = z.object({
  action: z.enum(['delete']),
  selection: ZBulkSelection(z.object({})),
});
export type UsersBulkRequest = z.input<typeof ZUsersBulkRequest>;
