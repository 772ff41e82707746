import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { ZKeywordText, type Keyword, type Language, type Topic } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/shared/api/api-error';
import { DeleteDialog, useDeleteDialog } from '@/shared/ui/delete-dialog';
import { RowAction } from '@/shared/ui/row-action';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useKeywordCheck } from '../api/check-keyword';
import { useCreateKeyword } from '../api/create-keyword';
import { useDeleteKeyword, useRefreshKeywords } from '../api/delete-keyword';
import { useUndoAction } from '@/shared/api/undo';
import { useUpdateKeyword } from '../api/update-keyword';
import { topicPath } from '../dialogs/topic-dialog';
import { TrainDialog } from '../dialogs/train-dialog';
import { translateIssue } from '@/shared/lib/rule-message';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';

/** The duplicate / conflict check waits this long after the last key. */
export const KEYWORD_CHECK_DEBOUNCE_MS = 400;

type Conflict = { intent_id: number; intent_name: string };

function TopicLinks({ conflicts }: { conflicts: readonly Conflict[] }) {
  return (
    <>
      {conflicts.map((conflict, index) => (
        <span key={conflict.intent_id}>
          {index > 0 && ', '}
          <Link
            component={RouterLink}
            to={topicPath(conflict.intent_id)}
            color="inherit"
            sx={{ fontWeight: 500 }}
          >
            {conflict.intent_name}
          </Link>
        </span>
      ))}
    </>
  );
}

function KeywordRow({ keyword, onDelete }: { keyword: Keyword; onDelete: (keyword: Keyword) => void }) {
  const { t } = useTranslation();
  const updateKeyword = useUpdateKeyword();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(keyword.text);
  const [error, setError] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (updateKeyword.isPending) return;
    const check = ZKeywordText.safeParse(text);
    if (!check.success) {
      setError(translateIssue(t, check.error.issues[0]!));
      return;
    }
    if (check.data === keyword.text) {
      setEditing(false);
      return;
    }
    const result = await notify.run(() => updateKeyword.mutateAsync({ id: keyword.id, text: check.data }), {
      loading: t('common.updating'),
      success: t('topics.keywords.updated'),
      error: (e) => aiErrorMessage(e, t),
    });
    if (result.ok) setEditing(false);
    else setError(aiErrorMessage(result.error, t));
  };

  return (
    <ListItem
      divider
      data-testid={`keyword-row-${keyword.id}`}
      data-kind={keyword.kind}
      sx={{ gap: 1, py: 0.5, minHeight: 52 }}
      secondaryAction={
        editing ? undefined : (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <RowAction
              label={t('topics.keywords.edit')}
              item={keyword.text}
              icon={<EditOutlined fontSize="small" />}
              onClick={() => {
                setText(keyword.text);
                setError(null);
                setEditing(true);
              }}
              testId={`keyword-edit-${keyword.id}`}
            />
            <RowAction
              label={t('common.delete')}
              item={keyword.text}
              icon={<DeleteOutlined fontSize="small" />}
              onClick={() => onDelete(keyword)}
              testId={`keyword-delete-${keyword.id}`}
            />
          </Box>
        )
      }
    >
      {editing ? (
        <Box
          component="form"
          onSubmit={(event: FormEvent) => void save(event)}
          sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', flex: 1 }}
        >
          <TextField
            size="small"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            autoFocus
            fullWidth
            error={Boolean(error)}
            helperText={error}
            disabled={updateKeyword.isPending}
            slotProps={{
              htmlInput: {
                'data-testid': `keyword-edit-input-${keyword.id}`,
                maxLength: 200,
                'aria-label': t('topics.keywords.edit'),
              },
            }}
          />
          <IconButton type="submit" aria-label={t('topics.keywords.save')} disabled={updateKeyword.isPending}>
            <CheckIcon fontSize="small" />
          </IconButton>
          <IconButton
            onClick={() => setEditing(false)}
            aria-label={t('topics.keywords.cancel_edit')}
            disabled={updateKeyword.isPending}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: 1, minWidth: 0, pr: 10 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{keyword.text}</Typography>
          <Chip
            size="small"
            variant="outlined"
            color={keyword.kind === 'phrase' ? 'secondary' : 'default'}
            label={
              keyword.kind === 'phrase' ? t('topics.keywords.kind_phrase') : t('topics.keywords.kind_keyword')
            }
          />
          {keyword.conflicts.length > 0 && (
            <Tooltip
              title={
                <span>
                  {t('topics.keywords.also_used_by')} <TopicLinks conflicts={keyword.conflicts} />
                </span>
              }
            >
              <WarningAmberOutlined
                fontSize="small"
                color="warning"
                tabIndex={0}
                aria-label={t('topics.keywords.conflict_tooltip', {
                  topics: keyword.conflicts.map((c) => c.intent_name).join(', '),
                })}
                data-testid="keyword-conflict"
              />
            </Tooltip>
          )}
        </Box>
      )}
    </ListItem>
  );
}

export type KeywordsPanelProps = {
  topic: Topic;
  language: Language;
  keywords: Keyword[] | undefined;
  loading: boolean;
};

/** Keywords and trained phrases of a topic in one language: add (with a live check), edit, delete, train. */
export function KeywordsPanel({ topic, language, keywords, loading }: KeywordsPanelProps) {
  const { t } = useTranslation();
  const createKeyword = useCreateKeyword();
  const deleteKeyword = useDeleteKeyword();
  const undoAction = useUndoAction();
  const refreshKeywords = useRefreshKeywords();
  const confirmDelete = useDeleteDialog();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [train, setTrain] = useState({ key: 0, open: false });

  const debounced = useDebouncedValue(text.trim(), KEYWORD_CHECK_DEBOUNCE_MS);
  const check = useKeywordCheck(topic.id, language, debounced);
  const checked = debounced !== '' && debounced === text.trim() ? check.data : undefined;
  const rows = (keywords ?? []).filter((k) => k.language === language);
  const languageName = t(`languages.${language}`);

  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    if (createKeyword.isPending) return;
    const parsed = ZKeywordText.safeParse(text);
    if (!parsed.success) {
      setError(translateIssue(t, parsed.error.issues[0]!));
      return;
    }
    const result = await notify.run(
      () => createKeyword.mutateAsync({ intent_id: topic.id, language, text: parsed.data }),
      {
        loading: t('common.adding'),
        success: t('topics.keywords.added'),
        error: (e) => aiErrorMessage(e, t),
      },
    );
    if (result.ok) {
      // Only what was sent is cleared: the next keyword may already be typed by now.
      setText((current) => (current === text ? '' : current));
      setError(null);
    } else if (result.error instanceof ApiError && result.error.status < 500) {
      setError(aiErrorMessage(result.error, t));
    }
  };

  const askDelete = (keyword: Keyword) =>
    confirmDelete.ask({
      type: 'keyword',
      item: keyword.text,
      run: async () => {
        const result = await notify.run(() => deleteKeyword.mutateAsync(keyword.id), {
          loading: t('common.deleting'),
          success: t('topics.keywords.deleted'),
          error: (e) => aiErrorMessage(e, t),
          action: (ticket) => undoAction(ticket, refreshKeywords),
        });
        return result.ok;
      },
    });

  return (
    <Box data-testid="keywords-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: 18 }}>
          {t('topics.keywords.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<SchoolOutlined />}
          onClick={() => setTrain((s) => ({ key: s.key + 1, open: true }))}
          data-testid="keyword-train"
        >
          {t('topics.keywords.train')}
        </Button>
      </Box>
      <Box component="form" onSubmit={(event: FormEvent) => void add(event)} noValidate sx={{ mb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            fullWidth
            label={t('topics.keywords.input', { language: languageName })}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? t('topics.keywords.input_hint')}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'keyword-input', maxLength: 200 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            disabled={createKeyword.isPending || text.trim() === ''}
            data-testid="keyword-add"
            sx={{ flexShrink: 0, height: 40 }}
          >
            {t('topics.keywords.add')}
          </Button>
        </Box>
        {checked?.closer_to && !checked.duplicate && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="keyword-overlap">
            {t('topics.keywords.closer_to')} <TopicLinks conflicts={[checked.closer_to]} />{' '}
            {t('topics.keywords.closer_to_after')}
          </Alert>
        )}
        {checked && (checked.duplicate || checked.conflicts.length > 0) && (
          <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="keyword-warning">
            {checked.duplicate ? (
              t('topics.keywords.duplicate')
            ) : (
              <>
                {t('topics.keywords.also_used_by')} <TopicLinks conflicts={checked.conflicts} />
              </>
            )}
          </Alert>
        )}
      </Box>
      {loading && !keywords ? (
        <Box>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="keywords-empty">
          {t('topics.keywords.empty', { language: languageName })}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {rows.map((keyword) => (
            <KeywordRow key={`${keyword.id}-${keyword.text}`} keyword={keyword} onDelete={askDelete} />
          ))}
        </List>
      )}
      <TrainDialog
        key={train.key}
        open={train.open}
        topic={{ id: topic.id, name: topic.intent_name }}
        language={language}
        onClose={() => setTrain((s) => ({ ...s, open: false }))}
      />
      <DeleteDialog {...confirmDelete.dialogProps} />
    </Box>
  );
}
