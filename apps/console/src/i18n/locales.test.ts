import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhHans from './zhHans.json';
import zhHant from './zhHant.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}

/** Every feature pack, by language (file `<pack>.<language>.json`). */
const packFiles = import.meta.glob<Tree>('./packs/*.json', { eager: true, import: 'default' });
const packsOf = (language: string) =>
  Object.entries(packFiles)
    .filter(([file]) => file.endsWith(`.${language}.json`))
    .map(([, strings]) => strings);

/**
 * A language's strings as the app has them once every feature pack has loaded (deep-merged, as
 * i18next merges them). A pack may add keys to a core section (the shell pack adds error texts), but
 * never the same key twice: which text would show would depend on the order packs load.
 */
function withPacks(core: Tree, packs: Tree[]): Tree {
  const merge = (into: Tree, from: Tree, path: string) => {
    for (const [key, value] of Object.entries(from)) {
      const at = path ? `${path}.${key}` : key;
      const there = into[key];
      if (there === undefined) into[key] = typeof value === 'string' ? value : merge({}, value, at);
      else if (typeof there === 'string' || typeof value === 'string')
        throw new Error(`${at} is in two files`);
      else merge(there, value, at);
    }
    return into;
  };
  const merged = merge({}, core, '');
  for (const pack of packs) merge(merged, pack, '');
  return merged;
}

const locales = {
  en: withPacks(en, packsOf('en')),
  zhHant: withPacks(zhHant, packsOf('zhHant')),
  zhHans: withPacks(zhHans, packsOf('zhHans')),
} as Record<string, Tree>;
const flat = Object.fromEntries(Object.entries(locales).map(([name, tree]) => [name, flatten(tree)]));
const enKeys = [...(flat.en ?? new Map()).keys()].sort();

describe('locale files', () => {
  it('English has keys', () => {
    expect(enKeys.length).toBeGreaterThan(50);
  });

  for (const name of ['zhHant', 'zhHans']) {
    it(`${name} has exactly the keys of en`, () => {
      const keys = [...(flat[name] ?? new Map()).keys()].sort();
      expect(keys.filter((k) => !enKeys.includes(k))).toEqual([]);
      expect(enKeys.filter((k) => !keys.includes(k))).toEqual([]);
    });

    it(`${name} keeps the {{placeholders}} of en`, () => {
      const mismatched = enKeys.filter(
        (key) =>
          placeholders(flat.en?.get(key) ?? '').join() !== placeholders(flat[name]?.get(key) ?? '').join(),
      );
      expect(mismatched).toEqual([]);
    });
  }

  for (const name of Object.keys(locales)) {
    it(`${name} has no empty texts`, () => {
      const empty = [...(flat[name] ?? new Map()).entries()]
        .filter(([, v]) => v.trim() === '')
        .map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }

  it('the Chinese packs are translated, not copies of English', () => {
    for (const name of ['zhHant', 'zhHans']) {
      const same = enKeys.filter(
        (k) => flat[name]?.get(k) === flat.en?.get(k) && /[a-z]{3,}/i.test(flat.en?.get(k) ?? ''),
      );
      // Only the product name stays in English.
      expect(same).toEqual(['app.name']);
    }
  });

  it('Traditional and Simplified differ where the scripts differ', () => {
    expect(flat.zhHant?.get('nav.dashboard')).toBe('儀表板');
    expect(flat.zhHans?.get('nav.dashboard')).toBe('仪表板');
    expect(flat.zhHant?.get('login.submit')).toBe('登入');
    expect(flat.zhHans?.get('login.submit')).toBe('登录');
  });
});
