import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import {
  CONTENT_KINDS,
  RESPONSE_AIMS,
  type AiResponse,
  type DeviceKind,
  type Language,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { translateRule } from '@/shared/api/api-error';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { useChanged, useQuitGuard } from '@/shared/ui/quit-editing-dialog';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';
import { useCreateResponse } from '../api/create-response';
import { useUpdateResponse } from '../api/update-response';
import { ContentEditor } from '../components/content-editors';
import { ResponsePreview } from '@/features/ai/common/components/response-preview';
import { SpeechPlayButton } from '../components/speech-play-button';
import { aiErrorMessage } from '@/features/ai/common/lib/ai-errors';
import {
  draftFromResponse,
  draftKey,
  moveItem,
  newContent,
  requestFromDraft,
  validateDraft,
  type ResponseAim,
  type ResponseDraft,
} from '../lib/response-draft';

const AIM_ICONS: Record<ResponseAim, typeof InfoOutlined> = {
  ask_for_selection: TouchAppOutlined,
  give_info: InfoOutlined,
  interactive_builder: AccountTreeOutlined,
};

export type ComposeResponseDialogProps = {
  open: boolean;
  intentId: number;
  language: Language;
  deviceType: DeviceKind;
  /** Edit this response; without it the dialog adds one, asking for its aim first. */
  response?: AiResponse;
  onClose: () => void;
};

/** The select-response-aim step: one choice per aim, each with a line of explanation. */
function AimStep({ value, onChoose }: { value: ResponseAim | null; onChoose: (aim: ResponseAim) => void }) {
  const { t } = useTranslation();
  return (
    <List sx={{ display: 'grid', gap: 1 }} data-testid="response-aims">
      {RESPONSE_AIMS.map((aim) => {
        const Icon = AIM_ICONS[aim];
        return (
          <Paper key={aim} variant="outlined">
            <ListItemButton
              selected={value === aim}
              onClick={() => onChoose(aim)}
              data-testid={`response-aim-${aim}`}
              sx={{ borderRadius: 1, py: 1.5 }}
            >
              <ListItemIcon>
                <Icon color="primary" />
              </ListItemIcon>
              <ListItemText
                primary={t(`responses.aim.names.${aim}`)}
                secondary={t(`responses.aim.hints.${aim}`)}
              />
            </ListItemButton>
          </Paper>
        );
      })}
    </List>
  );
}

/**
 * Compose response: choose the aim, then the speech and an ordered list of contents,
 * with a live preview as the device shows it. Mount with a fresh `key` each time it opens.
 */
export function ComposeResponseDialog({
  open,
  intentId,
  language,
  deviceType,
  response,
  onClose,
}: ComposeResponseDialogProps) {
  const { t } = useTranslation();
  const deviceId = useAiDeviceId();
  const createResponse = useCreateResponse();
  const updateResponse = useUpdateResponse();
  const editing = response !== undefined;
  const [step, setStep] = useState<'aim' | 'compose'>(editing ? 'compose' : 'aim');
  const [draft, setDraft] = useState<ResponseDraft>(() => draftFromResponse(response, 'give_info'));
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // A new response's aim is where it starts, not a change to lose.
  const dirty = useChanged(editing ? draft : { ...draft, response_aim: undefined });

  const lang = response?.language ?? language;
  const device = response?.device_type ?? deviceType;
  const context = {
    device_id: deviceId ?? 0,
    intent_id: intentId,
    language: lang,
    device_type: device,
    custom_content: response?.custom_content ?? '',
  };
  const errors = submitted ? validateDraft(draft, context) : {};
  const errorText = (path: string) => {
    const rule = errors[path];
    return rule ? translateRule(t, rule) : undefined;
  };
  const contentsError = errors.contents ? t('responses.rules.speech_or_content') : undefined;

  const setContents = (update: (contents: ResponseDraft['contents']) => ResponseDraft['contents']) =>
    setDraft((d) => ({ ...d, contents: update(d.contents) }));

  const save = async () => {
    if (submitting) return;
    setSubmitted(true);
    if (Object.keys(validateDraft(draft, context)).length > 0) {
      notify.error(t('responses.compose.invalid'));
      // Bring the first marked field into view once the errors have rendered.
      setTimeout(() => {
        const first = document.querySelector<HTMLElement>(
          '[data-testid="compose-dialog"] [aria-invalid="true"], [data-testid="compose-contents-error"]',
        );
        first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement) first.focus();
      }, 0);
      return;
    }
    setSubmitting(true);
    const body = requestFromDraft(draft, context);
    const result = response
      ? await notify.run(() => updateResponse.mutateAsync({ ...body, id: response.id }), {
          loading: t('common.updating'),
          success: t('responses.updated'),
          error: (e) => aiErrorMessage(e, t),
        })
      : await notify.run(() => createResponse.mutateAsync(body), {
          loading: t('common.adding'),
          success: t('responses.added'),
          error: (e) => aiErrorMessage(e, t),
        });
    setSubmitting(false);
    if (result.ok) onClose();
  };

  const guard = useQuitGuard(dirty, onClose);
  const close = () => {
    if (!submitting) guard.requestClose();
  };

  const subtitle = t('responses.compose.context', {
    language: t(`languages.${lang}`),
    device: t(`responses.device_types.${device}`),
  });

  return (
    <>
      <Dialog
        open={open}
        onClose={(_event, reason) => {
          if (reason !== 'backdropClick') close();
        }}
        maxWidth={false}
        fullWidth
        slotProps={{ paper: { sx: { maxWidth: step === 'aim' ? 480 : 1156 } } }}
        aria-labelledby="compose-dialog-title"
        data-testid={step === 'aim' ? 'response-aim-dialog' : 'compose-dialog'}
      >
        <DialogTitle id="compose-dialog-title" sx={{ pb: 0.5 }}>
          {step === 'aim'
            ? t('responses.aim.title')
            : editing
              ? t('responses.compose.edit_title')
              : t('responses.compose.add_title')}
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        </DialogTitle>
        {step === 'aim' ? (
          <>
            <DialogContent>
              <AimStep
                value={editing ? draft.response_aim : null}
                onChoose={(aim) => {
                  setDraft((d) => ({ ...d, response_aim: aim }));
                  setStep('compose');
                }}
              />
            </DialogContent>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 3, pb: 2 }}>
              <Button onClick={close} data-testid="dialog-cancel">
                {t('common.cancel')}
              </Button>
            </Box>
          </>
        ) : (
          <>
            <DialogContent
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' },
                gap: 3,
                pt: '12px !important',
              }}
            >
              <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('responses.aim.label')}
                  </Typography>
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t(`responses.aim.names.${draft.response_aim}`)}
                    data-testid="compose-aim"
                  />
                  <Button size="small" onClick={() => setStep('aim')} disabled={submitting}>
                    {t('responses.aim.change')}
                  </Button>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    label={t('responses.compose.speech')}
                    value={draft.speech}
                    onChange={(event) => setDraft((d) => ({ ...d, speech: event.target.value }))}
                    multiline
                    minRows={2}
                    fullWidth
                    error={Boolean(errorText('speech'))}
                    helperText={errorText('speech') ?? t('responses.compose.speech_hint')}
                    slotProps={{ htmlInput: { 'data-testid': 'compose-speech', maxLength: 1000 } }}
                  />
                  <Box sx={{ pt: 1 }}>
                    <SpeechPlayButton text={draft.speech} language={lang} />
                  </Box>
                </Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('responses.compose.contents')}
                </Typography>
                {contentsError && (
                  <Alert severity="error" data-testid="compose-contents-error">
                    {contentsError}
                  </Alert>
                )}
                {draft.contents.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('responses.compose.no_contents')}
                  </Typography>
                )}
                {draft.contents.map((item, index) => (
                  <Paper
                    key={item.key}
                    variant="outlined"
                    sx={{ p: 1.5 }}
                    data-testid={`compose-content-${index}`}
                    data-kind={item.content.type}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                      <Typography variant="subtitle2" sx={{ flex: 1 }}>
                        {index + 1}. {t(`responses.kinds.${item.content.type}`)}
                      </Typography>
                      <Tooltip title={t('responses.compose.move_up')}>
                        <span>
                          <IconButton
                            size="small"
                            disabled={index === 0}
                            onClick={() => setContents((c) => moveItem(c, index, index - 1))}
                            aria-label={t('responses.compose.move_up')}
                            data-testid={`compose-move-up-${index}`}
                          >
                            <ArrowUpward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('responses.compose.move_down')}>
                        <span>
                          <IconButton
                            size="small"
                            disabled={index === draft.contents.length - 1}
                            onClick={() => setContents((c) => moveItem(c, index, index + 1))}
                            aria-label={t('responses.compose.move_down')}
                            data-testid={`compose-move-down-${index}`}
                          >
                            <ArrowDownward fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('responses.compose.remove')}>
                        <IconButton
                          size="small"
                          onClick={() => setContents((c) => c.filter((_, i) => i !== index))}
                          aria-label={t('responses.compose.remove')}
                          data-testid={`compose-remove-${index}`}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                    <ContentEditor
                      content={item.content}
                      onChange={(content) =>
                        setContents((c) => c.map((other, i) => (i === index ? { ...other, content } : other)))
                      }
                      language={lang}
                      errorAt={(path) => errorText(`contents.${index}.${path}`)}
                    />
                  </Paper>
                ))}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('responses.compose.add_content')}
                  </Typography>
                  {CONTENT_KINDS.map((kind) => (
                    <Button
                      key={kind}
                      size="small"
                      variant="outlined"
                      startIcon={<AddIcon />}
                      disabled={draft.contents.length >= 20}
                      onClick={() =>
                        setContents((c) => [...c, { key: draftKey(), content: newContent(kind) }])
                      }
                      data-testid={`compose-add-${kind}`}
                    >
                      {t(`responses.kinds.${kind}`)}
                    </Button>
                  ))}
                </Box>
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ position: 'sticky', top: 0 }}>
                  <Typography
                    variant="subtitle2"
                    sx={{ mb: 1, display: 'flex', gap: 0.5, alignItems: 'center' }}
                  >
                    <ListAltOutlined fontSize="small" />
                    {t('responses.compose.preview')}
                  </Typography>
                  <ResponsePreview
                    response={{ speech: draft.speech, contents: draft.contents.map((item) => item.content) }}
                  />
                </Box>
              </Box>
            </DialogContent>
            <DialogButtons
              onCancel={close}
              submitting={submitting}
              submitLabel={t('responses.compose.save')}
              onSubmit={() => void save()}
              submitTestId="compose-save"
            />
          </>
        )}
      </Dialog>
      {guard.dialog}
    </>
  );
}
