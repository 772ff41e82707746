import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESUMABLE_CHUNK_BYTES } from '@ambassador/contracts';
import { changeUiLanguage } from '@/i18n/i18n';
import { errorMessage } from '@/shared/api/api-error';
import { fakeTus } from '@/shared/test/fake-tus';
import { startResumableUpload, type UploadProgress } from './resumable-upload';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeUiLanguage('en');
});

/** A file of two chunks and a bit. */
const video = () =>
  new File([new Uint8Array(2 * RESUMABLE_CHUNK_BYTES + 1000)], 'film.mp4', {
    type: 'video/mp4',
    lastModified: 1,
  });

describe('startResumableUpload', () => {
  it('sends the file in chunks with its progress, and carries on after a dropped connection', async () => {
    const tus = fakeTus({ drop: [2] });
    const seen: UploadProgress[] = [];
    const file = video();
    const upload = startResumableUpload(file, {
      deviceId: 3,
      kind: 'video',
      onProgress: (p) => seen.push(p),
    });
    const item = await upload.done;
    expect(item).toMatchObject({ media_id: 100, size: file.size });
    expect(tus.uploads[0]).toMatchObject({
      offset: file.size,
      metadata: { device_id: '3', kind: 'video', filename: 'film.mp4' },
    });
    // After the drop it asked the server how much had arrived, and went on from there.
    const methods = tus.requests.map((r) => r.method);
    expect(methods[0]).toBe('POST');
    expect(methods.slice(3)).toContain('HEAD');
    expect(seen.some((p) => p.phase === 'retrying')).toBe(true);
    expect(seen.at(-1)).toMatchObject({ phase: 'finishing', sent: file.size, total: file.size });
  });

  it('continues a paused upload after a reload when the same file is chosen again', async () => {
    const tus = fakeTus();
    const file = video();
    const first = startResumableUpload(file, {
      deviceId: 3,
      kind: 'video',
      onProgress: (p) => {
        if (p.sent > 0 && p.phase === 'uploading') first.pause();
      },
    });
    await vi.waitFor(() => expect(tus.uploads[0]?.offset).toBeGreaterThan(0));
    const arrived = tus.uploads[0]!.offset;
    expect(arrived).toBeLessThan(file.size);
    // The page reloads: a new upload of the same file finds the old one in localStorage.
    const again = startResumableUpload(file, { deviceId: 3, kind: 'video', onProgress: () => undefined });
    await again.done;
    expect(tus.uploads).toHaveLength(1);
    expect(tus.uploads[0]!.offset).toBe(file.size);
    expect(tus.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // Finished, it is forgotten: the same file again is a new upload.
    await startResumableUpload(file, { deviceId: 3, kind: 'video', onProgress: () => undefined }).done;
    expect(tus.uploads).toHaveLength(2);
  });

  it('a refused file gives the server’s typed error, in the operator’s language', async () => {
    await changeUiLanguage('zhHant');
    fakeTus({ refuse: { 'film.mp4': { status: 415, error: 'unsupported_type' } } });
    const upload = startResumableUpload(video(), { deviceId: 3, kind: 'video', onProgress: () => undefined });
    const error = await upload.done.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_type' });
    expect(errorMessage(error, '?')).toBe('不支援此檔案類型。');
  });
});
