import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AnswerStep } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/shared/lib/percent';

const RESULT_COLOR = {
  answered: 'success',
  declined: 'warning',
  no_match: 'default',
  off: 'default',
  skipped: 'default',
} as const;

function StepRow({ step }: { step: AnswerStep }) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-testid="answer-step"
      data-step={step.step}
      data-result={step.result}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', fontSize: 13 }}
    >
      <Typography component="span" variant="body2" sx={{ minWidth: 110 }}>
        {t(`chain.steps.${step.step}`)}
      </Typography>
      <Chip
        size="small"
        color={RESULT_COLOR[step.result]}
        variant={step.result === 'answered' || step.result === 'declined' ? 'filled' : 'outlined'}
        label={t(`chain.results.${step.result}`)}
      />
      {step.score !== null && (
        <Typography component="span" variant="caption" color="text.secondary">
          {step.threshold !== null
            ? t('chain.score_of', {
                score: formatPercent(step.score),
                threshold: formatPercent(step.threshold),
              })
            : t('chain.score', { score: formatPercent(step.score) })}
        </Typography>
      )}
      {step.why && (
        <Typography component="span" variant="caption" color="text.secondary" data-testid="answer-step-why">
          {t(`chain.why.${step.why}`)}
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

/**
 * The answering chain's steps in the order the device ran them, each with its result and score:
 * the test console's answer, and a logged conversation's.
 */
export function ChainSteps({ steps, open = true }: { steps: readonly AnswerStep[]; open?: boolean }) {
  const { t } = useTranslation();
  if (steps.length === 0) return null;
  return (
    <Box
      component="details"
      open={open}
      sx={{ '& summary': { cursor: 'pointer', fontSize: 12, color: 'text.secondary' } }}
    >
      <summary>{t('chain.steps_title')}</summary>
      <Box
        component="ol"
        aria-label={t('chain.steps_title')}
        data-testid="answer-steps"
        sx={{ m: 0, mt: 0.75, pl: 2.5, display: 'grid', gap: 0.5 }}
      >
        {steps.map((step) => (
          <StepRow key={step.step} step={step} />
        ))}
      </Box>
    </Box>
  );
}
