import { ERROR_CODES, RULE_KEYS } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import shellEn from './packs/shell.en.json';
import shellZhHans from './packs/shell.zhHans.json';
import shellZhHant from './packs/shell.zhHant.json';
import zhHans from './zhHans.json';
import zhHant from './zhHant.json';

/**
 * The console shows a failure by its code and a validation rule by its key, never by the server's
 * English: each needs its text in every interface language. The core files hold what the login page
 * can meet; the shell's pack (loaded with the signed-in frame) holds the rest.
 */
type Strings = Record<string, unknown>;
const locales: Record<string, { core: Strings; shell: Strings }> = {
  en: { core: en, shell: shellEn },
  zhHant: { core: zhHant, shell: shellZhHant },
  zhHans: { core: zhHans, shell: shellZhHans },
};

/** What a sign-in (the form, the session check, a forced password change) can answer with. */
const SIGN_IN_CODES = [
  'validation_error',
  'bad_request',
  'unauthorized',
  'forbidden',
  'too_many_requests',
  'internal_error',
  'overloaded',
  'draining',
  'unavailable',
  'invalid_credentials',
  'locked_out',
  'session_expired',
  'password_expired',
  'wrong_password',
  'password_reused',
] as const;
const SIGN_IN_RULES = ['username_required', 'password_required', 'password_uppercase', 'password_symbol'];

const text = (tree: Strings, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Strings | undefined)?.[key], tree);
const missingIn = (trees: Strings[], paths: string[][]) =>
  paths.filter((path) =>
    trees.every((tree) => {
      const value = text(tree, path);
      return typeof value !== 'string' || value.trim() === '';
    }),
  );

describe.each(Object.keys(locales))('%s', (name) => {
  const { core, shell } = locales[name]!;

  it('has a text for every error code the server sends', () => {
    expect(
      missingIn(
        [core, shell],
        ERROR_CODES.map((code) => ['errors', 'codes', code]),
      ),
    ).toEqual([]);
  });

  it('has a text for every validation rule of the contracts', () => {
    expect(
      missingIn(
        [core, shell],
        RULE_KEYS.map((key) => ['rules', key]),
      ),
    ).toEqual([]);
  });

  it('has the texts a sign-in can meet in the file that loads with the login page', () => {
    expect(
      missingIn(
        [core],
        SIGN_IN_CODES.map((code) => ['errors', 'codes', code]),
      ),
    ).toEqual([]);
    expect(
      missingIn(
        [core],
        SIGN_IN_RULES.map((key) => ['rules', key]),
      ),
    ).toEqual([]);
  });
});
