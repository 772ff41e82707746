import { describe, expect, it } from 'vitest';
import { encryptedPdf, pdfWithPicture } from '../../test/document-fixtures.js';
import { AppError } from '../../lib/errors.js';
import { rejectionOf } from '../../test/rejection.js';
import { pdfPagePicture } from './pdf.js';

/** The refusal a plan ends with (fails the test if it is read). */
const refusal = (plan: Promise<Buffer>) => rejectionOf(plan, AppError);

describe('pdfPagePicture (in its worker)', () => {
  it('reads the picture of a page as a JPEG', async () => {
    const jpeg = await pdfPagePicture(pdfWithPicture(), 1, 50e6);
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('turns a worker past its time into pdf_too_large, saying what to do', async () => {
    const err = await refusal(pdfPagePicture(pdfWithPicture(), 1, 50e6, { timeoutMs: 1 }));
    expect([err.status, err.code]).toEqual([413, 'pdf_too_large']);
    expect(err.message).toMatch(/took longer .* Export the floor plan as an image/);
  });

  it('refuses an encrypted PDF, whose streams cannot be checked first', async () => {
    const err = await refusal(pdfPagePicture(await encryptedPdf(), 1, 50e6));
    expect([err.status, err.code]).toEqual([422, 'pdf_unreadable']);
    expect(err.message).toContain('encrypted');
  });
});
