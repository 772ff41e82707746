import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import {
  ANSWER_CONFIDENCE_MAX,
  ANSWER_CONFIDENCE_MIN,
  CONFIDENCE_PREVIEW_DAYS,
  type AiSettings,
  type ConfidencePreview,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGE_TAGS, isUiLanguage } from '@/i18n/languages';
import { errorMessage } from '@/shared/api/api-error';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useConfidencePreview } from '../api/get-confidence-preview';
import { useUpdateAnswerConfidence } from '../api/update-answer-confidence';
import { formatPercent } from '@/shared/lib/percent';
import { fromPercent, signed, toPercent } from '../lib/confidence';
import { useQuitGuard } from '@/shared/ui/quit-editing-dialog';
import { Spinner } from '@/shared/ui/spinner';

/** The preview is asked once the slider has rested this long (each call re-asks the recent questions). */
export const PREVIEW_DEBOUNCE_MS = 300;
/** Changed questions listed; the rest are counted. */
export const PREVIEW_LIST = 20;

export type AnswerConfidenceDialogProps = {
  open: boolean;
  deviceId: number;
  settings: AiSettings;
  onClose: () => void;
};

/**
 * Answer confidence: a slider over 5–95 %, and what the value would have done to the device's
 * recent questions (answered / fallback now and at the value, and the questions that change).
 * Save stores the value; Reset to default forgets the device's own. Mount with a fresh `key`.
 */
export function AnswerConfidenceDialog({ open, deviceId, settings, onClose }: AnswerConfidenceDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const tag = isUiLanguage(language) ? UI_LANGUAGE_TAGS[language] : 'en';
  const saved = settings.answer_confidence ?? settings.default_answer_confidence;
  const [percent, setPercent] = useState(toPercent(saved));
  const asked = useDebouncedValue(percent, PREVIEW_DEBOUNCE_MS);
  const preview = useConfidencePreview(deviceId, fromPercent(asked), PREVIEW_LIST, open);
  const update = useUpdateAnswerConfidence();
  const [pending, setPending] = useState<'save' | 'reset' | null>(null);
  const defaultPercent = toPercent(settings.default_answer_confidence);
  const unchanged = percent === toPercent(saved);
  const guard = useQuitGuard(!unchanged, onClose);

  const run = async (value: number | null) => {
    if (pending) return;
    setPending(value === null ? 'reset' : 'save');
    const result = await notify.run(
      () => update.mutateAsync({ device_id: deviceId, answer_confidence: value }),
      {
        loading: t('common.updating'),
        success:
          value === null
            ? t('ai.confidence.reset_done')
            : t('ai.confidence.saved', { value: formatPercent(value) }),
        error: (e) => errorMessage(e, t('errors.unknown')),
      },
    );
    setPending(null);
    if (result.ok) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged) void run(fromPercent(percent));
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={() => {
          if (!pending) guard.requestClose();
        }}
        maxWidth={false}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: 640 } } }}
        aria-labelledby="answer-confidence-title"
        data-testid="answer-confidence-dialog"
      >
        <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <DialogTitle id="answer-confidence-title">{t('ai.confidence.title')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '4px !important' }}>
            <Typography variant="body2" color="text.secondary">
              {t('ai.confidence.intro')}
            </Typography>
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
                <Typography id="answer-confidence-label" component="span" sx={{ fontWeight: 500 }}>
                  {t('ai.confidence.slider')}
                </Typography>
                <Typography
                  component="span"
                  variant="h6"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="answer-confidence-percent"
                >
                  {percent}%
                </Typography>
              </Box>
              <Box sx={{ px: 1 }}>
                <Slider
                  value={percent}
                  min={toPercent(ANSWER_CONFIDENCE_MIN)}
                  max={toPercent(ANSWER_CONFIDENCE_MAX)}
                  step={1}
                  marks={[
                    {
                      value: defaultPercent,
                      label: t('ai.confidence.default_mark', { value: `${defaultPercent}%` }),
                    },
                  ]}
                  onChange={(_event, value) => setPercent(value as number)}
                  getAriaValueText={(value) => `${value}%`}
                  disabled={pending !== null}
                  slotProps={{
                    input: {
                      'aria-labelledby': 'answer-confidence-label',
                      'aria-describedby': 'answer-confidence-hint',
                      'data-testid': 'answer-confidence-slider',
                    } as object,
                  }}
                />
              </Box>
              <Typography id="answer-confidence-hint" variant="caption" color="text.secondary" component="p">
                {t('ai.confidence.hint')}
              </Typography>
            </Box>
            <PreviewView
              preview={preview.data}
              loading={preview.isFetching}
              error={preview.isError ? errorMessage(preview.error, t('ai.confidence.failed')) : null}
              onRetry={() => void preview.refetch()}
              tag={tag}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button
              onClick={() => void run(null)}
              disabled={pending !== null || settings.answer_confidence === null}
              startIcon={pending === 'reset' ? <Spinner size={16} color="inherit" /> : <RestartAlt />}
              data-testid="answer-confidence-reset"
              sx={{ mr: 'auto' }}
            >
              {t('ai.confidence.reset', { value: `${defaultPercent}%` })}
            </Button>
            <Button onClick={guard.requestClose} disabled={pending !== null} data-testid="dialog-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={pending !== null || unchanged}
              startIcon={pending === 'save' ? <Spinner size={16} color="inherit" /> : undefined}
              data-testid="answer-confidence-save"
            >
              {t('ai.confidence.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.dialog}
    </>
  );
}

function PreviewView({
  preview,
  loading,
  error,
  onRetry,
  tag,
}: {
  preview: ConfidencePreview | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  tag: string;
}) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(tag);
  const days = CONFIDENCE_PREVIEW_DAYS;
  return (
    <Box
      component="section"
      aria-labelledby="answer-confidence-preview-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}
      data-testid="answer-confidence-preview"
      aria-busy={loading}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="answer-confidence-preview-title" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('ai.confidence.preview_title', { days })}
        </Typography>
      </Box>
      {/* Room kept for the bar, so the numbers under it do not jump while the next ones load. */}
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('ai.confidence.loading')} />}</Box>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {preview && preview.questions === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="answer-confidence-empty">
          {t('ai.confidence.empty', { days })}
        </Typography>
      )}
      {preview && preview.questions > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="answer-confidence-window">
            {preview.limited
              ? t('ai.confidence.window_limited', { n: number.format(preview.questions), days })
              : t('ai.confidence.window', { n: number.format(preview.questions), days })}
          </Typography>
          {/* Read out once the numbers change, not on every keystroke of the slider. */}
          <Box aria-live="polite">
            <Box
              component="table"
              sx={{
                borderCollapse: 'collapse',
                width: '100%',
                fontVariantNumeric: 'tabular-nums',
                '& th, & td': { textAlign: 'right', py: 0.5, px: 1, typography: 'body2' },
                '& th[scope="row"], & thead td': { textAlign: 'left', pl: 0 },
                '& thead th': { color: 'text.secondary', fontWeight: 500 },
              }}
              data-testid="answer-confidence-counts"
            >
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('ai.confidence.now', { value: formatPercent(preview.current) })}</th>
                  <th scope="col">{t('ai.confidence.at', { value: formatPercent(preview.proposed) })}</th>
                </tr>
              </thead>
              <tbody>
                {(['answered', 'fallback'] as const).map((kind) => {
                  const diff = preview.at_proposed[kind] - preview.at_current[kind];
                  return (
                    <tr key={kind}>
                      <th scope="row" style={{ fontWeight: 500 }}>
                        {t(`ai.confidence.${kind}`)}
                      </th>
                      <td data-testid={`answer-confidence-now-${kind}`}>
                        {number.format(preview.at_current[kind])}
                      </td>
                      <td data-testid={`answer-confidence-at-${kind}`}>
                        {number.format(preview.at_proposed[kind])}
                        {diff !== 0 && (
                          <Typography
                            component="span"
                            variant="body2"
                            sx={{
                              ml: 1,
                              fontWeight: 600,
                              color: (kind === 'answered') === diff > 0 ? 'success.dark' : 'warning.main',
                            }}
                          >
                            {signed(diff, tag)}
                          </Typography>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Box>
          </Box>
          <ChangeList preview={preview} tag={tag} />
        </>
      )}
    </Box>
  );
}

function ChangeList({ preview, tag }: { preview: ConfidencePreview; tag: string }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(tag);
  if (preview.changes_total === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="answer-confidence-no-changes">
        {t('ai.confidence.no_changes')}
      </Typography>
    );
  }
  const more = preview.changes_total - preview.changes.length;
  return (
    <Box>
      <Typography component="h4" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('ai.confidence.changes_title', { n: number.format(preview.changes_total) })}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, maxHeight: 260, overflowY: 'auto' }}
        data-testid="answer-confidence-changes"
        tabIndex={0}
        aria-label={t('ai.confidence.changes_title', { n: number.format(preview.changes_total) })}
      >
        {preview.changes.map((change) => (
          <Box
            component="li"
            key={`${change.language}:${change.text}`}
            data-testid="answer-confidence-change"
            data-change={change.change}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Chip
              size="small"
              variant="outlined"
              color={change.change === 'answers' ? 'success' : 'warning'}
              label={t(`ai.confidence.change_${change.change}`)}
              sx={{ flexShrink: 0, mt: 0.25 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {change.text}
                {change.times > 1 && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    {t('ai.confidence.times', { n: number.format(change.times) })}
                  </Typography>
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('ai.confidence.topic_score', {
                  topic: change.topic.name,
                  score: formatPercent(change.score),
                })}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="answer-confidence-more">
          {t('ai.confidence.more', { n: number.format(more) })}
        </Typography>
      )}
    </Box>
  );
}
