import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Star from '@mui/icons-material/Star';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { browserTimeZone, dayOf, lastDays } from '@/shared/lib/day-range';
import { formatDateTime } from '@/shared/lib/format-date';
import { useBookmarkedConversations } from '../api/get-conversations';
import { listQuery, type ConversationFilters } from '../lib/filters';

/** The card looks this far back (and so does its "View all"). */
export const BOOKMARK_CARD_DAYS = 90;
export const BOOKMARK_CARD_SIZE = 5;

/**
 * The review, bookmarked only, over the given days. The range is spelled out: the review's own
 * default (7 days) would hide most of what this card shows.
 */
function reviewPath(start: string, end: string): string {
  return `/conversation?${new URLSearchParams({ bookmarked: '1', start, end }).toString()}`;
}

/** Right-bar bookmark card: the selected device's newest bookmarked conversations. */
export function BookmarkCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const deviceId = useAuth().selected_device;
  const range = lastDays(BOOKMARK_CARD_DAYS);
  const filters: ConversationFilters = {
    range,
    deviceIds: deviceId === null ? [] : [deviceId],
    bookmarked: true,
    fallback: false,
    candidate: false,
    categories: [],
    exclude: false,
    answeredBy: null,
    search: '',
    sort: 'datetime',
    order: 'desc',
    page: 0,
    pageSize: BOOKMARK_CARD_SIZE,
  };
  const bookmarks = useBookmarkedConversations(listQuery(filters, browserTimeZone()));
  const rows = bookmarks.data?.rows;

  let body;
  if (bookmarks.isError && !rows) {
    body = (
      <Box role="alert">
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {errorMessage(bookmarks.error, t('errors.unknown'))}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void bookmarks.refetch()}>
          {t('common.retry')}
        </Button>
      </Box>
    );
  } else if (deviceId !== null && !rows) {
    body = [0, 1, 2].map((i) => <Skeleton key={i} height={44} />);
  } else if (!rows || rows.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary" data-testid="bookmark-card-empty">
        {t('conversations.bookmarks.empty')}
      </Typography>
    );
  } else {
    body = (
      <List dense disablePadding aria-label={t('conversations.bookmarks.hint')} sx={{ mx: -1 }}>
        {rows.map((row) => {
          const day = dayOf(new Date(row.datetime));
          return (
            <ListItem key={row.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={reviewPath(day, day)}
                data-testid={`bookmark-card-item-${row.id}`}
                sx={{ borderRadius: 1, display: 'block', py: 0.75 }}
              >
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 500,
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                    overflowWrap: 'anywhere',
                  }}
                  title={row.acquire}
                >
                  {row.acquire}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" noWrap title={row.reply}>
                  {row.reply || t('conversations.bookmarks.no_reply')}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDateTime(row.datetime, language)}
                </Typography>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  }

  return (
    <Card data-testid="right-bar-bookmarks">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Star sx={{ color: 'warning.main' }} />
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{t('conversations.bookmarks.title')}</Typography>
          <Button
            component={RouterLink}
            to={reviewPath(range.start, range.end)}
            size="small"
            data-testid="bookmark-card-all"
          >
            {t('conversations.bookmarks.view_all')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
          {t('conversations.bookmarks.hint')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
