import type { Language } from '@ambassador/contracts';
import { cantonese } from './languages/cantonese';
import { chinese } from './languages/chinese';
import { english, type Strings } from './languages/english';
import { german } from './languages/german';
import { japanese } from './languages/japanese';
import { korean } from './languages/korean';
import { mandarin } from './languages/mandarin';
import { portuguese } from './languages/portuguese';

/** What a visitor reads, by language: one file a language in languages/ (English sets the keys). */
export type { StringKey, Strings } from './languages/english';

export const STRINGS: Record<Language, Strings> = {
  english,
  chinese,
  cantonese,
  mandarin,
  japanese,
  korean,
  portuguese,
  german,
};

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
