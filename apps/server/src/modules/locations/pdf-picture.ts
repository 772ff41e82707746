import sharp from 'sharp';
import { extractImages, getDocumentProxy } from 'unpdf';
import { AppError } from '../../lib/errors.js';

/** A PDF's bytes start with this. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

const pdfUnreadable = (detail: string) =>
  new AppError(422, 'pdf_unreadable', `The PDF could not be used as a floor plan: ${detail}.`);

/**
 * The floor plan on one page of a PDF, as a JPEG: the largest picture on that page (a scanned or
 * exported plan is one). A page drawn only with vector lines has none and is refused: export it as
 * an image. A picture of more than `maxPixels` is refused before it is converted.
 */
export async function pdfPagePicture(bytes: Buffer, page: number, maxPixels: number): Promise<Buffer> {
  // As the document scanner opens PDFs: no code generated from the file (pdf.js font eval), no fonts, no console noise.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).catch((e: Error) => {
    throw pdfUnreadable(e.message);
  });
  try {
    if (page > pdf.numPages) {
      throw new AppError(
        422,
        'pdf_page_missing',
        `The PDF has ${pdf.numPages} page${pdf.numPages === 1 ? '' : 's'}; there is no page ${page}.`,
      );
    }
    const images = await extractImages(pdf, page).catch((e: Error) => {
      throw pdfUnreadable(e.message);
    });
    const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!largest) throw pdfUnreadable(`page ${page} holds no picture (export the plan as an image)`);
    if (largest.width * largest.height > maxPixels) {
      throw new AppError(
        413,
        'image_too_many_pixels',
        `The plan on page ${page} is ${largest.width} × ${largest.height} pixels; at most ${Math.round(maxPixels / 100_000) / 10} megapixels are accepted.`,
      );
    }
    return await sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), {
      raw: { width: largest.width, height: largest.height, channels: largest.channels },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
  } finally {
    await pdf.destroy();
  }
}
