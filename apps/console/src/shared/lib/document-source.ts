import type { DocumentSource } from '@ambassador/contracts';
import type { TFunction } from 'i18next';

/** Where a document answer was read, as one line: "guide.pdf · page 3 · Opening hours · written in English". */
export function sourceText(source: DocumentSource, t: TFunction): string {
  return [
    source.filename,
    source.page !== null ? t('chain.page', { page: source.page }) : null,
    source.heading,
    source.language ? t('chain.written_in', { language: t(`languages.${source.language}`) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
