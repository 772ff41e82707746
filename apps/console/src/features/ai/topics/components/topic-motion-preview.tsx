import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useTranslation } from 'react-i18next';
import { AvatarFrame, type AvatarFrameHandle } from '@/shared/avatar/avatar-frame';
import { useMotionPreview } from '@/shared/avatar/motion-preview';
import { useAiDeviceId } from '@/features/ai/common/api/ai-keys';

/**
 * The topic's avatar motion played on the device's avatar in use (the avatar player in a frame):
 * played once the avatar is shown, again whenever the motion changes, and on Play.
 */
export function TopicMotionPreview({ topicId, motion }: { topicId: number; motion: string | null }) {
  const { t } = useTranslation();
  const preview = useMotionPreview(useAiDeviceId(), { intentId: topicId });
  const frame = useRef<AvatarFrameHandle>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready && motion) frame.current?.play(motion);
  }, [ready, motion]);
  if (preview.isPending || preview.isError) return null;
  if (!preview.data.player_url) {
    return (
      <FormHelperText data-testid="topic-motion-no-avatar">{t('topics.motion.no_avatar')}</FormHelperText>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 1.5 }} data-testid="topic-motion-preview">
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
          {t('topics.motion.preview')}
        </Typography>
        <Button
          size="small"
          startIcon={<PlayArrowOutlined />}
          disabled={!ready || !motion}
          onClick={() => motion && frame.current?.play(motion)}
          data-testid="topic-motion-play"
        >
          {t('topics.motion.play')}
        </Button>
      </Box>
      <AvatarFrame
        ref={frame}
        src={preview.data.player_url}
        title={t('topics.motion.frame_title')}
        height={280}
        testId="topic-motion-frame"
        onState={(s) => setReady(s.ready)}
      />
    </Box>
  );
}
