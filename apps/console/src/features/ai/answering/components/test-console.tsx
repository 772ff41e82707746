import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Send from '@mui/icons-material/Send';
import {
  LANGUAGES,
  ZTestConsoleRequest,
  ruleOf,
  type Language,
  type TestConsoleResult,
} from '@ambassador/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { useAuth } from '@/shared/auth/auth-store';
import { translateIssue } from '@/shared/lib/rule-message';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useTestConsole } from '../api/test-console';
import { useVersions } from '@/features/ai/common/api/versions';
import { formatPercent } from '@/shared/lib/percent';
import { ResponsePreview } from '@/features/ai/common/components/response-preview';
import { ChainSteps } from '@/shared/ui/answer-steps';
import { ChainAnswer } from './answer-chain';
import { Spinner } from '@/shared/ui/spinner';

type Turn = {
  id: number;
  language: Language;
  question: string;
  /** Asked of the live version (the kiosks'), not the draft. */
  live?: boolean;
  result?: TestConsoleResult;
  error?: string;
};

function newSessionId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(16).slice(2);
  return random.replace(/-/g, '').slice(0, 8);
}

function topicPath(id: number) {
  return `/ai/keyword/question/${id}`;
}

function TurnView({ turn }: { turn: Turn }) {
  const { t } = useTranslation();
  const { result } = turn;
  // Runners-up: the candidates after the match (on a fallback, every candidate was too far),
  // leaving out those with next to no resemblance.
  // Answered by a later step of the chain (documents, small talk) or declined by the topic filter.
  const byChain =
    result?.answered_by === 'document' ||
    result?.answered_by === 'small_talk' ||
    result?.answered_by === 'declined';
  const others = result
    ? result.candidates.filter(
        (c) =>
          (result.fallback || byChain || c.intent_id !== result.best?.intent_id) &&
          formatPercent(c.score) !== '0%',
      )
    : [];
  return (
    <Box data-testid="test-turn" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Box
          sx={{
            maxWidth: '80%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            px: 1.5,
            py: 0.75,
            borderRadius: 2,
            borderBottomRightRadius: 4,
          }}
        >
          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{turn.question}</Typography>
          <Typography sx={{ fontSize: 11, textAlign: 'right' }} data-testid="test-turn-meta">
            {t(`languages.${turn.language}`)}
            {turn.live && ` · ${t('ai.versions.live_version')}`}
          </Typography>
        </Box>
      </Box>
      <Box
        sx={{
          maxWidth: '90%',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          borderRadius: 2,
          borderBottomLeftRadius: 4,
          p: 1.5,
          display: 'grid',
          gap: 1,
        }}
      >
        {!result && !turn.error && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <Spinner size={16} />
            <Typography variant="body2">{t('ai.test.thinking')}</Typography>
          </Box>
        )}
        {turn.error && (
          <Alert severity="error" sx={{ py: 0 }}>
            {turn.error}
          </Alert>
        )}
        {result && (
          <>
            {result.language !== turn.language && (
              <Typography variant="caption" color="text.secondary" data-testid="test-answered-in">
                {t('ai.test.answered_in', { language: t(`languages.${result.language}`) })}
              </Typography>
            )}
            {byChain ? (
              <ChainAnswer result={result} />
            ) : result.fallback || !result.best ? (
              <Alert severity="warning" data-testid="test-fallback" sx={{ py: 0 }}>
                {t('ai.test.fallback', { threshold: formatPercent(result.threshold) })}
              </Alert>
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('ai.test.matched')}
                </Typography>
                <Link
                  component={RouterLink}
                  to={topicPath(result.best.intent_id)}
                  data-testid="test-best"
                  sx={{ fontWeight: 600 }}
                >
                  {result.best.intent_name}
                </Link>
                <Chip
                  size="small"
                  color="success"
                  label={formatPercent(result.best.score)}
                  data-testid="test-score"
                  aria-label={t('ai.test.score_label', { score: formatPercent(result.best.score) })}
                />
              </Box>
            )}
            {others.length > 0 && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary">
                  {result.fallback || byChain ? t('ai.test.closest') : t('ai.test.runners_up')}
                </Typography>
                {others.map((candidate) => (
                  <Chip
                    key={candidate.intent_id}
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={topicPath(candidate.intent_id)}
                    clickable
                    label={`${candidate.intent_name} · ${formatPercent(candidate.score)}`}
                    data-testid="test-candidate"
                  />
                ))}
              </Box>
            )}
            {result.responses.length > 0 && (
              <Box sx={{ display: 'grid', gap: 1 }}>
                {result.responses.map((response) => (
                  <ResponsePreview key={response.id} response={response} />
                ))}
              </Box>
            )}
            {!byChain && !result.fallback && result.best && result.responses.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {t('ai.test.no_responses', { language: t(`languages.${result.language}`) })}
              </Typography>
            )}
            {result.related.length > 0 && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('ai.test.related')}
                </Typography>
                {result.related.map((topic) => (
                  <Chip
                    key={topic.id}
                    size="small"
                    color="primary"
                    variant="outlined"
                    component={RouterLink}
                    to={topicPath(topic.id)}
                    clickable
                    label={topic.name}
                    data-testid="test-related"
                  />
                ))}
              </Box>
            )}
            {result.steps && <ChainSteps steps={result.steps} />}
            {result.avatar_motion && (
              <Typography variant="caption" color="text.secondary" data-testid="test-motion">
                {t('ai.test.motion', { motion: t(`avatar_motions.${result.avatar_motion}`) })}
              </Typography>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * Ask the selected device's AI a question and see what it would answer, turn by turn. Key it by
 * device: a new device is a new conversation.
 */
export function TestConsole({
  initialLanguage,
  compact = false,
}: {
  initialLanguage?: Language;
  /** In a narrow column (docked on a topic page): the language above the question, not beside it. */
  compact?: boolean;
} = {}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const deviceId = useAiDeviceId();
  const ask = useTestConsole();
  // Once the device publishes, questions try the draft (the edits) or the live version (the kiosks').
  const hasLive = Boolean(useVersions().data?.live);
  const [version, setVersion] = useState<'draft' | 'live'>('draft');
  // Docked on a topic page it starts in the language being taught there.
  const [language, setLanguage] = useState<Language>(
    () => initialLanguage ?? auth.user_info?.languages[0] ?? 'english',
  );
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [sessionId, setSessionId] = useState(newSessionId);
  const session = useRef(sessionId);
  const nextId = useRef(1);
  const transcript = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = transcript.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [turns]);

  const pending = turns.some((turn) => !turn.result && !turn.error);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending || deviceId === null) return;
    const parsed = ZTestConsoleRequest.safeParse({
      device_id: deviceId,
      language,
      text,
      version: hasLive ? version : 'draft',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((each) => each.path[0] === 'text');
      setInputError(
        !issue
          ? t('errors.unknown')
          : ruleOf(issue).key === 'text_empty'
            ? t('ai.test.empty')
            : translateIssue(t, issue),
      );
      return;
    }
    setInputError(null);
    const id = nextId.current++;
    const asked = session.current;
    const live = parsed.data.version === 'live';
    setTurns((list) => [...list, { id, language, question: parsed.data.text, live }]);
    setText('');
    try {
      const result = await ask.mutateAsync(parsed.data);
      if (session.current !== asked) return;
      setTurns((list) => list.map((turn) => (turn.id === id ? { ...turn, result } : turn)));
      // As on a kiosk: the session goes on in the language the question was written in.
      if (result.language !== language) setLanguage(result.language);
    } catch (error) {
      if (session.current !== asked) return;
      const message = errorMessage(error, t('errors.unknown'));
      setTurns((list) => list.map((turn) => (turn.id === id ? { ...turn, error: message } : turn)));
    }
  };

  const reset = () => {
    const id = newSessionId();
    session.current = id;
    setSessionId(id);
    setTurns([]);
    setInputError(null);
  };

  return (
    <Card data-testid="test-console" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
              {t('ai.test.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('ai.test.hint')}
            </Typography>
          </Box>
          {hasLive && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={version}
              onChange={(_event, value: 'draft' | 'live' | null) => value && setVersion(value)}
              aria-label={t('ai.versions.answer_from')}
              data-testid="test-version"
            >
              <ToggleButton value="draft" data-testid="test-version-draft">
                {t('ai.versions.draft')}
              </ToggleButton>
              <ToggleButton value="live" data-testid="test-version-live">
                {t('ai.versions.live_version')}
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          <Button
            size="small"
            startIcon={<RestartAlt />}
            onClick={reset}
            disabled={turns.length === 0 && !pending}
            data-testid="test-reset"
          >
            {t('ai.test.reset')}
          </Button>
        </Box>
        <Box
          ref={transcript}
          aria-live="polite"
          data-testid="test-transcript"
          sx={{
            flex: 1,
            minHeight: 220,
            maxHeight: 460,
            overflowY: 'auto',
            bgcolor: 'grey.50',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
          }}
        >
          {turns.length === 0 ? (
            <Typography color="text.secondary" sx={{ m: 'auto', textAlign: 'center', fontSize: 14 }}>
              {t('ai.test.empty_transcript')}
            </Typography>
          ) : (
            turns.map((turn) => <TurnView key={turn.id} turn={turn} />)
          )}
        </Box>
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => void submit(event)}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            flexWrap: compact ? 'wrap' : { xs: 'wrap', sm: 'nowrap' },
          }}
        >
          <TextField
            select
            label={t('ai.test.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Language)}
            sx={{ width: compact ? '100%' : { xs: '100%', sm: 150 }, flexShrink: 0 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'test-language' } as object } }}
          >
            {LANGUAGES.map((lang) => (
              <MenuItem key={lang} value={lang} data-testid={`test-language-${lang}`}>
                {t(`languages.${lang}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            data-testid="test-input"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (inputError) setInputError(null);
            }}
            placeholder={t('ai.test.placeholder')}
            error={Boolean(inputError)}
            helperText={inputError}
            autoComplete="off"
            sx={{ flex: 1, minWidth: 0 }}
            slotProps={{
              htmlInput: { maxLength: 500, 'aria-label': t('ai.test.question') },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={pending || deviceId === null}
            endIcon={pending ? <Spinner size={14} color="inherit" /> : <Send />}
            data-testid="test-ask"
            sx={{ flexShrink: 0, height: 40 }}
          >
            {t('ai.test.ask')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.disabled" data-testid="test-session">
          {t('ai.test.session', { id: sessionId })}
        </Typography>
      </CardContent>
    </Card>
  );
}
