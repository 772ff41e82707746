import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import { canOpen, type FaqItem } from '@ambassador/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/shared/auth/auth-store';
import { formatCount } from '../lib/format';
import { reviewPath } from '../lib/review-link';
import { SectionError } from './section-error';

export type FaqCardProps = {
  items: FaqItem[] | undefined;
  /** The days shown (first and last), so a count opens the same days' questions. */
  range?: { start: string; end: string };
  stale?: boolean;
  error?: string | null;
  onRetry?: () => void;
};

/** Conversation Review showing what this entry answered in the range, on the selected device. */
const questionsOf = (item: FaqItem, range: { start: string; end: string }, deviceId: number | null) =>
  reviewPath(range, deviceId, {
    kind: item.kind === 'location' ? 'location' : 'topic',
    id: item.intent_id,
    name: item.intent_name,
  });

function FaqRow({
  item,
  rank,
  max,
  linkable,
  questions,
}: {
  item: FaqItem;
  rank: number;
  max: number;
  linkable: boolean;
  /** Where its count leads: the questions it answered (for those who may open Conversation Review). */
  questions: string | null;
}) {
  const { t, i18n } = useTranslation();
  const name = (
    <Typography component="span" noWrap title={item.intent_name} sx={{ fontWeight: 500, fontSize: 14 }}>
      {item.intent_name}
    </Typography>
  );
  return (
    <Box
      component="li"
      data-testid={`faq-item-${rank}`}
      sx={{ display: 'grid', gridTemplateColumns: '28px minmax(0, 1fr) auto', columnGap: 1, py: 0.75 }}
    >
      <Typography
        color="text.secondary"
        sx={{ fontWeight: 600, fontSize: 14, fontVariantNumeric: 'tabular-nums' }}
        aria-label={t('dashboard.faq.rank', { rank })}
      >
        {rank}
      </Typography>
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* A location answering "where is …" is listed like a topic; only a topic has a detail page here. */}
        {linkable && item.kind !== 'location' ? (
          <Link
            component={RouterLink}
            to={`/ai/keyword/question/${item.intent_id}`}
            underline="hover"
            color="inherit"
            sx={{ minWidth: 0, display: 'flex' }}
          >
            {name}
          </Link>
        ) : (
          name
        )}
        <Typography variant="caption" color="text.secondary" noWrap>
          {item.category ?? t('dashboard.faq.no_category')}
        </Typography>
      </Box>
      {questions ? (
        // Drill-down: the count opens the questions behind it. Its name starts with the figure
        // shown, so it can be said as seen (WCAG 2.5.3).
        <Link
          component={RouterLink}
          to={questions}
          underline="hover"
          aria-label={t('dashboard.faq.open_questions', {
            times: formatCount(item.count, i18n.resolvedLanguage),
            name: item.intent_name,
          })}
          data-testid={`faq-questions-${rank}`}
          sx={{ fontWeight: 600, fontSize: 14, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
        >
          {formatCount(item.count, i18n.resolvedLanguage)}
        </Link>
      ) : (
        <Typography
          sx={{ fontWeight: 600, fontSize: 14, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
          aria-label={t('dashboard.faq.times', { times: formatCount(item.count, i18n.resolvedLanguage) })}
        >
          {formatCount(item.count, i18n.resolvedLanguage)}
        </Typography>
      )}
      <LinearProgress
        variant="determinate"
        value={max > 0 ? (item.count / max) * 100 : 0}
        aria-hidden
        sx={{ gridColumn: '2 / 4', mt: 0.5, height: 6, borderRadius: 3, bgcolor: 'action.hover' }}
      />
    </Box>
  );
}

/** Top 10 FAQ: the topics asked most in the range, with a bar relative to the first. */
/** Memoised, like the stat cards: it re-renders when its own query answers, not the others. */
export const FaqCard = memo(function FaqCard({ items, range, stale = false, error, onRetry }: FaqCardProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  // A topic name opens its page only for those who may open AI Configuration.
  const linkable = canOpen(auth.page_access, '/ai');
  const reviewable = range !== undefined && canOpen(auth.page_access, '/conversation');
  const max = Math.max(0, ...(items ?? []).map((item) => item.count));

  let body;
  if (error && !items) {
    body = <SectionError message={error} onRetry={onRetry} />;
  } else if (!items) {
    body = Array.from({ length: 5 }, (_, index) => <Skeleton key={index} height={44} />);
  } else if (items.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="faq-empty">
        {t('dashboard.faq.empty')}
      </Typography>
    );
  } else {
    body = (
      <Box
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0, opacity: stale ? 0.55 : 1, transition: 'opacity 150ms' }}
        aria-label={t('dashboard.faq.title')}
      >
        {items.map((item, index) => (
          <FaqRow
            key={`${item.kind ?? 'topic'}-${item.intent_id}`}
            item={item}
            rank={index + 1}
            questions={reviewable ? questionsOf(item, range, auth.selected_device) : null}
            max={max}
            linkable={linkable}
          />
        ))}
      </Box>
    );
  }

  return (
    <Card data-testid="dashboard-faq" aria-busy={!items || stale}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <QuizOutlined color="primary" />
          <Typography component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.faq.title')}
          </Typography>
        </Box>
        {body}
      </CardContent>
    </Card>
  );
});
