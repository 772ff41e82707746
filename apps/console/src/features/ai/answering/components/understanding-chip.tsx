import Chip from '@mui/material/Chip';
import Psychology from '@mui/icons-material/PsychologyOutlined';
import TextFields from '@mui/icons-material/TextFieldsOutlined';
import { useTranslation } from 'react-i18next';
import { useMatcherStatus } from '../api/get-matcher-status';

/**
 * What questions are understood with: the sentence model (meaning, across languages) or words only,
 * when the model is off, down or still starting. Shares the matcher status query.
 */
export function UnderstandingChip() {
  const { t } = useTranslation();
  const u = useMatcherStatus().data?.understanding;
  if (!u) return null;
  const semantic = u.state === 'ready';
  const starting = u.state === 'starting';
  const label = semantic
    ? t('ai.understanding.semantic')
    : starting
      ? t('ai.understanding.starting')
      : t('ai.understanding.lexical');
  const hint = semantic
    ? t('ai.understanding.semantic_hint', { model: u.model ?? '' })
    : starting
      ? t('ai.understanding.starting_hint')
      : t('ai.understanding.lexical_hint', { detail: u.detail ?? u.provider });
  return (
    <Chip
      data-testid="understanding"
      data-state={u.state}
      size="small"
      variant="outlined"
      color={semantic ? 'primary' : 'default'}
      icon={semantic ? <Psychology /> : <TextFields />}
      label={label}
      title={hint}
      aria-label={`${label}. ${hint}`}
      sx={{ height: 36 }}
    />
  );
}
