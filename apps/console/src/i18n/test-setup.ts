import i18n from './i18n';

// What `loadStringPack(...)` adds at run time, here at once for every test: every pack in every language.
const packs = import.meta.glob<Record<string, unknown>>('./packs/*.json', { eager: true, import: 'default' });
for (const [file, strings] of Object.entries(packs)) {
  const language = /\.(\w+)\.json$/.exec(file)?.[1];
  if (language) i18n.addResourceBundle(language, 'translation', strings, true, false);
}
