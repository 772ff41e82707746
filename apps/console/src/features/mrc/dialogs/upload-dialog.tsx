import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  DOCUMENT_UPLOAD_MAX_BYTES,
  MRC_ACCEPT,
  MRC_MAX_FILES_PER_UPLOAD,
  type MrcUploadResult,
} from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useSingleFlight } from '@/shared/lib/use-single-flight';
import { DialogButtons } from '@/shared/ui/dialog-buttons';
import { mrcKeys } from '@/features/mrc/api/mrc-keys';
import { uploadDocuments } from '@/features/mrc/api/upload-documents';
import { addPicked, formatBytes, type PickedFile } from '@/features/mrc/lib/upload-check';

const MAX_SIZE = formatBytes(DOCUMENT_UPLOAD_MAX_BYTES);

/**
 * "Upload file for scanning": pick or drop several files, each checked here for its size and type,
 * then sent one by one with its own progress; the end shows the documents now being scanned and
 * each refused file with the reason, in the interface language.
 */
export function UploadDialog({
  open,
  deviceId,
  onClose,
}: {
  open: boolean;
  deviceId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const flight = useSingleFlight();
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [overLimit, setOverLimit] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** Fraction sent of each file to send, while sending. */
  const [progress, setProgress] = useState<number[] | null>(null);
  const [result, setResult] = useState<MrcUploadResult | null>(null);

  const sendable = picked.filter((p) => p.refusal === null);

  const add = (files: File[]) => {
    if (flight.isBusy() || result) return;
    const next = addPicked(picked, files);
    setPicked(next.picked);
    setOverLimit(next.overLimit);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  const send = () =>
    flight.run(async () => {
      const files = sendable.map((p) => p.file);
      if (files.length === 0) return;
      const controller = new AbortController();
      abort.current = controller;
      setProgress(files.map(() => 0));
      try {
        const outcome = await uploadDocuments(deviceId, files, {
          signal: controller.signal,
          networkError: t('mrc.dialog.network_error'),
          onProgress: (index, fraction) =>
            setProgress((current) => current && current.map((f, i) => (i === index ? fraction : f))),
        });
        setResult(outcome);
      } catch {
        // Cancelled: what went in before shows in the list.
      } finally {
        abort.current = null;
        setProgress(null);
        void queryClient.invalidateQueries({ queryKey: mrcKeys.device(deviceId) });
      }
    });

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const refusalText = (refused: MrcUploadResult['refused'][number]) =>
    errorMessage(new ApiError(0, refused.message, refused.error), refused.message);

  const titleId = 'mrc-upload-title';
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !flight.running) close();
      }}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 560 } } }}
      aria-labelledby={titleId}
      data-testid="mrc-upload-dialog"
    >
      <DialogTitle id={titleId}>{result ? t('mrc.dialog.done_title') : t('mrc.dialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {result ? (
          <>
            {result.documents.length > 0 && (
              <Alert severity="success" data-testid="mrc-upload-created">
                {t('mrc.dialog.created', { count: result.documents.length })}
                <List dense disablePadding>
                  {result.documents.map((document) => (
                    <ListItem key={document.id} disableGutters sx={{ py: 0 }}>
                      <ListItemText primary={document.filename} sx={{ overflowWrap: 'anywhere', my: 0 }} />
                    </ListItem>
                  ))}
                </List>
              </Alert>
            )}
            {result.refused.length > 0 && (
              <Alert severity="error" data-testid="mrc-upload-refused">
                <Typography sx={{ fontWeight: 600, fontSize: 'inherit' }}>
                  {t('mrc.dialog.refused_title')}
                </Typography>
                <List dense disablePadding>
                  {result.refused.map((refused, index) => (
                    <ListItem key={`${refused.filename}-${index}`} disableGutters sx={{ py: 0 }}>
                      <ListItemText
                        primary={refused.filename}
                        secondary={refusalText(refused)}
                        sx={{ overflowWrap: 'anywhere', my: 0.5 }}
                        data-testid="mrc-upload-refusal"
                      />
                    </ListItem>
                  ))}
                </List>
              </Alert>
            )}
          </>
        ) : (
          <>
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="mrc-upload-drop"
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.hover' : 'transparent',
                borderRadius: 2,
                p: 3,
                textAlign: 'center',
              }}
            >
              <UploadFileOutlined color="action" sx={{ fontSize: 40 }} />
              <Typography>
                {t('mrc.dialog.drop')}{' '}
                <Button
                  size="small"
                  onClick={() => input.current?.click()}
                  disabled={flight.running}
                  data-testid="mrc-upload-browse"
                >
                  {t('mrc.dialog.browse')}
                </Button>
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('mrc.dialog.hint', { size: MAX_SIZE, count: MRC_MAX_FILES_PER_UPLOAD })}
              </Typography>
              <input
                ref={input}
                type="file"
                accept={MRC_ACCEPT}
                multiple
                hidden
                aria-hidden="true"
                tabIndex={-1}
                data-testid="mrc-upload-input"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  add(files);
                }}
              />
            </Box>
            {overLimit && (
              <Alert severity="warning" data-testid="mrc-upload-over-limit">
                {t('mrc.dialog.over_limit', { count: MRC_MAX_FILES_PER_UPLOAD })}
              </Alert>
            )}
            {picked.length > 0 && (
              <List dense disablePadding data-testid="mrc-upload-files">
                {picked.map((item) => {
                  const index = sendable.indexOf(item);
                  const fraction = progress && index >= 0 ? progress[index] : undefined;
                  return (
                    <ListItem
                      key={item.key}
                      disableGutters
                      data-testid="mrc-upload-file"
                      secondaryAction={
                        !flight.running && (
                          <IconButton
                            edge="end"
                            aria-label={`${t('mrc.dialog.remove')}: ${item.file.name}`}
                            onClick={() => setPicked((list) => list.filter((p) => p !== item))}
                          >
                            <CloseIcon fontSize="small" />
                          </IconButton>
                        )
                      }
                    >
                      <ListItemText
                        sx={{ overflowWrap: 'anywhere', pr: 4 }}
                        primary={`${item.file.name} · ${formatBytes(item.file.size)}`}
                        secondary={
                          item.refusal ? (
                            <Typography
                              variant="caption"
                              color="error"
                              data-testid="mrc-upload-local-refusal"
                            >
                              {t(`mrc.dialog.refusals.${item.refusal}`, { size: MAX_SIZE })}
                            </Typography>
                          ) : fraction !== undefined ? (
                            <Box component="span" sx={{ display: 'block', pt: 0.5 }}>
                              <LinearProgress
                                variant="determinate"
                                value={Math.round(fraction * 100)}
                                aria-label={`${item.file.name}: ${
                                  fraction >= 1 ? t('mrc.dialog.sent') : `${Math.round(fraction * 100)}%`
                                }`}
                                data-testid="mrc-upload-file-progress"
                              />
                            </Box>
                          ) : undefined
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
            {progress && (
              <Typography variant="body2" color="text.secondary" role="status">
                {t('mrc.dialog.uploading', {
                  current: Math.min(progress.filter((f) => f >= 1).length + 1, progress.length),
                  total: progress.length,
                })}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      {result ? (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close} data-testid="mrc-upload-close">
            {t('mrc.dialog.close')}
          </Button>
        </DialogActions>
      ) : (
        <DialogButtons
          onCancel={close}
          submitting={flight.running}
          submitLabel={
            sendable.length > 1
              ? t('mrc.dialog.submit_count', { count: sendable.length })
              : t('mrc.dialog.submit')
          }
          submitDisabled={sendable.length === 0}
          onSubmit={() => void send()}
          submitTestId="mrc-upload-submit"
        />
      )}
    </Dialog>
  );
}
