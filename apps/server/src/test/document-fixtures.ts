import { existsSync, readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import sharp from 'sharp';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { zipOf } from './zip-bombs.js';

/** A PDF page's content: headings set large and bold, paragraphs in the body size (wrapped). */
export type PdfLine = { heading: string } | { text: string };

/** Debian's fonts-noto-cjk (installed by .ci/run): the one CJK font on the machine. */
export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * Noto Sans CJK TC embedded (subset) in `doc`. The file is a collection, which pdf-lib cannot pick
 * from, so fontkit opens it and pdf-lib is handed the one font.
 */
async function embedCjk(doc: PDFDocument): Promise<PDFFont> {
  const bytes = readFileSync(CJK_FONT);
  const collection = fontkit.create(bytes) as unknown as { fonts: { postscriptName: string }[] };
  const font = collection.fonts.find((f) => f.postscriptName === 'NotoSansCJKtc-Regular');
  doc.registerFontkit({ create: () => font } as unknown as typeof fontkit);
  return doc.embedFont(bytes, { subset: true });
}
export const hasCjkFont = () => existsSync(CJK_FONT);

/** Text in rows of a page's width: at spaces, or every 40 characters in text without spaces (CJK). */
function wrap(text: string): string[] {
  if (!text.includes(' ')) return text.match(/.{1,40}/gsu) ?? [];
  const rows: string[] = [];
  let row = '';
  for (const w of text.split(' ')) {
    if ((row + ' ' + w).length > 90 && row) {
      rows.push(row);
      row = w;
    } else row = row ? `${row} ${w}` : w;
  }
  if (row) rows.push(row);
  return rows;
}

/**
 * A real PDF written with pdf-lib: one array of lines per page, body 11 pt, headings 18 pt bold
 * (Helvetica; with `cjk`, Noto Sans CJK for both).
 */
export async function pdfOf(
  pages: PdfLine[][],
  opts: { objectStreams?: boolean; cjk?: boolean } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const cjk = opts.cjk ? await embedCjk(doc) : null;
  const body = cjk ?? (await doc.embedFont(StandardFonts.Helvetica));
  const bold = cjk ?? (await doc.embedFont(StandardFonts.HelveticaBold));
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    let y = 790;
    for (const line of lines) {
      if ('heading' in line) {
        y -= 10;
        page.drawText(line.heading, { x: 56, y, size: 18, font: bold });
        y -= 28;
        continue;
      }
      for (const r of wrap(line.text)) {
        page.drawText(r, { x: 56, y, size: 11, font: body });
        y -= 14;
      }
      y -= 10; // paragraph gap
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: opts.objectStreams ?? true }));
}

/** A PNG image (a scanned page stand-in). */
export const pngOf = (width = 200, height = 100) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .png()
    .toBuffer();

/** A PDF whose one page is only an image: what a scanner writes. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await pngOf(400, 560));
  const page = doc.addPage([595, 842]);
  page.drawImage(image, { x: 50, y: 50, width: 400, height: 560 });
  return Buffer.from(await doc.save());
}

/**
 * A PDF with the standard security handler in its trailer and a user password we do not know:
 * readers must ask for the password (pdf.js throws PasswordException). Written by hand (pdf-lib
 * cannot encrypt): the /U entry cannot match the empty password's, so it needs one.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const plain = (
    await pdfOf([[{ text: 'A secret text nobody should read without its password.' }]], {
      objectStreams: false,
    })
  ).toString('latin1');
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(32, 11)}> /U <${hex(32, 91)}> /P -3904 >>\n/ID [<${hex(16, 5)}> <${hex(16, 5)}>]\n`;
  const at = plain.lastIndexOf('trailer');
  const open = plain.indexOf('<<', at) + 2;
  return Buffer.from(plain.slice(0, open) + '\n' + encrypt + plain.slice(open), 'latin1');
}

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A DOCX paragraph: with a style (Heading1…), a page break before it, or plain. */
export interface DocxParagraph {
  text: string;
  style?: string;
  pageBreakBefore?: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document (a ZIP with the parts Word needs), `doctype` inserted into document.xml. */
export function docxOf(
  paragraphs: DocxParagraph[],
  opts: { doctype?: string; rawBody?: string } = {},
): Promise<Buffer> {
  const body =
    opts.rawBody ??
    paragraphs
      .map((p) => {
        const style = p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : '';
        const brk = p.pageBreakBefore ? '<w:r><w:br w:type="page"/></w:r>' : '';
        return `<w:p>${style}${brk}<w:r><w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`;
      })
      .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${opts.doctype ?? ''}<w:document xmlns:w="${WORD_NS}"><w:body>${body}</w:body></w:document>`;
  const headingStyles = [1, 2, 3]
    .map(
      (n) =>
        `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/></w:style>`,
    )
    .join('');
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${WORD_NS}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${headingStyles}</w:styles>`;
  return zipOf([
    {
      name: '[Content_Types].xml',
      chunk: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      chunk: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      chunk: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'word/document.xml', chunk: document },
    { name: 'word/styles.xml', chunk: styles },
  ]);
}

/** English sentences that read like a visitor guide, numbered so each is findable. */
export function sentences(n: number, topic = 'gallery'): string {
  return Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} explains how visitors reach the ${topic} and what they can see there today.`,
  ).join(' ');
}

/** `repeat` copies of `unit` through deflate, streamed (a 100 MB bomb costs no 100 MB buffer). */
export async function deflateRepeated(unit: Buffer, repeat: number): Promise<Buffer> {
  const d = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  d.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => d.on('end', resolve));
  const perBlock = 10_000;
  const block = Buffer.concat(Array.from({ length: perBlock }, () => unit));
  for (let left = repeat; left > 0; left -= perBlock) {
    if (!d.write(left >= perBlock ? block : block.subarray(0, left * unit.length))) {
      await new Promise((resolve) => d.once('drain', resolve));
    }
  }
  d.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * A PDF bomb: one page whose content stream is about a megabyte that inflates to `mb` megabytes of
 * text-showing operators. Written by hand (objects, xref, trailer) around the deflated stream.
 */
export async function pdfBomb(
  mb: number,
  unit = Buffer.from('BT /F1 11 Tf 56 700 Td (All work and no play makes a dull bomb.) Tj ET\n'),
): Promise<Buffer> {
  const stream = await deflateRepeated(unit, Math.ceil((mb * 1024 * 1024) / unit.length));
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = Buffer.isBuffer(b) ? b : Buffer.from(b, 'latin1');
    parts.push(buf);
    length += buf.length;
  };
  const obj = (n: number, ...body: (Buffer | string)[]) => {
    offsets.push(length);
    push(`${n} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  );
  obj(4, `<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, stream, '\nendstream');
  obj(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    `xref\n0 6\n0000000000 65535 f \n${rows}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(parts);
}

/**
 * A PDF of one page holding one picture, as a scanner makes one: by default a 40 × 30 RGB image,
 * uncompressed. `picture` replaces its stream and filter (a Flate bomb, a JPEG), and `width` /
 * `height` are what the picture declares, whatever its stream holds. Written by hand.
 */
export function pdfWithPicture(
  width = 40,
  height = 30,
  picture: { data: Buffer; filter?: string } = { data: Buffer.alloc(width * height * 3, 0x80) },
) {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: string | Buffer) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const obj = (n: number, ...body: (string | Buffer)[]) => {
    offsets[n] = length;
    add(`${n} 0 obj\n`);
    body.forEach(add);
    add('\nendobj\n');
  };
  add('%PDF-1.4\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
  );
  const filter = picture.filter ? ` /Filter ${picture.filter}` : '';
  obj(
    4,
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8${filter} /Length ${picture.data.length} >>\nstream\n`,
    picture.data,
    '\nendstream',
  );
  const draw = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`;
  obj(5, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
  const xref = length;
  add(`xref\n0 6\n0000000000 65535 f \n`);
  for (let i = 1; i <= 5; i++) add(`${String(offsets[i]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
