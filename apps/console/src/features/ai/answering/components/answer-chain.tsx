import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { DocumentSource, TestConsoleResult } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { sourceText } from '@/shared/lib/document-source';

/** Where a document answer was read: "guide.pdf · page 3 · Opening hours". */
export function SourceLine({ source }: { source: DocumentSource }) {
  const { t } = useTranslation();

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
      data-testid="test-source"
    >
      <DescriptionOutlined sx={{ fontSize: 16 }} aria-hidden="true" />
      <Typography variant="caption">
        {t('ai.test.chain.source', { source: sourceText(source, t) })}
      </Typography>
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
