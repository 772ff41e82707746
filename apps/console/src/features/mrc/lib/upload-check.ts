import { DOCUMENT_UPLOAD_MAX_BYTES, MRC_ACCEPT, MRC_MAX_FILES_PER_UPLOAD } from '@ambassador/contracts';

/** Why a picked file will not be sent (the server decides by the bytes; these are the sure cases). */
export type LocalRefusal = 'too_large' | 'empty' | 'wrong_type';

export type PickedFile = { key: string; file: File; refusal: LocalRefusal | null };

const EXTENSIONS = MRC_ACCEPT.split(',');

const hasAcceptedExtension = (name: string) => {
  const lower = name.toLowerCase();
  return EXTENSIONS.some((ext) => lower.endsWith(ext));
};

const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * Adds newly picked (or dropped) files to those already picked: each is checked for its size and
 * type; one picked twice is kept once. `overLimit` says when more files are picked than
 * one upload may carry (the extra ones are left out).
 */
export function addPicked(
  current: readonly PickedFile[],
  files: readonly File[],
): { picked: PickedFile[]; overLimit: boolean } {
  const picked = [...current];
  let overLimit = false;
  for (const file of files) {
    if (picked.filter((p) => p.refusal === null).length >= MRC_MAX_FILES_PER_UPLOAD) {
      overLimit = true;
      break;
    }
    const key = keyOf(file);
    // The same file picked again is there once.
    if (picked.some((p) => p.key === key)) continue;
    const refusal: LocalRefusal | null =
      file.size > DOCUMENT_UPLOAD_MAX_BYTES
        ? 'too_large'
        : file.size === 0
          ? 'empty'
          : !hasAcceptedExtension(file.name)
            ? 'wrong_type'
            : null;
    picked.push({ key, file, refusal });
  }
  return { picked, overLimit };
}

/** Size for people: "1.2 MB", "350 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
