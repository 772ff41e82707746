import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflateRepeated, encryptedPdf, pdfBomb, pdfWithPicture } from '../test/document-fixtures.js';
import { rejectionOf } from '../test/rejection.js';
import { checkPdfStreams, PdfRefused } from './pdf-guard.js';

const MB = 1024 * 1024;

/** The refusal a check ends with (fails the test if it passes). */
const refusal = (bytes: Buffer, opts: Parameters<typeof checkPdfStreams>[1]) =>
  rejectionOf(checkPdfStreams(bytes, opts), PdfRefused);

describe('checkPdfStreams', () => {
  it('counts what every stream unpacks to, and refuses a file past the budget', async () => {
    const bomb = await pdfBomb(20);
    expect((await checkPdfStreams(bomb, { budget: 32 * MB })).decoded).toBeGreaterThan(20 * MB);
    const err = await refusal(bomb, { budget: 16 * MB });
    expect(err.reason).toBe('inflates_too_far');
    expect(err.message).toContain('more than 16 MB');
  });

  it('checks image streams only when asked to (a text scan never decodes them)', async () => {
    const pdf = pdfWithPicture(4000, 4000, {
      data: await deflateRepeated(Buffer.alloc(1024), 40 * 1024),
      filter: '/FlateDecode',
    });
    expect((await checkPdfStreams(pdf, { budget: 16 * MB })).decoded).toBeLessThan(1024);
    expect((await refusal(pdf, { budget: 16 * MB, images: { maxPixels: 50e6 } })).reason).toBe(
      'inflates_too_far',
    );
  });

  it('undoes ASCII filters before Flate, so wrapping a bomb in hex does not hide it', async () => {
    const hex = Buffer.from((await deflateRepeated(Buffer.alloc(1024), 40 * 1024)).toString('hex') + '>');
    const pdf = pdfWithPicture(4000, 4000, { data: hex, filter: '[/AHx /FlateDecode]' });
    expect((await refusal(pdf, { budget: 16 * MB, images: { maxPixels: 50e6 } })).reason).toBe(
      'inflates_too_far',
    );
  });

  it('ends a stream at its /Length, so the word endstream inside the data does not cut a bomb short', async () => {
    // A valid zlib stream whose first (stored) block holds "endstream", then 40 MB of zeros.
    const d = zlib.createDeflate({ level: 0 });
    const chunks: Buffer[] = [];
    d.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => d.on('end', resolve));
    d.write(Buffer.from('\nendstream\n'));
    await new Promise<void>((resolve) => d.params(9, zlib.constants.Z_DEFAULT_STRATEGY, () => resolve()));
    for (let i = 0; i < 40; i++) d.write(Buffer.alloc(MB));
    d.end();
    await ended;
    const data = Buffer.concat(chunks);
    expect(data.indexOf('endstream')).toBeGreaterThan(0);
    const pdf = pdfWithPicture(4000, 4000, { data, filter: '/FlateDecode' });
    expect((await refusal(pdf, { budget: 16 * MB, images: { maxPixels: 50e6 } })).reason).toBe(
      'inflates_too_far',
    );
  });

  it('reads LZW as PDF writes it (the example of the PDF reference)', async () => {
    // 45 45 45 45 45 65 45 45 45 66, "-----A---B", is 80 0B 60 50 22 0C 0C 85 01 in LZW.
    const data = Buffer.from('800b6050220c0c8501', 'hex');
    const pdf = pdfWithPicture(10, 1, { data, filter: '/LZWDecode' });
    const opts = { budget: 10, images: { maxPixels: 50e6 } };
    expect((await checkPdfStreams(pdf, opts)).decoded).toBe(10);
    expect((await refusal(pdf, { ...opts, budget: 9 })).reason).toBe('inflates_too_far');
  });

  it('refuses a picture by the size it declares, or by its JPEG frame, before decoding', async () => {
    const declared = pdfWithPicture(100_000, 100_000, {
      data: zlib.deflateSync(Buffer.alloc(1024)),
      filter: '/FlateDecode',
    });
    const err = await refusal(declared, { budget: 256 * MB, images: { maxPixels: 50e6 } });
    expect(err.picture).toEqual({ width: 100_000, height: 100_000 });
    // A JPEG whose frame says 60,000 × 60,000 inside a picture that declares 40 × 30.
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(60_000, sof + 5);
    jpeg.writeUInt16BE(60_000, sof + 7);
    const lying = pdfWithPicture(40, 30, { data: jpeg, filter: '/DCTDecode' });
    expect((await refusal(lying, { budget: 256 * MB, images: { maxPixels: 50e6 } })).picture).toEqual({
      width: 60_000,
      height: 60_000,
    });
    expect(await checkPdfStreams(lying, { budget: 256 * MB })).toMatchObject({ encrypted: false });
  });

  it('says when a file is encrypted (its streams cannot be checked)', async () => {
    expect((await checkPdfStreams(await encryptedPdf(), { budget: MB })).encrypted).toBe(true);
    expect((await checkPdfStreams(pdfWithPicture(), { budget: MB })).encrypted).toBe(false);
  });
});
