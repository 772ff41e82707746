import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaKind, UploadResult } from '@ambassador/contracts';
import { startResumableUpload, type ResumableUpload, type UploadProgress } from './resumable-upload';

export type UploadStatus = UploadProgress & { name: string };

/**
 * One resumable upload at a time, for a screen: `upload(file)` answers the media item the file
 * became (or throws the server's refusal as an ApiError), while `status` shows its progress and
 * phase; `pause`, `resume` and `cancel` act on the one running. Leaving the screen pauses it:
 * choosing the same file again later continues it.
 */
export function useResumableUpload() {
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const current = useRef<ResumableUpload | null>(null);

  useEffect(() => () => current.current?.pause(), []);

  const upload = useCallback(
    async (file: File, target: { deviceId: number; kind: MediaKind }): Promise<UploadResult> => {
      const running = startResumableUpload(file, {
        ...target,
        onProgress: (p) => setStatus({ ...p, name: file.name }),
      });
      current.current = running;
      try {
        return await running.done;
      } finally {
        if (current.current === running) {
          current.current = null;
          setStatus(null);
        }
      }
    },
    [],
  );

  return {
    status,
    upload,
    pause: useCallback(() => current.current?.pause(), []),
    resume: useCallback(() => current.current?.resume(), []),
    cancel: useCallback(() => void current.current?.cancel(), []),
  };
}
