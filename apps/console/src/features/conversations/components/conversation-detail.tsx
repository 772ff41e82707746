import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbUp from '@mui/icons-material/ThumbUp';
import type { Conversation } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';
import { formatDateTime } from '@/shared/lib/format-date';
import { sourceText } from '@/shared/lib/document-source';
import { ChainSteps } from '@/shared/ui/answer-steps';
import { useConversationSession } from '../api/get-session';
import { formatResponseTime, formatScore } from '../lib/format';
import { TeachCandidateButton, canTeach } from './teach-candidate-button';

export type ConversationDetailProps = {
  /** The conversation shown; null closes the panel. */
  conversation: Conversation | null;
  onClose: () => void;
  /** Another question of the same visit was chosen. */
  onShow: (conversation: Conversation) => void;
  bookmarkPending: boolean;
  onToggleBookmark: (conversation: Conversation) => void;
  onTrain: (conversation: Conversation) => void;
  /** Why Train is not offered (no access to AI Configuration), if it is not. */
  trainDisabledReason?: string;
};

/** Panel width on a tablet or desktop; under 600 px the panel is a full-screen dialog. */
export const DETAIL_WIDTH = 440;

/**
 * A conversation in full: question and answer, how it was matched, the visitor's rating, the
 * other questions of the same visit, and Bookmark and Train. A drawer on the right, or a
 * full-screen dialog on a phone.
 */
export function ConversationDetail(props: ConversationDetailProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { conversation, onClose } = props;
  const open = conversation !== null;
  const content = conversation && <DetailContent {...props} conversation={conversation} />;
  return phone ? (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby="conversation-detail-title"
      // The theme leaves room under dialogs (the snackbar's); a full-screen one takes it all.
      slotProps={{ paper: { sx: { m: 0, maxHeight: 'none' } } }}
    >
      {content}
    </Dialog>
  ) : (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Over the top bar too, like a dialog: the panel is the full height of the window.
      sx={{ zIndex: (t) => t.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: DETAIL_WIDTH, maxWidth: '100vw' },
          role: 'dialog',
          'aria-labelledby': 'conversation-detail-title',
        } as object,
      }}
    >
      {content}
    </Drawer>
  );
}

function DetailContent({
  conversation: shown,
  onClose,
  onShow,
  bookmarkPending,
  onToggleBookmark,
  onTrain,
  trainDisabledReason,
}: ConversationDetailProps & { conversation: Conversation }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const session = useConversationSession(shown);
  // The visit's copy is patched by bookmark and train like the table's: the freshest either way.
  const row = session.data?.rows.find((r) => r.id === shown.id) ?? shown;
  const bookmarkLabel = row.bookmarked ? t('conversations.bookmark.remove') : t('conversations.bookmark.add');
  // Another question of the visit was chosen: the button that was pressed is gone, so focus
  // goes to the panel's body (keyboard users read on from there, Escape still closes).
  const body = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    body.current?.focus();
  }, [row.id]);

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="conversation-detail"
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="conversation-detail-title" variant="h6" component="h2">
            {t('conversations.detail.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="conversation-detail-when">
            {formatDateTime(row.datetime, language)} · {row.device_name}
          </Typography>
        </Box>
        <IconButton
          onClick={onClose}
          aria-label={t('conversations.detail.close')}
          data-testid="conversation-detail-close"
        >
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box
        ref={body}
        tabIndex={-1}
        sx={{
          flex: 1,
          overflowY: 'auto',
          px: 2.5,
          py: 2,
          display: 'grid',
          gap: 2,
          alignContent: 'start',
          outline: 'none',
        }}
      >
        <Section label={t('conversations.detail.question')}>
          <Typography sx={textSx} data-testid="conversation-detail-question">
            {row.acquire}
          </Typography>
        </Section>
        <Section label={t('conversations.detail.answer')}>
          <Typography sx={textSx} data-testid="conversation-detail-answer">
            {row.reply || '—'}
          </Typography>
        </Section>

        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 1,
            alignItems: 'center',
          }}
        >
          <Field label={t('conversations.detail.topic')}>
            <Box data-testid="conversation-detail-topic">
              {row.intent_identified ?? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {t('conversations.detail.no_topic')}
                </Typography>
              )}
            </Box>
            {row.trained_intent && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<SchoolOutlined />}
                label={t('conversations.train.trained_to', { name: row.trained_intent.name })}
                data-testid="conversation-detail-trained"
                sx={{ mt: 0.5, maxWidth: '100%' }}
              />
            )}
          </Field>
          {row.status === 'fallback' && row.candidate && (
            <Field label={t('conversations.candidate.field')}>
              <span data-testid="conversation-detail-candidate">
                {row.score === null
                  ? row.candidate.name
                  : t('conversations.candidate.field_value', {
                      name: row.candidate.name,
                      score: formatScore(row.score, language),
                    })}
              </span>
            </Field>
          )}
          {row.source && (
            <Field label={t('conversations.detail.source')}>
              <span data-testid="conversation-detail-source">{sourceText(row.source, t)}</span>
            </Field>
          )}
          <Field label={t('conversations.columns.category')}>{row.category ?? '—'}</Field>
          <Field label={t('conversations.columns.score')}>
            <span data-testid="conversation-detail-score">{formatScore(row.score, language)}</span>
          </Field>
          <Field label={t('conversations.columns.status')}>
            <Chip
              size="small"
              variant="outlined"
              color={row.status === 'fallback' || row.status === 'declined' ? 'warning' : 'success'}
              label={t(`conversations.status.${row.status}`)}
              data-testid="conversation-detail-status"
            />
          </Field>
          <Field label={t('conversations.columns.rating')}>
            <Box
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              data-testid="conversation-detail-rating"
            >
              {row.rating === 1 && <ThumbUp fontSize="small" color="success" />}
              {row.rating === -1 && <ThumbDown fontSize="small" color="error" />}
              {row.rating === null
                ? t('conversations.detail.no_rating')
                : row.rating === 1
                  ? t('conversations.rating.up')
                  : t('conversations.rating.down')}
            </Box>
          </Field>
          <Field label={t('conversations.detail.comment')}>
            <Box sx={textSx} data-testid="conversation-detail-comment">
              {row.comment.trim() || (
                <Typography component="span" variant="body2" color="text.secondary">
                  {t('conversations.detail.no_comment')}
                </Typography>
              )}
            </Box>
          </Field>
          <Field label={t('conversations.columns.response_time')}>
            {formatResponseTime(row.response_time, language)}
          </Field>
          <Field label={t('conversations.detail.device')}>{row.device_name}</Field>
        </Box>

        {row.steps && row.steps.length > 0 && (
          <ChainSteps steps={row.steps} open={row.status === 'fallback'} />
        )}

        <Section label={t('conversations.detail.session')} hint={t('conversations.detail.session_hint')}>
          <SessionList
            current={row}
            rows={session.data?.rows}
            failed={session.isError}
            language={language}
            onShow={onShow}
          />
        </Section>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', px: 2.5, py: 1.5 }}>
        <Button
          variant="outlined"
          onClick={() => onToggleBookmark(row)}
          disabled={bookmarkPending}
          aria-pressed={row.bookmarked}
          startIcon={row.bookmarked ? <Star sx={{ color: 'warning.main' }} /> : <StarBorder />}
          data-testid="conversation-detail-bookmark"
        >
          {bookmarkLabel}
        </Button>
        {canTeach(row) && (
          <TeachCandidateButton
            row={row}
            disabledReason={trainDisabledReason}
            testId="conversation-detail-teach"
          />
        )}
        <Tooltip title={trainDisabledReason ?? ''}>
          <span>
            <Button
              variant={canTeach(row) ? 'outlined' : 'contained'}
              onClick={() => onTrain(row)}
              disabled={Boolean(trainDisabledReason)}
              startIcon={<SchoolOutlined />}
              data-testid="conversation-detail-train"
            >
              {t('conversations.train.action')}
            </Button>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}

const textSx = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function Section({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, typography: 'body2' }}>
        {children}
      </Box>
    </>
  );
}

function SessionList({
  current,
  rows,
  failed,
  language,
  onShow,
}: {
  current: Conversation;
  rows: Conversation[] | undefined;
  failed: boolean;
  language: string;
  onShow: (conversation: Conversation) => void;
}) {
  const { t } = useTranslation();
  if (failed) return <Alert severity="warning">{t('conversations.detail.session_failed')}</Alert>;
  if (!rows) return <Skeleton variant="rounded" height={72} />;
  if (rows.length <= 1) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="conversation-detail-session-alone">
        {t('conversations.detail.session_alone')}
      </Typography>
    );
  }
  const time = new Intl.DateTimeFormat(isUiLanguage(language) ? UI_LANGUAGE_TAGS[language] : 'en', {
    timeStyle: 'short',
  });
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
      data-testid="conversation-detail-session"
    >
      {rows.map((row, index) => {
        const here = row.id === current.id;
        const body = (
          <>
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {index + 1}. {time.format(new Date(row.datetime))}
              {here && ` · ${t('conversations.detail.this_question')}`}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.acquire}
            </Typography>
          </>
        );
        return (
          <Box
            component="li"
            key={row.id}
            data-testid={`conversation-detail-session-${row.id}`}
            aria-current={here || undefined}
          >
            {here ? (
              <Box
                sx={{
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  bgcolor: 'action.selected',
                  borderLeft: 3,
                  borderColor: 'primary.main',
                }}
              >
                {body}
              </Box>
            ) : (
              <Box
                component="button"
                type="button"
                onClick={() => onShow(row)}
                sx={{
                  display: 'block',
                  position: 'relative',
                  width: '100%',
                  textAlign: 'left',
                  font: 'inherit',
                  color: 'inherit',
                  bgcolor: 'transparent',
                  border: 0,
                  borderLeft: 3,
                  borderColor: 'transparent',
                  borderRadius: 1,
                  px: 1.5,
                  py: 1,
                  cursor: 'pointer',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
                }}
              >
                {/* Said before what is shown, so the button's name still holds its visible text. */}
                <Box component="span" sx={visuallyHidden}>
                  {`${t('conversations.detail.show')}: `}
                </Box>
                {body}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
