import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Avatar, AvatarMotion } from '@ambassador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/api/api-error';
import { AvatarFrame, type AvatarFrameHandle } from '@/shared/avatar/avatar-frame';
import { motionPreviewKey, useMotionPreview } from '@/shared/avatar/motion-preview';
import { Spinner } from '@/shared/ui/spinner';

/** One column list of motions (gestures, or idles): a click plays one. */
function MotionList({
  id,
  title,
  motions,
  playing,
  onPlay,
}: {
  id: string;
  title: string;
  motions: Array<{ id: AvatarMotion }>;
  playing: string | null;
  onPlay: (motion: AvatarMotion) => void;
}) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding aria-labelledby={`${id}-heading`} data-testid={id}>
      <ListSubheader id={`${id}-heading`} disableSticky>
        {title}
      </ListSubheader>
      {motions.map((m) => (
        <ListItem key={m.id} disablePadding>
          <ListItemButton
            selected={playing === m.id}
            onClick={() => onPlay(m.id)}
            data-testid={`avatar-motion-${m.id}`}
          >
            <ListItemText primary={t(`avatar_motions.${m.id}`)} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The preview reloads 500 ms after Refresh. */
export const PREVIEW_RELOAD_MS = 500;

/**
 * Browse avatar motions: a spinner, then two columns: on the left the tap-body motions
 * (Action & Gesture) and the idle motions, each played on the preview by a click, and a lip-sync
 * switch showing the spoken sentences; on the right the avatar in its frame. Refresh reloads the
 * preview; hints say to click to play and drag to move; Close closes.
 */
export function MotionBrowserDialog({
  deviceId,
  avatar,
  onClose,
}: {
  deviceId: number;
  avatar: Avatar;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useMotionPreview(deviceId, { avatarId: avatar.id });
  const frame = useRef<AvatarFrameHandle>(null);
  const [lipSync, setLipSync] = useState(false);
  const [sentence, setSentence] = useState<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [ready, setReady] = useState(false);
  const titleId = 'avatar-motions-title';

  const refresh = () => {
    setReloading(true);
    setReady(false);
    setTimeout(() => {
      void queryClient
        .invalidateQueries({ queryKey: motionPreviewKey(deviceId, { avatarId: avatar.id }) })
        .finally(() => setReloading(false));
    }, PREVIEW_RELOAD_MS);
  };

  const play = (id: AvatarMotion) => {
    setPlaying(id);
    frame.current?.play(id);
  };
  const speak = (id: string) => {
    setSentence(id);
    const s = preview.data?.sentences.find((x) => x.id === id);
    if (s) frame.current?.speak(s.url, s.text);
  };

  const data = preview.data;
  const loading = preview.isPending || reloading;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 1156 } } }}
      aria-labelledby={titleId}
      data-testid="avatar-motion-browser"
    >
      <DialogTitle id={titleId}>{t('interface.avatars.browser.title', { name: avatar.name })}</DialogTitle>
      <DialogContent>
        {loading ? (
          <Box
            sx={{ display: 'grid', placeItems: 'center', minHeight: 480 }}
            data-testid="avatar-browser-loading"
          >
            <Spinner label={t('interface.avatars.browser.loading')} />
          </Box>
        ) : preview.isError ? (
          <Alert severity="error">{errorMessage(preview.error, t('interface.avatars.load_failed'))}</Alert>
        ) : !data?.player_url ? (
          <Alert severity="info">{t('interface.avatars.browser.not_ready')}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, gap: 3 }}>
            <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
              <MotionList
                id="avatar-gestures"
                title={t('interface.avatars.browser.gestures')}
                motions={data.tap_body_motions}
                playing={playing}
                onPlay={play}
              />
              <MotionList
                id="avatar-idles"
                title={t('interface.avatars.browser.idles')}
                motions={data.idle_motions}
                playing={playing}
                onPlay={play}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={lipSync}
                    onChange={(_e, on) => setLipSync(on)}
                    data-testid="avatar-lip-sync"
                  />
                }
                label={t('interface.avatars.browser.lip_sync')}
              />
              {lipSync && (
                <RadioGroup
                  aria-label={t('interface.avatars.browser.sentences')}
                  value={sentence ?? ''}
                  onChange={(e) => speak(e.target.value)}
                  data-testid="avatar-sentences"
                >
                  {data.sentences.map((s) => (
                    <FormControlLabel
                      key={s.id}
                      value={s.id}
                      control={<Radio size="small" />}
                      label={s.text}
                      data-testid={`avatar-sentence-${s.id}`}
                      sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                    />
                  ))}
                </RadioGroup>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Box sx={{ position: 'relative' }}>
                <AvatarFrame
                  ref={frame}
                  src={data.player_url}
                  title={t('interface.avatars.browser.frame_title')}
                  height={520}
                  testId="avatar-preview-frame"
                  onState={(s) => setReady(s.ready)}
                />
                {!ready && (
                  <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                    <Spinner label={t('interface.avatars.browser.loading')} />
                  </Box>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('interface.avatars.browser.hint_play')} {t('interface.avatars.browser.hint_drag')}
              </Typography>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<RefreshIcon />} onClick={refresh} disabled={loading} data-testid="avatar-refresh">
          {t('interface.avatars.browser.refresh')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onClose} data-testid="avatar-browser-close">
          {t('interface.avatars.browser.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
