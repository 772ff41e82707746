import i18n from './i18n';
import aiEn from './packs/ai.en.json';
import aiZhHans from './packs/ai.zhHans.json';
import aiZhHant from './packs/ai.zhHant.json';

// What `loadStringPack('ai')` adds at run time, here at once for every test.
for (const [language, strings] of [
  ['en', aiEn],
  ['zhHant', aiZhHant],
  ['zhHans', aiZhHans],
] as const) {
  i18n.addResourceBundle(language, 'translation', strings, true, false);
}
