import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { AVATAR_PHOTO_TYPES, type AvatarPhoto } from '@ambassador/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { FormDialog } from '@/shared/ui/form-dialog';
import { useChanged } from '@/shared/ui/quit-editing-dialog';
import { checkPhoto } from '../api/avatars';
import { AvatarNameField, useAvatarName } from '../components/avatar-name-field';

/**
 * Create avatar, then submit it: a portrait is picked, uploaded with its
 * progress and its face checked by the server (a refusal says why and how to retake it); then the
 * avatar is named and submitted, with how long making it takes.
 */
export function CreateAvatarDialog({
  deviceId,
  productionSeconds,
  onClose,
  onSubmit,
}: {
  deviceId: number;
  productionSeconds: number | undefined;
  onClose: () => void;
  /** Resolves true when the avatar was created (the dialog closes). */
  onSubmit: (imageId: number, name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [photo, setPhoto] = useState<AvatarPhoto | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = useAvatarName();
  const [submitting, setSubmitting] = useState(false);
  // An accepted photo or a typed name is worth asking about; a refused photo is not.
  const dirty = useChanged({ photo: photo?.image_id ?? null, name: name.field.value });

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPreview(URL.createObjectURL(file));
    setPhoto(null);
    setRefusal(null);
    setProgress(0);
    try {
      setPhoto(await checkPhoto(deviceId, file, { onProgress: setProgress, signal: controller.signal }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setRefusal(errorMessage(error, t('interface.avatars.create_dialog.refused_title')));
    } finally {
      if (abort.current === controller) setProgress(null);
    }
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!photo) return;
    const checked = name.checked();
    if (checked === null) return;
    setSubmitting(true);
    const done = await onSubmit(photo.image_id, checked);
    setSubmitting(false);
    if (done) onClose();
  };

  const checking = progress !== null;
  return (
    <FormDialog
      open
      dirty={dirty}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      title={t('interface.avatars.create_dialog.title')}
      testId="avatar-create-dialog"
      width={520}
      submitLabel={t('interface.avatars.create_dialog.submit')}
      submitDisabled={!photo || checking}
      submitTestId="avatar-submit"
    >
      <Typography variant="body2" color="text.secondary">
        {t('interface.avatars.create_dialog.photo_hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          sx={{
            width: 140,
            aspectRatio: '4 / 5',
            flex: 'none',
            borderRadius: 1,
            bgcolor: 'grey.100',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('interface.avatars.create_dialog.preview_alt')}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <PhotoCameraOutlined color="disabled" fontSize="large" />
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 1, flex: 1 }}>
          <Button
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={checking || submitting}
            data-testid="avatar-choose-photo"
          >
            {preview
              ? t('interface.avatars.create_dialog.change')
              : t('interface.avatars.create_dialog.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={AVATAR_PHOTO_TYPES.join(',')}
            data-testid="avatar-photo-input"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {progress !== null && (
            <Box data-testid="avatar-checking">
              <Typography variant="body2">{t('interface.avatars.create_dialog.checking')}</Typography>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={progress * 100}
                aria-label={t('interface.avatars.create_dialog.checking')}
              />
            </Box>
          )}
          {photo && (
            <Alert severity="success" data-testid="avatar-face-ok">
              {t('interface.avatars.create_dialog.face_ok')}
            </Alert>
          )}
          {refusal && (
            <Alert severity="error" data-testid="avatar-refusal">
              <AlertTitle>{t('interface.avatars.create_dialog.refused_title')}</AlertTitle>
              {refusal}
            </Alert>
          )}
        </Box>
      </Box>
      {photo && (
        <>
          <Typography component="h3" variant="subtitle2">
            {t('interface.avatars.create_dialog.submit_title')}
          </Typography>
          <AvatarNameField
            label={t('interface.avatars.create_dialog.name')}
            testId="avatar-new-name"
            {...name.field}
          />
          {productionSeconds !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {t('interface.avatars.create_dialog.submit_text', { seconds: productionSeconds })}
            </Typography>
          )}
        </>
      )}
    </FormDialog>
  );
}
