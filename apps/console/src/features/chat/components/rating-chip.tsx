import Chip from '@mui/material/Chip';
import StarBorder from '@mui/icons-material/StarBorder';
import { CHAT_RATING_MAX } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';

/** "Rated 4/5": the visitor's satisfaction answer after the chat ended. */
export function RatingChip({ rating, testId }: { rating: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<StarBorder />}
      label={t('chat.rated', { rating, max: CHAT_RATING_MAX })}
      data-testid={testId}
    />
  );
}
