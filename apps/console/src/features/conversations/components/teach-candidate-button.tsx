import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import type { Conversation } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useTrainConversation } from '../api/train-conversation';
import { Spinner } from '@/shared/ui/spinner';

export type TeachCandidateButtonProps = {
  /** A fallback with a candidate topic. */
  row: Conversation & { candidate: NonNullable<Conversation['candidate']> };
  /** In a table cell: "Teach", the topic in its accessible name and tooltip. */
  compact?: boolean;
  /** Why teaching is not offered (no access to AI Configuration), if it is not. */
  disabledReason?: string | undefined;
  testId: string;
};

/**
 * "Teach to <topic>": one click trains the question into the topic it came closest to (the Train
 * call with the candidate), so the same question answers from then on.
 */
export function TeachCandidateButton({
  row,
  compact = false,
  disabledReason,
  testId,
}: TeachCandidateButtonProps) {
  const { t } = useTranslation();
  const train = useTrainConversation();
  const { candidate } = row;
  const label = t('conversations.candidate.teach', { name: candidate.name });

  const teach = () => {
    if (train.isPending) return;
    void notify.run(
      () => train.mutateAsync({ id: row.id, intent_id: candidate.id, device_id: row.device_id }),
      {
        loading: t('conversations.candidate.teaching'),
        success: (trained) =>
          t('conversations.candidate.taught', { name: trained.trained_intent?.name ?? candidate.name }),
        error: (e) => errorMessage(e, t('errors.unknown')),
      },
    );
  };

  return (
    <Tooltip title={disabledReason ?? (compact ? label : '')}>
      <span>
        <Button
          size="small"
          variant={compact ? 'outlined' : 'contained'}
          onClick={teach}
          disabled={Boolean(disabledReason) || train.isPending}
          startIcon={
            train.isPending ? <Spinner size={14} color="inherit" /> : <SchoolOutlined fontSize="small" />
          }
          {...(compact && { 'aria-label': label })}
          data-testid={testId}
          // Darker than primary: the row it sits in may be the selected one (tinted), 4.5:1 either way.
          sx={
            compact ? { mt: 0.5, minWidth: 0, maxWidth: '100%', color: 'primary.dark' } : { maxWidth: '100%' }
          }
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {compact ? t('conversations.candidate.teach_short') : label}
          </Box>
        </Button>
      </span>
    </Tooltip>
  );
}

/** Whether a row offers "Teach to …": it fell back near a topic it is not yet trained into. */
export function canTeach(row: Conversation): row is TeachCandidateButtonProps['row'] {
  return row.status === 'fallback' && row.candidate !== null && row.trained_intent?.id !== row.candidate.id;
}
