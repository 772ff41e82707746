import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { AnswerStep, DocumentSource, TestConsoleResult } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../lib/percent';

const RESULT_COLOR = {
  answered: 'success',
  declined: 'warning',
  no_match: 'default',
  off: 'default',
  skipped: 'default',
} as const;

/** Where a document answer was read: "guide.pdf · page 3 · Opening hours". */
export function SourceLine({ source }: { source: DocumentSource }) {
  const { t } = useTranslation();
  const parts = [
    source.filename,
    source.page !== null ? t('ai.test.chain.page', { page: source.page }) : null,
    source.heading,
  ].filter(Boolean);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
      data-testid="test-source"
    >
      <DescriptionOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
      <Typography variant="caption">{t('ai.test.chain.source', { source: parts.join(' · ') })}</Typography>
    </Box>
  );
}

/**
 * What answered when it was not a topic (a document with its file and page, small talk, the topic
 * filter declining): its kind and its text. Nothing for a topic or a fallback, shown their own way.
 */
export function ChainAnswer({ result }: { result: TestConsoleResult }) {
  const { t } = useTranslation();
  const kind = result.answered_by;
  if (kind !== 'document' && kind !== 'small_talk' && kind !== 'declined') return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }} data-testid="test-chain-answer" data-kind={kind}>
      <Alert severity={kind === 'declined' ? 'warning' : 'success'} sx={{ py: 0 }} icon={false}>
        {t(`ai.test.chain.by.${kind}`)}
      </Alert>
      {result.answer_text && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="test-answer-text">
          {result.answer_text}
        </Typography>
      )}
      {kind === 'document' && result.source && <SourceLine source={result.source} />}
    </Box>
  );
}

function StepRow({ step }: { step: AnswerStep }) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="test-step"
      data-step={step.step}
      data-result={step.result}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', fontSize: 13 }}
    >
      <Typography component="span" variant="body2" sx={{ minWidth: 110 }}>
        {t(`ai.test.chain.steps.${step.step}`)}
      </Typography>
      <Chip
        size="small"
        color={RESULT_COLOR[step.result]}
        variant={step.result === 'answered' || step.result === 'declined' ? 'filled' : 'outlined'}
        label={t(`ai.test.chain.results.${step.result}`)}
      />
      {step.score !== null && (
        <Typography component="span" variant="caption" color="text.secondary">
          {step.threshold !== null
            ? t('ai.test.chain.score_of', {
                score: formatPercent(step.score),
                threshold: formatPercent(step.threshold),
              })
            : t('ai.test.score_label', { score: formatPercent(step.score) })}
        </Typography>
      )}
      {step.why && (
        <Typography component="span" variant="caption" color="text.secondary" data-testid="test-step-why">
          {t(`ai.test.chain.why.${step.why}`)}
        </Typography>
      )}
      {step.detail && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {step.detail}
        </Typography>
      )}
    </Box>
  );
}

/** The chain's steps in the order the device ran them, each with its result and score. */
export function ChainSteps({ steps }: { steps: readonly AnswerStep[] }) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <Box
      component="details"
      open
      sx={{ '& summary': { cursor: 'pointer', fontSize: 12, color: 'text.secondary' } }}
    >
      <summary>{t('ai.test.chain.steps_title')}</summary>
      <Box
        component="ol"
        aria-label={t('ai.test.chain.steps_title')}
        data-testid="test-steps"
        sx={{ m: 0, mt: 0.75, pl: 2.5, display: 'grid', gap: 0.5 }}
      >
        {steps.map((step) => (
          <StepRow key={step.step} step={step} />
        ))}
      </Box>
    </Box>
  );
}
