import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MrcAnswer } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import { useAskDocuments } from '@/features/mrc/api/query-documents';
import type { ShownHit } from '@/features/mrc/dialogs/document-viewer-dialog';
import { Spinner } from '@/shared/ui/spinner';

/** The test panel's conversation items: the question (text), and the answer. */
type Item = { id: number; question: string; answer?: MrcAnswer; error?: string };

const score = (value: number) => value.toFixed(2);

function AnswerView({ answer, onShow }: { answer: MrcAnswer; onShow: (hit: ShownHit) => void }) {
  const { t } = useTranslation();
  if (!answer.answered) {
    // Why the documents do not answer: the operator sees what to change (a document, the wording).
    const asked = answer.asked_for[0];
    const why =
      answer.declined === 'model'
        ? t('mrc.test.no_answer_model')
        : answer.declined === 'asked_for' && asked
          ? t('mrc.test.no_answer_asked_for', {
              score: score(answer.score),
              what: t(`mrc.test.asked_for.${asked}`),
            })
          : t('mrc.test.no_answer', { score: score(answer.score), threshold: score(answer.threshold) });
    return (
      <Typography
        color="text.secondary"
        data-testid="mrc-test-no-answer"
        data-declined={answer.declined ?? ''}
      >
        {why}
      </Typography>
    );
  }
  const source = answer.source;
  const hit = source ? answer.hits.find((h) => h.passage_id === source.passage_id) : answer.hits[0];
  return (
    <Box data-testid="mrc-test-answer">
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{answer.text}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        {source && (
          <Typography variant="caption" color="text.secondary" data-testid="mrc-test-source">
            {source.page === null
              ? source.filename
              : t('mrc.test.source_page', { file: source.filename, page: source.page })}
            {source.heading && ` · ${source.heading}`}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" data-testid="mrc-test-score">
          {t('mrc.test.score', { score: score(answer.score) })}
        </Typography>
        {answer.generative && (
          <Typography variant="caption" color="text.secondary">
            {t('mrc.test.generative')}
          </Typography>
        )}
        {hit && (
          <Button size="small" onClick={() => onShow(hit)} data-testid="mrc-test-show">
            {t('mrc.test.show')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * The test panel: a question asked as a visitor would, answered from the device's documents, with
 * its source and score; "show in document" opens the passage. `waiting` says why asking waits
 * (documents still scanning, or none yet).
 */
export function TestPanel({
  deviceId,
  sessionId,
  waiting,
  onShow,
}: {
  deviceId: number;
  sessionId: string;
  waiting: 'scanning' | 'empty' | null;
  onShow: (hit: ShownHit) => void;
}) {
  const { t } = useTranslation();
  const ask = useAskDocuments();
  const flight = useSingleFlight();
  const [text, setText] = useState('');
  const [items, setItems] = useState<Item[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = text.trim();
    if (!question || waiting) return;
    void flight.run(async () => {
      const id = Date.now();
      setItems((list) => [...list, { id, question }]);
      setText('');
      try {
        const answer = await ask.mutateAsync({ device_id: deviceId, text: question, session_id: sessionId });
        setItems((list) => list.map((item) => (item.id === id ? { ...item, answer } : item)));
      } catch (error) {
        const reason = errorMessage(error, t('errors.unknown'));
        setItems((list) => list.map((item) => (item.id === id ? { ...item, error: reason } : item)));
      }
    });
  };

  return (
    <Card data-testid="mrc-test">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('mrc.test.title')}
          </Typography>
          {items.length > 0 && (
            <Button size="small" onClick={() => setItems([])} disabled={flight.running}>
              {t('mrc.test.clear')}
            </Button>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('mrc.test.hint')}
        </Typography>
        <Box
          component="ol"
          aria-live="polite"
          data-testid="mrc-test-conversation"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 2,
            display: 'grid',
            gap: 1.5,
            maxHeight: 420,
            overflowY: 'auto',
          }}
        >
          {items.length === 0 && (
            <Typography component="li" variant="body2" color="text.secondary">
              {t('mrc.test.empty')}
            </Typography>
          )}
          {items.map((item) => (
            <Box component="li" key={item.id} data-testid="mrc-test-item">
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
                <Box
                  sx={{
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    maxWidth: '80%',
                  }}
                  aria-label={t('mrc.test.you')}
                  role="group"
                >
                  {item.question}
                </Box>
              </Box>
              <Box
                sx={{ bgcolor: 'action.hover', px: 1.5, py: 1, borderRadius: 2, maxWidth: '90%' }}
                role="group"
                aria-label={t('mrc.test.answer')}
              >
                {item.answer ? (
                  <AnswerView answer={item.answer} onShow={onShow} />
                ) : item.error ? (
                  <Typography color="error" data-testid="mrc-test-error">
                    {t('mrc.test.failed', { reason: item.error })}
                  </Typography>
                ) : (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
                    <Spinner size={16} aria-hidden />
                    <Typography variant="body2" color="text.secondary">
                      {t('mrc.test.asking')}
                    </Typography>
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
        {waiting && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            icon={waiting === 'scanning' ? <Spinner size={18} aria-hidden /> : undefined}
            data-testid="mrc-test-waiting"
          >
            {waiting === 'scanning' ? t('mrc.test.waiting_scan') : t('mrc.test.no_documents')}
          </Alert>
        )}
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1 }}>
          <TextField
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('mrc.test.placeholder')}
            fullWidth
            size="small"
            disabled={waiting !== null}
            slotProps={{ htmlInput: { 'aria-label': t('mrc.test.placeholder'), maxLength: 500 } }}
            data-testid="mrc-test-input"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={waiting !== null || flight.running || !text.trim()}
            data-testid="mrc-test-ask"
          >
            {t('mrc.test.ask')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
