import type { AudioPreviewRequest } from '@ambassador/contracts';
import { api } from '@/shared/api/client';

/** POST /ai_config/intents/audio_preview: WAV bytes of the speech; 503 tts_unavailable. */
export async function audioPreview(body: AudioPreviewRequest): Promise<Blob> {
  const { blob } = await api.postFile('/ai_config/intents/audio_preview', body);
  return blob;
}
