import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhHans from './zhHans.json';
import zhHant from './zhHant.json';
import aiEn from './packs/ai.en.json';
import aiZhHans from './packs/ai.zhHans.json';
import aiZhHant from './packs/ai.zhHant.json';
import conversationsEn from './packs/conversations.en.json';
import conversationsZhHans from './packs/conversations.zhHans.json';
import conversationsZhHant from './packs/conversations.zhHant.json';
import dashboardEn from './packs/dashboard.en.json';
import dashboardZhHans from './packs/dashboard.zhHans.json';
import dashboardZhHant from './packs/dashboard.zhHant.json';
import devicesEn from './packs/devices.en.json';
import devicesZhHans from './packs/devices.zhHans.json';
import devicesZhHant from './packs/devices.zhHant.json';
import callsEn from './packs/calls.en.json';
import callsZhHans from './packs/calls.zhHans.json';
import callsZhHant from './packs/calls.zhHant.json';
import chatEn from './packs/chat.en.json';
import chatZhHans from './packs/chat.zhHans.json';
import chatZhHant from './packs/chat.zhHant.json';
import pushEn from './packs/push.en.json';
import pushZhHans from './packs/push.zhHans.json';
import pushZhHant from './packs/push.zhHant.json';
import interfaceEn from './packs/interface.en.json';
import interfaceZhHans from './packs/interface.zhHans.json';
import interfaceZhHant from './packs/interface.zhHant.json';
import eventsEn from './packs/events.en.json';
import eventsZhHans from './packs/events.zhHans.json';
import eventsZhHant from './packs/events.zhHant.json';
import mrcEn from './packs/mrc.en.json';
import mrcZhHans from './packs/mrc.zhHans.json';
import mrcZhHant from './packs/mrc.zhHant.json';
import smallTalkEn from './packs/small-talk.en.json';
import smallTalkZhHans from './packs/small-talk.zhHans.json';
import smallTalkZhHant from './packs/small-talk.zhHant.json';

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

/** A language's strings as the app has them once every feature pack has loaded. */
function withPacks(core: Tree, ...packs: Tree[]): Tree {
  const merged: Tree = { ...core };
  for (const pack of packs) {
    for (const [key, value] of Object.entries(pack)) {
      // A pack adds whole sections; it never overrides a core one.
      if (key in merged) throw new Error(`pack section ${key} is also in the core file`);
      merged[key] = value;
    }
  }
  return merged;
}

const locales = {
  en: withPacks(
    en,
    aiEn,
    dashboardEn,
    conversationsEn,
    devicesEn,
    callsEn,
    chatEn,
    pushEn,
    interfaceEn,
    eventsEn,
    mrcEn,
    smallTalkEn,
  ),
  zhHant: withPacks(
    zhHant,
    aiZhHant,
    dashboardZhHant,
    conversationsZhHant,
    devicesZhHant,
    callsZhHant,
    chatZhHant,
    pushZhHant,
    interfaceZhHant,
    eventsZhHant,
    mrcZhHant,
    smallTalkZhHant,
  ),
  zhHans: withPacks(
    zhHans,
    aiZhHans,
    dashboardZhHans,
    conversationsZhHans,
    devicesZhHans,
    callsZhHans,
    chatZhHans,
    pushZhHans,
    interfaceZhHans,
    eventsZhHans,
    mrcZhHans,
    smallTalkZhHans,
  ),
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
