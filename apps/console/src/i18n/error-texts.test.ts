import { ERROR_CODES, RULE_KEYS } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhHans from './zhHans.json';
import zhHant from './zhHant.json';

/**
 * The console shows a failure by its code and a validation rule by its key, never by the server's
 * English: each needs its text in every interface language. The core files hold them (the login
 * page can meet any of them).
 */
const locales = { en, zhHant, zhHans } as Record<string, Record<string, unknown>>;

const text = (tree: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe.each(Object.keys(locales))('%s', (name) => {
  const strings = locales[name]!;
  const missing = (paths: string[][]) =>
    paths.filter((path) => {
      const value = text(strings, path);
      return typeof value !== 'string' || value.trim() === '';
    });

  it('has a text for every error code the server sends', () => {
    expect(missing(ERROR_CODES.map((code) => ['errors', 'codes', code]))).toEqual([]);
  });

  it('has a text for every validation rule of the contracts', () => {
    expect(missing(RULE_KEYS.map((key) => ['rules', key]))).toEqual([]);
  });
});
