import 'i18next';
import type en from './en.json';
import type aiEn from './packs/ai.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof aiEn };
  }
}
