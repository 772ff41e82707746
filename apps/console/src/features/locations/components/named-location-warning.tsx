import Alert from '@mui/material/Alert';
import type { Keyword } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useNamedLocations } from '@/features/locations/api/locations-api';

/**
 * On a topic's page: its phrases that name one of the device's places outright. Visitors asking
 * them get the place with its map (the answering chain checks places named outright before topics).
 */
export function NamedLocationWarning({ keywords }: { keywords: readonly Keyword[] | undefined }) {
  const { t } = useTranslation();
  const named = useNamedLocations((keywords ?? []).map((k) => k.text));
  const taken = (named.data ?? []).filter((n) => n.location !== null);
  if (taken.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="topic-named-location">
      {t('topics.named_location.intro')}
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {taken.map((n) => (
          <li key={n.text}>
            {t('topics.named_location.item', { phrase: n.text, location: n.location!.name })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
