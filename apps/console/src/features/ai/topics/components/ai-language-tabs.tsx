import type { Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useSelectedDeviceLanguages } from '@/shared/auth/use-selected-device-languages';
import { LanguageTabs } from '@/shared/ui/language-tabs';

/**
 * Content-language tabs of a topic: the selected device's languages first, the others behind
 * "More" unless they already have keywords or responses; how many keywords each has.
 */
export function AiLanguageTabs({
  value,
  onChange,
  counts,
  filled,
  testIdPrefix,
}: {
  value: Language;
  onChange: (language: Language) => void;
  counts?: Partial<Record<Language, number>>;
  /** Languages with content (keywords or responses): they always show. */
  filled?: readonly Language[];
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const preferred = useSelectedDeviceLanguages();
  return (
    <LanguageTabs
      value={value}
      onChange={onChange}
      preferred={preferred}
      filled={filled}
      counts={counts}
      testIdPrefix={testIdPrefix}
      ariaLabel={t('topics.page.content_language')}
    />
  );
}

/** How many items each language has. */
export function countByLanguage(items: readonly { language: Language }[]): Partial<Record<Language, number>> {
  const counts: Partial<Record<Language, number>> = {};
  for (const item of items) counts[item.language] = (counts[item.language] ?? 0) + 1;
  return counts;
}
