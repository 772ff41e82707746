import { z } from 'zod';
import { LANGUAGES, PAGES } from './access.js';
import { rule } from './rules.js';

export const ZRoleId = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: rule('role_required'),
});
export const ZPagePath = z.enum(PAGES);
export const ZLanguage = z.enum(LANGUAGES);
