import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD_MAX_BYTES, MRC_MAX_FILES_PER_UPLOAD } from '@ambassador/contracts';
import { addPicked, formatBytes } from './upload-check';
import { highlightIn } from '../dialogs/document-viewer-dialog';

const file = (name: string, size = 10) => {
  const f = new File(['x'], name, { lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('addPicked', () => {
  it('checks each file’s type and size, and keeps a file picked twice once', () => {
    const first = addPicked([], [file('a.PDF'), file('b.exe'), file('c.md', 0)]);
    const second = addPicked(first.picked, [file('a.PDF'), file('d.txt', DOCUMENT_UPLOAD_MAX_BYTES + 1)]);
    expect(second.picked.map((p) => [p.file.name, p.refusal])).toEqual([
      ['a.PDF', null],
      ['b.exe', 'wrong_type'],
      ['c.md', 'empty'],
      ['d.txt', 'too_large'],
    ]);
    expect(second.overLimit).toBe(false);
  });

  it('leaves out the files beyond what one upload may carry', () => {
    const many = Array.from({ length: MRC_MAX_FILES_PER_UPLOAD + 2 }, (_, i) => file(`f${i}.pdf`));
    const result = addPicked([], many);
    expect(result.picked).toHaveLength(MRC_MAX_FILES_PER_UPLOAD);
    expect(result.overLimit).toBe(true);
  });

  it('says sizes as people read them', () => {
    expect(formatBytes(DOCUMENT_UPLOAD_MAX_BYTES)).toBe('50.0 MB');
    expect(formatBytes(350 * 1024)).toBe('350 KB');
  });
});

describe('highlightIn', () => {
  const hit = {
    document_id: 1,
    filename: 'a.pdf',
    passage_id: 2,
    text: 'One. Two three. Four.',
    highlight: { start: 5, end: 15 },
  };
  it('uses the hit’s offsets on the same text, and finds the sentence in a changed one', () => {
    expect(highlightIn(hit.text, hit)).toEqual({ start: 5, end: 15 });
    expect(highlightIn('Zero. One. Two three. Four.', hit)).toEqual({ start: 11, end: 21 });
    expect(highlightIn('Something else.', hit)).toBeNull();
    expect(highlightIn(hit.text, { ...hit, highlight: null })).toBeNull();
  });
});
