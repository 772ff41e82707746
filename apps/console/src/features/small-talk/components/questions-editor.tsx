import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { SMALL_TALK_MAX_ITEMS, type Language } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/shared/ui/retry-alert';
import { useBlocker } from 'react-router';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { fieldErrors, type FieldErrors } from '@/shared/lib/field-errors';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { QuitEditingDialog } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { moved, SortableList } from '@/shared/ui/sortable-list';
import { Spinner } from '@/shared/ui/spinner';
import { useSaveSmallTalkQuestions, useSmallTalkQuestions } from '../api/questions';
import { EntryDialog } from '../dialogs/entry-dialog';
import { emptyEntry, errorsOf, isDirty, listErrors, toDraft, toItems, type DraftEntry } from '../lib/draft';

type Editing = { key: number; entry: DraftEntry; index: number | null } | null;

/**
 * One language's small-talk list at a time (language tabs over the device's languages): entries
 * added, edited, removed and reordered here, saved together. Leaving with unsaved changes (another
 * language, another screen, a reload) asks first.
 */
export function QuestionsEditor({
  deviceId,
  languages,
  initialLanguage,
}: {
  deviceId: number;
  languages: readonly Language[];
  initialLanguage: Language;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const list = useSmallTalkQuestions(deviceId, language);
  const save = useSaveSmallTalkQuestions();
  const [entries, setEntries] = useState<DraftEntry[] | null>(null);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [nextDialog, setNextDialog] = useState(1);
  const [askLanguage, setAskLanguage] = useState<Language | null>(null);
  const [askRestore, setAskRestore] = useState(false);

  const saved = list.data ? toDraft(list.data) : [];
  const shown = entries ?? saved;
  const dirty = entries !== null && isDirty(entries, saved);
  const errors: FieldErrors = { ...(checked ? listErrors(t, shown) : {}), ...serverErrors };

  // Leaving with unsaved changes: the address waits for an answer, a reload asks the browser's way.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (next: DraftEntry[]) => {
    setEntries(next);
    setServerErrors({});
  };
  const switchTo = (next: Language) => {
    setLanguage(next);
    setEntries(null);
    setChecked(false);
    setServerErrors({});
  };
  const requestLanguage = (next: Language) => {
    if (next === language) return;
    if (dirty) setAskLanguage(next);
    else switchTo(next);
  };
  const open = (entry: DraftEntry, index: number | null) => {
    setEditing({ key: nextDialog, entry, index });
    setNextDialog((n) => n + 1);
  };

  const submit = async (reset = false) => {
    if (!reset) {
      setChecked(true);
      if (Object.keys(listErrors(t, shown)).length > 0) {
        notify.error(t('small_talk.list.fix_first'));
        return;
      }
    }
    const result = await notify.run(
      () =>
        save.mutateAsync({
          device_id: deviceId,
          language,
          items: reset ? [] : toItems(shown),
          ...(reset && { reset: true }),
        }),
      {
        loading: t('small_talk.saving'),
        success: reset ? t('small_talk.list.restored') : t('small_talk.list.saved'),
        error: (error) => errorMessage(error, t('small_talk.list.save_failed')),
      },
    );
    if (result.ok) {
      setEntries(null);
      setChecked(false);
      setServerErrors({});
    } else if (result.error instanceof ApiError && result.error.issues.length > 0) {
      setServerErrors(fieldErrors(t, result.error.issues));
    }
  };

  const listError = errors.items;
  const full = shown.length >= SMALL_TALK_MAX_ITEMS;

  return (
    <Card component="section" aria-labelledby="small-talk-list-title" data-testid="small-talk-list">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="small-talk-list-title" component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
            {t('small_talk.list.title')}
          </Typography>
          {list.data?.is_starter && entries === null && (
            <Chip
              size="small"
              color="info"
              label={t('small_talk.list.starter')}
              data-testid="small-talk-starter"
            />
          )}
          {dirty && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('small_talk.list.unsaved')}
              data-testid="small-talk-unsaved"
            />
          )}
          <Box sx={{ flex: 1 }} />
          <Button
            startIcon={<RestoreOutlined />}
            onClick={() => setAskRestore(true)}
            disabled={!list.data || save.isPending || (list.data.is_starter && !dirty)}
            data-testid="small-talk-restore"
          >
            {t('small_talk.list.restore')}
          </Button>
          <Button
            variant="contained"
            startIcon={save.isPending ? <Spinner size={16} color="inherit" /> : <SaveOutlined />}
            onClick={() => void submit()}
            disabled={!dirty || save.isPending}
            data-testid="small-talk-save"
          >
            {t('common.save')}
          </Button>
        </Box>
        <LanguageTabs
          value={language}
          onChange={requestLanguage}
          languages={languages}
          testIdPrefix="small-talk-language"
          ariaLabel={t('small_talk.list.languages')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('small_talk.list.intro', { language: t(`languages.${language}`) })}
        </Typography>
        {listError && (
          <Alert severity="error" data-testid="small-talk-list-error">
            {listError}
          </Alert>
        )}
        {list.isError ? (
          <RetryAlert
            error={list.error}
            fallback={t('small_talk.load_failed')}
            onRetry={() => void list.refetch()}
          />
        ) : !list.data ? (
          <Box aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Typography
            color="text.secondary"
            sx={{ py: 3, textAlign: 'center' }}
            data-testid="small-talk-empty"
          >
            {t('small_talk.list.empty')}
          </Typography>
        ) : (
          <SortableList
            items={shown}
            getKey={(entry) => entry.key}
            getName={(entry) => entry.questions[0] ?? t('small_talk.list.untitled')}
            label={t('small_talk.list.title')}
            onMove={(from, to) => change(moved(shown, from, to))}
            onDelete={(entry) => change(shown.filter((e) => e.key !== entry.key))}
            busy={save.isPending}
            itemTestId="small-talk-entry"
            deleteTestId="small-talk-entry-delete"
            renderItem={(entry, index) => {
              const problems = Object.values(errorsOf(errors, index));
              return (
                <Box sx={{ flex: '1 1 320px', minWidth: 0, display: 'grid', gap: 0.5 }}>
                  <Box
                    sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
                    data-testid="small-talk-entry-questions"
                  >
                    {entry.questions.map((question, i) => (
                      <Chip key={`${i}-${question}`} size="small" variant="outlined" label={question} />
                    ))}
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    data-testid="small-talk-entry-answer"
                  >
                    {entry.answer}
                  </Typography>
                  {entry.speech && (
                    <Typography variant="caption" color="text.secondary">
                      {t('small_talk.list.speech', { speech: entry.speech })}
                    </Typography>
                  )}
                  {problems.length > 0 && (
                    <Typography
                      variant="caption"
                      color="error"
                      sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                      data-testid="small-talk-entry-error"
                    >
                      <ErrorOutline sx={{ fontSize: 16 }} aria-hidden="true" />
                      {[...new Set(problems)].join(' · ')}
                    </Typography>
                  )}
                </Box>
              );
            }}
            // Beside the row's arrows and delete, on their line (under the answer it sat low).
            renderActions={(entry, index) => (
              <IconButton
                aria-label={t('small_talk.list.edit', { name: entry.questions[0] ?? '' })}
                onClick={() => open(entry, index)}
                data-testid="small-talk-entry-edit"
              >
                <EditOutlined />
              </IconButton>
            )}
          />
        )}
        <Box>
          <Button
            startIcon={<Add />}
            onClick={() => open(emptyEntry(), null)}
            disabled={!list.data || full}
            data-testid="small-talk-add"
          >
            {full ? t('small_talk.list.full', { max: SMALL_TALK_MAX_ITEMS }) : t('small_talk.list.add')}
          </Button>
        </Box>
      </CardContent>
      {editing && (
        <EntryDialog
          key={editing.key}
          open
          entry={editing.entry}
          isNew={editing.index === null}
          onClose={() => setEditing(null)}
          onDone={(entry) => {
            const index = editing.index;
            change(index === null ? [...shown, entry] : shown.map((e, i) => (i === index ? entry : e)));
            setEditing(null);
          }}
        />
      )}
      <QuitEditingDialog
        open={askLanguage !== null || blocker.state === 'blocked'}
        onKeep={() => {
          setAskLanguage(null);
          if (blocker.state === 'blocked') blocker.reset();
        }}
        onQuit={() => {
          if (blocker.state === 'blocked') blocker.proceed();
          else if (askLanguage) switchTo(askLanguage);
          setAskLanguage(null);
        }}
      />
      <QuitEditingDialog
        open={askRestore}
        onKeep={() => setAskRestore(false)}
        onQuit={() => {
          setAskRestore(false);
          void submit(true);
        }}
        title={t('small_talk.list.restore_title')}
        body={t('small_talk.list.restore_body', { language: t(`languages.${language}`) })}
        quitLabel={t('small_talk.list.restore_confirm')}
        keepLabel={t('common.cancel')}
        testId="small-talk-restore-dialog"
        quitTestId="small-talk-restore-confirm"
      />
    </Card>
  );
}
