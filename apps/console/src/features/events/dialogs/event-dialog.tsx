import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Activity, Event, Language, ValidationIssue } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { LanguageTabs } from '@/shared/ui/language-tabs';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { eventQueryOptions, useEvent, useUpdateEvent } from '../api/event-api';
import { useQuizzes } from '../api/quiz-api';
import type { ActivityMedia } from '../components/activity-fields';
import { ControlView } from '../components/control-view';
import { FlowEditor } from '../components/flow-editor';
import { RetryAlert } from '@/shared/ui/retry-alert';
import {
  checkDraft,
  draftOf,
  flowOf,
  flowsToSave,
  hasFlowIssues,
  isDirty,
  markedLanguages,
  quizFacts,
  serverMarks,
  withoutMarks,
  type EventDraft,
  type Marks,
} from '../lib/flow-form';
import { EventNamingDialog, type EventNaming } from './event-naming-dialog';
import { QuitEditingDialog } from '@/shared/ui/quit-editing-dialog';

/** Event detail: add (right after creating), edit, or control (the runs of the current event). */
export type EventDialogMode = 'add' | 'edit' | 'control';

/** The event detail dialog is 1156 px wide. */
const WIDTH = 1156;
const TITLE_ID = 'event-dialog-title';

type Props = {
  open: boolean;
  deviceId: number;
  eventId: number;
  mode: EventDialogMode;
  /** A refused "make current": the fields to mark when the editor opens. */
  initialIssues?: readonly ValidationIssue[] | undefined;
  /** The device's languages, for renaming and choosing languages. */
  offered: readonly Language[];
  onClose: () => void;
};

/** Event detail: loads the event, then shows its editor or its control view. */
export function EventDialog(props: Props) {
  const { t } = useTranslation();
  const { open, deviceId, eventId, mode, onClose } = props;
  const event = useEvent(deviceId, eventId);

  if (event.data && mode !== 'control') return <EventEditor {...props} event={event.data} />;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: WIDTH } } }}
      aria-labelledby={TITLE_ID}
      data-testid="event-dialog"
      data-mode={mode}
    >
      <DialogTitle id={TITLE_ID}>
        {event.data ? t('events.control_title', { title: event.data.title }) : t('events.loading')}
      </DialogTitle>
      <DialogContent>
        {event.isError ? (
          <RetryAlert error={event.error} onRetry={() => void event.refetch()} />
        ) : !event.data ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <ControlView deviceId={deviceId} event={event.data} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="dialog-cancel">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The editor: per language of the event a tab with its flow. Save checks every language's flow
 * for completeness: any failure says 'Fields incompleted', marks every failing field and the tabs
 * of the languages that have one, and sends nothing. The save names the version read, so a save over
 * someone else's is refused (409 event_changed) and offers to reload. Unsaved changes are asked
 * about before the dialog closes, the address changes or the page unloads.
 */
function EventEditor({
  open,
  deviceId,
  mode,
  initialIssues,
  offered,
  onClose,
  event,
}: Props & { event: Event }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const quizzes = useQuizzes(deviceId);
  const update = useUpdateEvent();
  const [saved, setSaved] = useState<EventDraft>(() => draftOf(event));
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(event));
  const [version, setVersion] = useState(event.version);
  const [fromServer, setFromServer] = useState<Marks>(() =>
    initialIssues ? serverMarks(initialIssues, event.flows) : new Map(),
  );
  // After a refused save the rules are shown live: a fixed field loses its mark at once.
  const [checked, setChecked] = useState(false);
  const [language, setLanguage] = useState<Language>(() => {
    const first = initialIssues
      ? markedLanguages(serverMarks(initialIssues, event.flows), event.languages)
      : [];
    return first[0] ?? event.languages[0] ?? 'english';
  });
  const [media, setMedia] = useState<Record<string, ActivityMedia>>({});
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [askQuit, setAskQuit] = useState(false);
  const [renaming, setRenaming] = useState(0);

  const facts = quizzes.data ? quizFacts(quizzes.data) : null;
  const live: Marks = checked && facts ? checkDraft(draft, facts) : new Map();
  const marks: Marks = new Map([...fromServer, ...live]);
  const marked = markedLanguages(marks, draft.languages);
  const dirty = isDirty(draft, saved);
  // A closed editor (fading out, or kept until the next one opens) holds nothing back.
  const guarding = open && dirty;

  // Leaving with unsaved changes: the address (links, Back) waits for an answer, a reload asks the browser's way.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarding &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!guarding) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when a value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarding]);

  const requestClose = () => {
    if (dirty) setAskQuit(true);
    else onClose();
  };
  const keepEditing = () => {
    setAskQuit(false);
    if (blocker.state === 'blocked') blocker.reset();
  };
  const quit = () => {
    setAskQuit(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else onClose();
  };

  const setFlow = (lang: Language, next: (flow: Activity[]) => Activity[]) =>
    setDraft((d) => ({ ...d, flows: { ...d.flows, [lang]: next(flowOf(d, lang)) } }));
  const patch = (lang: Language, key: string, changes: Partial<Activity>) => {
    setFlow(lang, (flow) => flow.map((a) => (a.key === key ? ({ ...a, ...changes } as Activity) : a)));
    setFromServer((m) => withoutMarks(m, lang, key, Object.keys(changes)));
  };

  const showFirstMarked = (found: Marks) => {
    const languages = markedLanguages(found, draft.languages);
    if (languages.length > 0 && !languages.includes(language)) setLanguage(languages[0]!);
  };

  const save = async () => {
    if (!facts || update.isPending) return;
    const found = checkDraft(draft, facts);
    if (found.size > 0) {
      setChecked(true);
      showFirstMarked(found);
      notify.error(t('rules.fields_incompleted'));
      return;
    }
    const flows = flowsToSave(draft);
    const result = await notify.run(
      () =>
        update.mutateAsync({
          event_id: event.id,
          device_id: deviceId,
          version,
          title: draft.title,
          languages: draft.languages,
          flows,
        }),
      {
        loading: t('common.updating'),
        success: (e) => t('events.saved', { title: e.title }),
        error: (e) =>
          e instanceof ApiError && e.code === 'validation_error' && hasFlowIssues(e.issues)
            ? t('rules.fields_incompleted')
            : errorMessage(e, t('errors.unknown')),
      },
    );
    if (result.ok) {
      const next = draftOf(result.data);
      setSaved(next);
      setDraft(next);
      setVersion(result.data.version);
      onClose();
      return;
    }
    const error = result.error;
    if (error instanceof ApiError && error.code === 'event_changed') setChangedMeanwhile(true);
    if (error instanceof ApiError && hasFlowIssues(error.issues)) {
      const found = serverMarks(error.issues, flows);
      setFromServer(found);
      setChecked(true);
      showFirstMarked(found);
    }
  };

  /** Someone else saved: read the event again and start from theirs (this draft is dropped). */
  const reload = async () => {
    const fresh = await notify.run(
      () => queryClient.fetchQuery({ ...eventQueryOptions(deviceId, event.id), staleTime: 0 }),
      { loading: t('common.loading'), success: t('events.reloaded') },
    );
    if (!fresh.ok) return;
    const next = draftOf(fresh.data);
    setSaved(next);
    setDraft(next);
    setVersion(fresh.data.version);
    setFromServer(new Map());
    setChecked(false);
    setChangedMeanwhile(false);
    if (!fresh.data.languages.includes(language)) setLanguage(fresh.data.languages[0] ?? 'english');
  };

  const rename = async (naming: EventNaming) => {
    setDraft((d) => ({ ...d, title: naming.title, languages: naming.languages }));
    if (!naming.languages.includes(language)) setLanguage(naming.languages[0]!);
    return true;
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={(_e, reason) => {
          // A stray click beside it never throws a draft away; Escape asks like Cancel.
          if (reason !== 'backdropClick') requestClose();
        }}
        maxWidth={false}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: WIDTH } } }}
        aria-labelledby={TITLE_ID}
        data-testid="event-dialog"
        data-mode={mode}
      >
        <DialogTitle
          id={TITLE_ID}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 2 }}
        >
          <Box component="span" sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
            {mode === 'add'
              ? t('events.editor.add_title', { title: draft.title })
              : t('events.editor.edit_title', { title: draft.title })}
          </Box>
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => setRenaming((n) => n + 1)}
            data-testid="event-rename"
          >
            {t('events.editor.rename')}
          </Button>
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {changedMeanwhile && (
            <Alert
              severity="warning"
              data-testid="event-changed"
              action={
                <Button color="inherit" size="small" onClick={() => void reload()} data-testid="event-reload">
                  {t('common.reload')}
                </Button>
              }
            >
              {t('errors.codes.event_changed')}
            </Alert>
          )}
          {quizzes.isError && (
            <RetryAlert
              error={quizzes.error}
              fallback={t('events.quiz_activity.load_failed')}
              onRetry={() => void quizzes.refetch()}
            />
          )}
          <Typography variant="body2" color="text.secondary">
            {t('events.editor.intro')}
          </Typography>
          <Box>
            <LanguageTabs
              value={language}
              onChange={setLanguage}
              languages={draft.languages}
              marked={marked}
              testIdPrefix="event-language"
              ariaLabel={t('events.editor.languages_label')}
            />
            {draft.languages.map((lang) => (
              <Box key={lang} hidden={lang !== language} sx={{ pt: 2 }}>
                <FlowEditor
                  language={lang}
                  flow={flowOf(draft, lang)}
                  onFlow={(flow) => {
                    setFlow(lang, () => flow);
                    if (flow.length > 0) setFromServer((m) => withoutMarks(m, lang, '', []));
                  }}
                  onPatch={(key, changes) => patch(lang, key, changes)}
                  marks={marks}
                  quizzes={quizzes.data}
                  deviceId={deviceId}
                  media={media}
                  onMedia={(key, m) => setMedia((all) => ({ ...all, [key]: m }))}
                />
              </Box>
            ))}
          </Box>
        </DialogContent>
        <DialogButtons
          onCancel={requestClose}
          submitting={update.isPending}
          submitLabel={t('common.save')}
          onSubmit={() => void save()}
          submitDisabled={!facts}
          submitTestId="event-save"
        />
      </Dialog>
      {renaming > 0 && (
        <EventNamingDialog
          key={renaming}
          open={renaming > 0}
          title={t('events.naming.rename_title')}
          initial={{ title: draft.title, languages: draft.languages }}
          offered={offered}
          submitLabel={t('events.naming.apply')}
          onSubmit={rename}
          onClose={() => setRenaming(0)}
        />
      )}
      <QuitEditingDialog
        open={askQuit || blocker.state === 'blocked'}
        onKeep={keepEditing}
        onQuit={quit}
        title={t('events.quit.title')}
        body={t('events.quit.body')}
        quitLabel={t('events.quit.confirm')}
      />
    </>
  );
}
