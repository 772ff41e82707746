import sharp from 'sharp';
import { extractImages, getDocumentProxy } from 'unpdf';
import { AppError } from '../../lib/errors.js';
import { checkPdfStreams, PDF_INFLATED_BUDGET, PdfRefused } from '../../lib/pdf-guard.js';
import { pdfTooLarge, pdfUnreadable } from './pdf.js';

const tooManyPixels = (what: string, width: number, height: number, maxPixels: number) =>
  new AppError(
    413,
    'image_too_many_pixels',
    `${what} is ${width} × ${height} pixels; at most ${Math.round(maxPixels / 100_000) / 10} megapixels are accepted.`,
  );

/**
 * The floor plan on one page of a PDF, as a JPEG: the largest picture on that page (a scanned or
 * exported plan is one). A page drawn only with vector lines has none and is refused: export it as
 * an image. Runs in the plan's worker thread (pdf.ts): the file is checked before pdf.js opens it,
 * so a bomb (streams inflating past the budget, a picture declaring more than `maxPixels`) is
 * refused before anything is decoded.
 */
export async function readPlanPicture(bytes: Uint8Array, page: number, maxPixels: number): Promise<Buffer> {
  try {
    const { encrypted } = await checkPdfStreams(bytes, {
      budget: PDF_INFLATED_BUDGET,
      images: { maxPixels },
    });
    // Encrypted streams are ciphertext to the check, so what they inflate to cannot be known first.
    if (encrypted) throw pdfUnreadable('it is protected (encrypted); save it without protection');
  } catch (e) {
    if (!(e instanceof PdfRefused)) throw e;
    if (e.picture) throw tooManyPixels('A picture in the PDF', e.picture.width, e.picture.height, maxPixels);
    throw pdfTooLarge(e.message);
  }
  // As the document scanner opens PDFs: no code generated from the file (pdf.js font eval), no fonts, no console noise.
  const pdf = await getDocumentProxy(bytes, {
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
      throw tooManyPixels(`The plan on page ${page}`, largest.width, largest.height, maxPixels);
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
