import { z } from 'zod';
import { ZLanguage, ZPagePath, ZRoleId } from './access-schemas.js';
import { rule } from './rules.js';

export const ZLoginRequest = z.object({
  username: z
    .string({ error: rule('username_required') })
    .trim()
    .min(1, rule('username_required'))
    .max(64),
  password: z
    .string({ error: rule('password_required') })
    .min(1, rule('password_required'))
    .max(256),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZPageAccess = z.union([z.literal('all'), z.array(ZPagePath)]);

export const ZLoginResponse = z.object({
  access_token: z.string(),
  auth_project_id: z.number().int(),
  page_access: ZPageAccess,
  project_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  role_id: ZRoleId,
  is_password_expired: z.boolean(),
  languages: z.array(ZLanguage),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLogoutRequest = z.object({
  access_token: z.string().min(1, rule('access_token_required')).max(512),
});
export type LogoutRequest = z.infer<typeof ZLogoutRequest>;
