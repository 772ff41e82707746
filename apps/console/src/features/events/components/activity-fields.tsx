import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import {
  COUNTDOWN_SECONDS,
  EVENT_TEXT_MAX,
  IMAGE_TYPES,
  IMAGE_UPLOAD_MAX_BYTES,
  VIDEO_REPEAT_OPTIONS,
  VIDEO_REPEAT_TIMES,
  VIDEO_TYPES,
  VIDEO_UPLOAD_MAX_BYTES,
  type Activity,
  type Language,
  type QuizSummary,
  type Rule,
} from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, translateRule } from '@/shared/api/api-error';
import { ImageUploadField } from '@/shared/ui/image-upload-field';
import { notify } from '@/shared/ui/snackbar/snackbar-store';
import { UploadProgress } from '@/shared/upload/upload-progress';
import { useResumableImageUpload } from '@/shared/upload/use-resumable-image-upload';
import { useResumableUpload } from '@/shared/upload/use-resumable-upload';

type Of<T extends Activity['type']> = Extract<Activity, { type: T }>;

/** What every activity's fields get: the activity, its change, its marks and the device. */
export type FieldsProps<T extends Activity['type']> = {
  activity: Of<T>;
  /** Changes some fields (by the activity's key: an upload may finish after a reorder). */
  onChange: (patch: Partial<Of<T>>) => void;
  /** The rule a field failed, if any. */
  markOf: (field: string) => Rule | undefined;
  language: Language;
  deviceId: number;
  /** Prefix of the fields' test ids, unique in the editor. */
  testId: string;
};

/** A whole number from a number field: '' is none (null). */
function wholeOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** Media the editor knows of an activity besides its fields: a fresh video's poster, a failed upload's reason. */
export type ActivityMedia = { poster?: string; error?: string };

/**
 * A video: played once or repeated (extra plays, 0 allowed), uploaded through the resumable
 * pipeline (kind video). The video shows with its poster; a failed upload leaves the activity as
 * it was (without a video when it had none) and says why.
 */
export function VideoFields({
  activity,
  onChange,
  markOf,
  deviceId,
  testId,
  media,
  onMedia,
}: FieldsProps<'video'> & { media: ActivityMedia; onMedia: (media: ActivityMedia) => void }) {
  const { t } = useTranslation();
  const resumable = useResumableUpload();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const rule = (field: string) => {
    const r = markOf(field);
    return r ? translateRule(t, r) : undefined;
  };
  const maxMb = VIDEO_UPLOAD_MAX_BYTES / 1024 / 1024;

  const choose = async (file: File | undefined) => {
    if (!file || resumable.status) return;
    if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
      const reason = t('events.video.too_large', { mb: maxMb });
      onMedia({ error: reason });
      notify.error(reason);
      return;
    }
    onMedia({});
    try {
      const item = await resumable.upload(file, { deviceId, kind: 'video' });
      onChange({ url: item.url });
      onMedia(item.poster_url ? { poster: item.poster_url } : {});
      notify.success(t('events.video.uploaded'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cancelled') return;
      const reason = t('events.video.failed', {
        name: file.name,
        reason: errorMessage(error, t('errors.unknown')),
      });
      onMedia({ error: reason });
      notify.error(reason);
    }
  };

  const problem = media.error ?? rule('url');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <FormControl error={Boolean(rule('repeat_option'))} required>
          <FormLabel id={`${id}-plays`}>{t('events.video.plays')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-plays`}
            value={activity.repeat_option ?? ''}
            onChange={(e) =>
              onChange({ repeat_option: e.target.value as (typeof VIDEO_REPEAT_OPTIONS)[number] })
            }
          >
            {VIDEO_REPEAT_OPTIONS.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                label={t(`events.video.${option}`)}
                control={<Radio slotProps={{ input: { 'data-testid': `${testId}-${option}` } as object }} />}
              />
            ))}
          </RadioGroup>
          {rule('repeat_option') && <FormHelperText>{rule('repeat_option')}</FormHelperText>}
        </FormControl>
        {activity.repeat_option === 'repeat' && (
          <TextField
            label={t('events.video.repeat_times')}
            type="number"
            size="small"
            required
            value={activity.repeat_times ?? ''}
            onChange={(e) => onChange({ repeat_times: wholeOrNull(e.target.value) })}
            error={Boolean(rule('repeat_times'))}
            helperText={
              rule('repeat_times') ??
              t('events.video.repeat_hint', { min: VIDEO_REPEAT_TIMES.min, max: VIDEO_REPEAT_TIMES.max })
            }
            slotProps={{
              htmlInput: {
                min: VIDEO_REPEAT_TIMES.min,
                max: VIDEO_REPEAT_TIMES.max,
                step: 1,
                inputMode: 'numeric',
                'data-testid': `${testId}-repeat-times`,
              },
            }}
            sx={{ width: 220 }}
          />
        )}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
          {t('events.video.label')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {activity.url && (
            <Box
              component="video"
              src={activity.url}
              poster={media.poster}
              preload={media.poster ? 'none' : 'metadata'}
              muted
              controls
              aria-label={t('events.video.preview')}
              data-testid={`${testId}-video`}
              sx={{ width: 200, height: 112, bgcolor: 'common.black', borderRadius: 1 }}
            />
          )}
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadOutlined />}
            disabled={resumable.status !== null}
            onClick={() => input.current?.click()}
            aria-describedby={`${id}-hint`}
            data-testid={`${testId}-upload`}
          >
            {activity.url ? t('events.video.replace') : t('events.video.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={VIDEO_TYPES.join(',')}
            hidden
            data-testid={`${testId}-input`}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>
        {resumable.status && (
          <Box sx={{ mt: 1 }}>
            <UploadProgress
              id={`${id}-progress`}
              status={resumable.status}
              label={resumable.status.name}
              onPause={resumable.pause}
              onResume={resumable.resume}
              onCancel={resumable.cancel}
            />
          </Box>
        )}
        <Typography
          id={`${id}-hint`}
          variant="caption"
          color={problem ? 'error' : 'text.secondary'}
          role={problem ? 'alert' : undefined}
          sx={{ display: 'block', mt: 0.5 }}
          data-testid={`${testId}-video-problem`}
        >
          {problem ?? t('events.video.hint', { mb: maxMb })}
        </Typography>
      </Box>
    </Box>
  );
}

/** A spoken announcement: the script shown, the speech said, an optional countdown and image. */
export function TtsFields({ activity, onChange, markOf, deviceId, testId }: FieldsProps<'tts'>) {
  const { t } = useTranslation();
  const upload = useResumableImageUpload(deviceId);
  const rule = (field: string) => {
    const r = markOf(field);
    return r ? translateRule(t, r) : undefined;
  };
  const maxMb = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;
  const text = (field: 'script' | 'speech') => (
    <TextField
      label={t(`events.tts.${field}`)}
      value={activity[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
      required
      multiline
      minRows={2}
      error={Boolean(rule(field))}
      helperText={
        rule(field) ?? `${t(`events.tts.${field}_hint`)} ${activity[field].length} / ${EVENT_TEXT_MAX}`
      }
      slotProps={{ htmlInput: { maxLength: EVENT_TEXT_MAX, 'data-testid': `${testId}-${field}` } }}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {text('script')}
      {text('speech')}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={activity.is_countdown}
              onChange={(e) =>
                onChange({
                  is_countdown: e.target.checked,
                  countdown: e.target.checked ? (activity.countdown ?? COUNTDOWN_SECONDS.default) : null,
                })
              }
              slotProps={{ input: { 'data-testid': `${testId}-countdown-switch` } as object }}
            />
          }
          label={t('events.tts.countdown_switch')}
        />
        {activity.is_countdown && (
          <TextField
            label={t('events.tts.countdown')}
            type="number"
            size="small"
            required
            value={activity.countdown ?? ''}
            onChange={(e) => onChange({ countdown: wholeOrNull(e.target.value) })}
            error={Boolean(rule('countdown'))}
            helperText={
              rule('countdown') ??
              t('events.tts.countdown_hint', { min: COUNTDOWN_SECONDS.min, max: COUNTDOWN_SECONDS.max })
            }
            slotProps={{
              htmlInput: {
                min: COUNTDOWN_SECONDS.min,
                max: COUNTDOWN_SECONDS.max,
                step: 1,
                inputMode: 'numeric',
                'data-testid': `${testId}-countdown`,
              },
            }}
            sx={{ width: 200 }}
          />
        )}
      </Box>
      <ImageUploadField
        value={activity.image_url}
        onChange={(url) => onChange({ image_url: url })}
        upload={upload}
        texts={{
          label: t('events.tts.image'),
          alt: t('events.tts.image_alt'),
          upload: t('events.tts.image_upload'),
          replace: t('events.tts.image_replace'),
          uploading: t('events.tts.image_uploading'),
          uploaded: t('events.tts.image_uploaded'),
          remove: t('events.tts.image_remove'),
          hint: t('events.tts.image_hint', { mb: maxMb }),
          tooLarge: t('events.tts.image_too_large', { mb: maxMb }),
          wrongType: t('events.tts.image_wrong_type'),
        }}
        errorText={(e) => errorMessage(e, t('errors.unknown'))}
        accept={IMAGE_TYPES.join(',')}
        error={rule('image_url')}
        testIds={{
          input: `${testId}-image-input`,
          preview: `${testId}-image`,
          remove: `${testId}-image-remove`,
        }}
        removable
      />
    </Box>
  );
}

/** Why a quiz cannot be picked for a language, or what it still lacks there. */
function quizNote(quiz: QuizSummary, language: Language): { disabled: boolean; rule: Rule } | null {
  if (!quiz.languages.includes(language)) {
    return { disabled: true, rule: { key: 'event_quiz_language', params: {} } };
  }
  if (!quiz.ready_languages.includes(language)) {
    return { disabled: false, rule: { key: 'event_quiz_incomplete', params: {} } };
  }
  return null;
}

/**
 * A quiz of the device's library. Quizzes without a version in the flow's language are shown but
 * cannot be chosen, with the reason; one whose questions are not all complete there says so.
 */
export function QuizFields({
  activity,
  onChange,
  markOf,
  language,
  testId,
  quizzes,
}: FieldsProps<'quiz'> & { quizzes: readonly QuizSummary[] | undefined }) {
  const { t } = useTranslation();
  const mark = markOf('quiz_id');
  const chosen = quizzes?.find((q) => q.quiz_id === activity.quiz_id);
  const note = chosen ? quizNote(chosen, language) : null;
  const helper = mark
    ? translateRule(t, mark)
    : note
      ? translateRule(t, note.rule)
      : quizzes?.length === 0
        ? t('events.quiz_activity.none')
        : t('events.quiz_activity.hint');
  return (
    <TextField
      select
      label={t('events.quiz_activity.label')}
      value={activity.quiz_id === null ? '' : String(activity.quiz_id)}
      onChange={(e) => onChange({ quiz_id: e.target.value === '' ? null : Number(e.target.value) })}
      required
      error={Boolean(mark)}
      helperText={helper}
      disabled={!quizzes}
      slotProps={{
        htmlInput: { 'data-testid': `${testId}-quiz` },
        // The chosen quiz by its name alone (the menu's reasons stay in the menu).
        select: {
          renderValue: (value) =>
            quizzes?.find((q) => String(q.quiz_id) === value)?.quiz_name ??
            t('events.quiz_activity.missing', { id: String(value) }),
        },
      }}
      sx={{ maxWidth: 480 }}
    >
      {/* A quiz no longer in the library still shows as chosen, so its mark makes sense. */}
      {activity.quiz_id !== null && !chosen && (
        <MenuItem value={String(activity.quiz_id)} disabled>
          {t('events.quiz_activity.missing', { id: activity.quiz_id })}
        </MenuItem>
      )}
      {(quizzes ?? []).map((quiz) => {
        const why = quizNote(quiz, language);
        return (
          <MenuItem
            key={quiz.quiz_id}
            value={String(quiz.quiz_id)}
            disabled={why?.disabled ?? false}
            data-testid={`${testId}-quiz-option-${quiz.quiz_id}`}
          >
            <ListItemText
              primary={quiz.quiz_name}
              secondary={why ? translateRule(t, why.rule) : undefined}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        );
      })}
    </TextField>
  );
}

/** Hands the visitor to the assistant: nothing to fill in. */
export function NlpFields() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('events.nlp.explanation')}
    </Typography>
  );
}
