import { Fragment, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { MrcHit, MrcPassage } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { useDocumentText } from '@/features/mrc/api/get-document-text';
import { Spinner } from '@/shared/ui/spinner';

/** Where an answer is: its passage, and the answering sentence within the hit's text. */
export type ShownHit = Pick<MrcHit, 'document_id' | 'filename' | 'passage_id' | 'text' | 'highlight'>;

/**
 * The answering sentence's place in the passage as loaded: the hit's offsets when the passage
 * reads as the hit did, else where that sentence is found in it (null when it is not).
 */
export function highlightIn(passage: string, hit: ShownHit): { start: number; end: number } | null {
  if (!hit.highlight) return null;
  const { start, end } = hit.highlight;
  if (passage === hit.text) return end > start ? { start, end } : null;
  const sentence = hit.text.slice(start, end);
  const at = sentence ? passage.indexOf(sentence) : -1;
  return at === -1 ? null : { start: at, end: at + sentence.length };
}

function PassageText({ passage, hit }: { passage: MrcPassage; hit: ShownHit | null }) {
  const range = hit ? highlightIn(passage.text, hit) : null;
  if (!range) return <>{passage.text}</>;
  return (
    <>
      {passage.text.slice(0, range.start)}
      <Box component="mark" sx={{ bgcolor: 'warning.light', px: 0.25 }} data-testid="mrc-viewer-highlight">
        {passage.text.slice(range.start, range.end)}
      </Box>
      {passage.text.slice(range.end)}
    </>
  );
}

/** A scanned document's text, passage by passage, with the answer's passage in view and its sentence marked. */
export function DocumentViewerDialog({ hit, onClose }: { hit: ShownHit | null; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useDocumentText(hit?.document_id ?? null);
  const target = useRef<HTMLElement | null>(null);
  const passages = text.data?.passages;

  useEffect(() => {
    if (passages) target.current?.scrollIntoView?.({ block: 'center' });
  }, [passages, hit?.passage_id]);

  const titleId = 'mrc-viewer-title';
  return (
    <Dialog
      open={hit !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="mrc-viewer"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {text.data?.document.filename ?? hit?.filename}
        {passages && (
          <Typography variant="body2" color="text.secondary">
            {t('mrc.viewer.passages', { count: passages.length })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 240 }}>
        {text.isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
            <Spinner size={18} aria-hidden />
            <Typography color="text.secondary">{t('mrc.viewer.loading')}</Typography>
          </Box>
        )}
        {text.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void text.refetch()}>
                {t('mrc.viewer.retry')}
              </Button>
            }
          >
            {t('mrc.viewer.failed')}
          </Alert>
        )}
        {passages?.map((passage, index) => {
          const isHit = passage.id === hit?.passage_id;
          const newPage = passage.page !== null && passage.page !== passages[index - 1]?.page;
          return (
            <Fragment key={passage.id}>
              {newPage && (
                <Typography
                  variant="overline"
                  color="text.secondary"
                  component="p"
                  sx={{ mt: index ? 2 : 0 }}
                >
                  {t('mrc.viewer.page', { page: passage.page })}
                </Typography>
              )}
              <Box
                ref={isHit ? target : undefined}
                component="section"
                aria-label={isHit ? t('mrc.viewer.hit') : undefined}
                data-testid={isHit ? 'mrc-viewer-hit' : 'mrc-viewer-passage'}
                sx={{
                  mb: 1.5,
                  p: isHit ? 1.5 : 0,
                  borderRadius: 1,
                  ...(isHit && { border: 1, borderColor: 'primary.main', bgcolor: 'action.hover' }),
                }}
              >
                {passage.heading && (
                  <Typography sx={{ fontWeight: 600 }} component="h3" variant="subtitle2">
                    {passage.heading}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  <PassageText passage={passage} hit={isHit ? hit : null} />
                </Typography>
              </Box>
            </Fragment>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="mrc-viewer-close">
          {t('mrc.viewer.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
