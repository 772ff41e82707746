import type { PagePath } from '@ambassador/contracts';

/** 'setting' for '/setting': the suffix of i18n keys and test ids of a top-level page. */
export type PageSegment = PagePath extends `/${infer S}` ? S : never;

export function segmentOf(page: PagePath): PageSegment {
  return page.slice(1) as PageSegment;
}
