import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { canOpen } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { loadStringPack } from '@/i18n/i18n';
import { useAuth } from '@/shared/auth/auth-store';

/** The alias card belongs to the AI feature: its own chunk, loaded with the right bar. */
const AliasCard = lazy(async () => ({
  // The AI screens' strings come with it (a pack of their own, not in the login bundle).
  default: (
    await Promise.all([import('@/features/ai/aliases/components/alias-card'), loadStringPack('ai')])
  )[0].AliasCard,
}));

/** The bookmark card belongs to Conversation Review: its own chunk, with that screen's strings. */
const BookmarkCard = lazy(async () => ({
  default: (
    await Promise.all([
      import('@/features/conversations/components/bookmark-card'),
      loadStringPack('conversations'),
    ])
  )[0].BookmarkCard,
}));

function AliasCardLoading() {
  return (
    <Card data-testid="right-bar-alias">
      <CardContent>
        <Skeleton width="40%" />
        <Skeleton height={48} />
      </CardContent>
    </Card>
  );
}

function BookmarkCardLoading() {
  const { t } = useTranslation();
  return (
    <Card data-testid="right-bar-bookmarks">
      <CardContent>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('right_bar.bookmarks_title')}</Typography>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </CardContent>
    </Card>
  );
}

/** The right bar's alias and bookmark cards, each only for those who may open its page. */
export function RightBarContent({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  // Aliases are AI data: only for those who may open AI Configuration.
  const showAliases = canOpen(auth.page_access, '/ai');
  // Bookmarks are conversations: only for those who may open Conversation Review.
  const showBookmarks = canOpen(auth.page_access, '/conversation');
  return (
    <Box
      component="aside"
      aria-label={t('right_bar.title')}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
      data-testid="right-bar"
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="h2" sx={{ flex: 1, fontSize: '1rem' }}>
          {t('right_bar.title')}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('right_bar.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {showAliases && (
        <Suspense fallback={<AliasCardLoading />}>
          <AliasCard />
        </Suspense>
      )}
      {showBookmarks && (
        <Suspense fallback={<BookmarkCardLoading />}>
          <BookmarkCard />
        </Suspense>
      )}
    </Box>
  );
}
