import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { useTranslation } from 'react-i18next';

/** The star of a conversation row: pressed when bookmarked. */
export function BookmarkButton({
  bookmarked,
  pending,
  onToggle,
  testId,
}: {
  bookmarked: boolean;
  /** The last change is still being saved: a second click would race it. */
  pending: boolean;
  onToggle: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const label = bookmarked ? t('conversations.bookmark.remove') : t('conversations.bookmark.add');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          onClick={onToggle}
          disabled={pending}
          aria-label={label}
          aria-pressed={bookmarked}
          data-testid={testId}
          sx={{ color: bookmarked ? 'warning.main' : 'action.active' }}
        >
          {bookmarked ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
