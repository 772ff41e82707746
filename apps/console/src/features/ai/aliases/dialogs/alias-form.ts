import { ZAliasText } from '@ambassador/contracts';

export type AliasAddResult =
  { ok: true; aliases: string[] } | { ok: false; reason: 'empty' | 'comma' | 'too_long' | 'duplicate' };

export const ALIAS_MAX_LENGTH = 80;
export const ALIAS_MAX_COUNT = 50;

/**
 * Adds one alias to a list, with the contracts' rule: not empty, at most 80 characters, no comma
 * (the aliases of a keyword are stored comma-separated), and not already in the list (any case).
 */
export function addAliasTo(aliases: readonly string[], text: string): AliasAddResult {
  const alias = text.trim();
  if (alias === '') return { ok: false, reason: 'empty' };
  if (alias.includes(',')) return { ok: false, reason: 'comma' };
  const parsed = ZAliasText.safeParse(alias);
  if (!parsed.success) return { ok: false, reason: 'too_long' };
  const folded = alias.toLowerCase();
  if (aliases.some((existing) => existing.toLowerCase() === folded))
    return { ok: false, reason: 'duplicate' };
  return { ok: true, aliases: [...aliases, alias] };
}
