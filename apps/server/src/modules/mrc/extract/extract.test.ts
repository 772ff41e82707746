import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MrcFormat } from '@ambassador/contracts';
import {
  docxOf,
  encryptedPdf,
  hasCjkFont,
  imageOnlyPdf,
  pdfBomb,
  pdfOf,
  pngOf,
  sentences,
} from '../../../test/document-fixtures.js';
import { rejectionOf } from '../../../test/rejection.js';
import { zipOf } from '../../../test/zip-bombs.js';
import { detectLanguage, extractDocument, ScanFailure, toPassages, type ExtractOptions } from './index.js';
import { sizeOf } from './passages.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mrc-extract-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const LIMITS: ExtractOptions = { maxPages: 250, maxCharacters: 2_000_000 };
let n = 0;

async function extract(bytes: Buffer | string, format: MrcFormat, opts: ExtractOptions = LIMITS) {
  const file = path.join(dir, `doc-${++n}`);
  await writeFile(file, bytes);
  return extractDocument(file, format, opts);
}

/** The failure code a scan ends with (throws if it succeeds). */
async function failureOf(bytes: Buffer | string, format: MrcFormat, opts?: ExtractOptions) {
  return (await rejectionOf(extract(bytes, format, opts), ScanFailure)).code;
}

describe('documents nested past any real one', () => {
  it('refuses them as too_deep, with a reason, instead of overflowing the stack', async () => {
    const cases: Array<[string, MrcFormat]> = [
      [`<html><body>${'<div>'.repeat(200_000)}deep${'</div>'.repeat(200_000)}</body></html>`, 'html'],
      [`# Title\n\n${'>'.repeat(100_000)} quoted\n`, 'markdown'],
      [`# Title\n\n${'['.repeat(100_000)}link\n`, 'markdown'],
    ];
    for (const [text, format] of cases) {
      const failure = await rejectionOf(extract(text, format), ScanFailure);
      expect(failure.code).toBe('too_deep');
      expect(failure.detail).toMatch(/more than 256 levels deep/);
    }
  });

  it('reads 50,000 headings opened inside each other (they do not nest: each ends the last)', async () => {
    const html = `<h1>${'<h1>'.repeat(50_000)}title${'</h1>'.repeat(50_000)}</h1><p>The text under it all.</p>`;
    expect(JSON.stringify(await extract(html, 'html'))).toContain('The text under it all.');
  });

  it('still reads a page nested as deep as real ones are', async () => {
    const html = `<html><body>${'<div><section>'.repeat(40)}<h2>Parking</h2><p>Level B2, open all night long for visitors.</p>${'</section></div>'.repeat(40)}</body></html>`;
    const doc = await extract(html, 'html');
    expect(JSON.stringify(doc)).toContain('Level B2');
  });
});

describe('PDF', () => {
  it('reads headings by their font size, page numbers, and cuts passages that never cross a page', async () => {
    const pdf = await pdfOf([
      [{ heading: 'Opening Hours' }, { text: sentences(3) }, { text: sentences(2, 'shop') }],
      [
        { text: sentences(12, 'cafe') },
        { heading: 'Tickets' },
        { text: 'A ticket costs 3.5 dollars. Children enter free.' },
      ],
    ]);
    const doc = await extract(pdf, 'pdf');
    expect(doc).toMatchObject({ format: 'pdf', pages: 2, language: 'english' });
    expect(doc.blocks.map((b) => [b.page, b.heading])).toEqual([
      [1, 'Opening Hours'],
      [2, 'Opening Hours'], // the section runs on to the next page
      [2, 'Tickets'],
    ]);
    // Wrapped lines are one paragraph again; paragraphs stay apart.
    expect(doc.blocks[0]!.text.split('\n')).toEqual([sentences(3), sentences(2, 'shop')]);
    expect(doc.characters).toBeGreaterThan(1_000);

    const passages = toPassages(doc.blocks);
    expect(passages.map((p) => p.ordinal)).toEqual(passages.map((_, i) => i));
    expect(passages.at(-1)).toMatchObject({
      page: 2,
      heading: 'Tickets',
      text: 'A ticket costs 3.5 dollars. Children enter free.',
    });
    const cafe = passages.filter((p) => p.text.includes('cafe'));
    expect(cafe.length).toBeGreaterThanOrEqual(2); // 12 sentences of 16 words: more than one passage
    for (const p of cafe) {
      expect(p).toMatchObject({ page: 2, heading: 'Opening Hours' });
      expect(sizeOf(p.text)).toBeGreaterThanOrEqual(40);
      expect(sizeOf(p.text)).toBeLessThanOrEqual(120);
      expect(p.text).toMatch(/^Sentence \d+ .*today\.$/s); // whole sentences
    }
    expect(cafe.map((p) => p.text).join(' ')).toBe(sentences(12, 'cafe'));
  });

  it.skipIf(!hasCjkFont())('reads Chinese text without spaces between its wrapped lines', async () => {
    const para =
      '我哋嘅停車場喺地下，開放時間係朝早八點到夜晚十點。佢哋唔收現金，請用八達通或者信用卡付款。如果冇車位，可以去附近嘅公眾停車場，步行大約五分鐘。';
    const pdf = await pdfOf(
      [
        [{ heading: '泊車' }, { text: para.repeat(4) }],
        [{ heading: '門票' }, { text: '成人五十元。' }],
      ],
      {
        cjk: true,
      },
    );
    const doc = await extract(pdf, 'pdf');
    expect(doc).toMatchObject({ pages: 2, language: 'cantonese' });
    expect(doc.blocks).toEqual([
      { page: 1, heading: '泊車', text: para.repeat(4) },
      { page: 2, heading: '門票', text: '成人五十元。' },
    ]);
    const passages = toPassages(doc.blocks);
    expect(
      passages
        .filter((p) => p.heading === '泊車')
        .map((p) => p.text)
        .join(''),
    ).toBe(para.repeat(4));
    for (const p of passages) expect([...p.text].length).toBeLessThanOrEqual(250);
  });

  it('fails a password-protected PDF as encrypted', async () => {
    expect(await failureOf(await encryptedPdf(), 'pdf')).toBe('encrypted');
  });

  it('fails a PDF of scanned images as no_text', async () => {
    expect(await failureOf(await imageOnlyPdf(), 'pdf')).toBe('no_text');
  });

  it('fails a PNG named .pdf, and a PDF cut short, as corrupt', async () => {
    expect(await failureOf(await pngOf(), 'pdf')).toBe('corrupt');
    const pdf = await pdfOf([[{ text: sentences(20) }], [{ text: sentences(20) }]]);
    expect(await failureOf(pdf.subarray(0, Math.floor(pdf.length / 2)), 'pdf')).toBe('corrupt');
  });

  it('fails a PDF with more pages than allowed as too_many_pages, and reads it within the limit', async () => {
    const pdf = await pdfOf(Array.from({ length: 300 }, (_, i) => [{ text: `Page ${i + 1} of the guide.` }]));
    expect(await failureOf(pdf, 'pdf', { maxPages: 250, maxCharacters: 1_000_000 })).toBe('too_many_pages');
    const doc = await extract(pdf, 'pdf', { maxPages: 300, maxCharacters: 1_000_000 });
    expect(doc.pages).toBe(300);
    expect(doc.blocks.at(-1)).toEqual({ page: 300, heading: null, text: 'Page 300 of the guide.' });
  });

  it('fails a PDF with more text than allowed as too_much_text', async () => {
    const pdf = await pdfOf([[{ text: sentences(30) }], [{ text: sentences(30) }]]);
    expect(await failureOf(pdf, 'pdf', { maxPages: 10, maxCharacters: 3_000 })).toBe('too_much_text');
  });

  it('stops a PDF bomb as soon as its text passes the limit, while the server keeps turning', async () => {
    const bomb = await pdfBomb(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = Date.now();
    const code = await failureOf(bomb, 'pdf').finally(() => clearInterval(timer));
    expect(code).toBe('too_much_text');
    expect(Date.now() - started).toBeLessThan(30_000); // not the worker's time limit
    expect(ticks).toBeGreaterThan(3);
  }, 60_000);

  it('stops a PDF bomb without text before pdf.js inflates it', async () => {
    // A megabyte or two inflating to 600 MB of line drawing: no text to count, only bytes.
    const bomb = await pdfBomb(600, Buffer.from('56 700 m 100 700 l S\n'));
    const started = Date.now();
    expect(await failureOf(bomb, 'pdf')).toBe('too_much_text');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe('DOCX', () => {
  it('keeps Heading styles as headings and numbers pages by explicit page breaks', async () => {
    const docx = await docxOf([
      { text: 'Welcome', style: 'Heading1' },
      { text: sentences(3) },
      { text: '泊車', style: 'Heading2', pageBreakBefore: true },
      { text: '我哋嘅停車場喺地下，開放時間係朝早八點到夜晚十點。佢哋唔收現金，請用八達通。' },
      { text: '如果冇車位，可以去附近嘅公眾停車場。' },
    ]);
    const doc = await extract(docx, 'docx');
    expect(doc.pages).toBe(2);
    expect(doc.blocks).toEqual([
      { page: 1, heading: 'Welcome', text: sentences(3) },
      {
        page: 2,
        heading: '泊車',
        text: '我哋嘅停車場喺地下，開放時間係朝早八點到夜晚十點。佢哋唔收現金，請用八達通。\n如果冇車位，可以去附近嘅公眾停車場。',
      },
    ]);
    const passages = toPassages(doc.blocks);
    expect(passages.map((p) => [p.page, p.heading])).toEqual([
      [1, 'Welcome'],
      [2, '泊車'],
    ]);
  });

  it('has no pages (null) when the document has no page break', async () => {
    const doc = await extract(
      await docxOf([{ text: 'Hours', style: 'Heading1' }, { text: 'Open daily.' }]),
      'docx',
    );
    expect(doc.pages).toBe(1);
    expect(doc.blocks).toEqual([{ page: null, heading: 'Hours', text: 'Open daily.' }]);
  });

  it('never reads a file an external entity in document.xml points to', async () => {
    const secret = path.join(dir, 'secret.txt');
    await writeFile(secret, 'TOP-SECRET-PASSWORD');
    const docx = await docxOf([], {
      doctype: `<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file://${secret}">]>\n`,
      rawBody: '<w:p><w:r><w:t>Before &xxe; after.</w:t></w:r></w:p>',
    });
    const outcome = await extract(docx, 'docx').then(
      (doc) => JSON.stringify(doc),
      (e: unknown) => `${(e as ScanFailure).code}: ${(e as Error).message}`,
    );
    expect(outcome).not.toContain('TOP-SECRET');
  });

  it('fails a file that is not a ZIP as corrupt', async () => {
    expect(await failureOf(Buffer.from('not a word document at all'), 'docx')).toBe('corrupt');
  });

  it('fails a ZIP bomb in its own worker while the server keeps turning', async () => {
    const row = '<w:p><w:r><w:t>All work and no play makes a dull bomb. </w:t></w:r></w:p>';
    const bomb = await zipOf([
      { name: '[Content_Types].xml', chunk: '<?xml version="1.0"?><Types/>' },
      {
        name: 'word/document.xml',
        chunk: row,
        repeat: Math.ceil((400 * 1024 * 1024) / row.length),
      },
    ]);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const code = await failureOf(bomb, 'docx').finally(() => clearInterval(timer));
    expect(code).toBe('too_much_text');
    expect(ticks).toBeGreaterThan(3); // the event loop was never held
  }, 120_000);
});

describe('HTML', () => {
  it('keeps h1–h6 as headings and drops scripts, styles and navigation', async () => {
    const html = `<!doctype html><html><head><title>Guide</title><style>p { color: red }</style></head>
      <body><nav><a href="/">Home</a> <a href="/map">Map</a></nav>
      <h1>参观指南</h1><p>博物馆每天上午九点开门，<b>下午五点</b>关门。</p><script>alert("x")</script>
      <h2>门票 &amp; 优惠</h2><ul><li>成人五十元。</li><li>儿童免费。</li></ul>
      <footer>版权所有</footer></body></html>`;
    const doc = await extract(html, 'html');
    expect(doc).toMatchObject({ pages: 1, language: 'mandarin' });
    expect(doc.blocks).toEqual([
      { page: null, heading: '参观指南', text: '博物馆每天上午九点开门，下午五点关门。' },
      { page: null, heading: '门票 & 优惠', text: '成人五十元。\n儿童免费。\n版权所有' },
    ]);
    expect(JSON.stringify(doc)).not.toMatch(/alert|color|Home/);
  });
});

describe('Markdown', () => {
  it('takes headings from # lines and strips the markup', async () => {
    const md = [
      '# Visiting',
      '',
      'The museum is **free** on [Sundays](https://example.org/sundays). Bring `your ticket`.',
      '',
      '## Food',
      '',
      '- The *cafe* is on level 2.',
      '- Picnics in the garden.',
      '',
      '> Please keep food out of the galleries.',
    ].join('\n');
    const doc = await extract(md, 'markdown');
    expect(doc.blocks).toEqual([
      { page: null, heading: 'Visiting', text: 'The museum is free on Sundays. Bring your ticket.' },
      {
        page: null,
        heading: 'Food',
        text: 'The cafe is on level 2.\nPicnics in the garden.\nPlease keep food out of the galleries.',
      },
    ]);
  });
});

describe('TXT', () => {
  it('guesses headings, joins wrapped lines and counts form feeds as pages', async () => {
    const txt = [
      'Opening Hours',
      '',
      'The museum opens at nine',
      'and closes at five.',
      '',
      'Last entry is at four thirty',
      '\fTickets',
      '',
      'Adults pay fifty dollars.',
    ].join('\n');
    const doc = await extract(txt, 'txt');
    expect(doc.pages).toBe(2);
    expect(doc.blocks).toEqual([
      {
        page: 1,
        heading: 'Opening Hours',
        text: 'The museum opens at nine and closes at five.\nLast entry is at four thirty',
      },
      { page: 2, heading: 'Tickets', text: 'Adults pay fifty dollars.' },
    ]);
  });

  it('fails an empty text as no_text and a long one as too_much_text', async () => {
    expect(await failureOf('\n\n   \n', 'txt')).toBe('no_text');
    expect(await failureOf(sentences(100), 'txt', { maxPages: 10, maxCharacters: 1_000 })).toBe(
      'too_much_text',
    );
  });

  it('stops when the scan is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the document was removed'));
    await expect(extract('Some text.', 'txt', { ...LIMITS, signal: controller.signal })).rejects.toThrow(
      'the document was removed',
    );
  });
});

describe('toPassages', () => {
  it('cuts long English text into passages of 40–120 words at sentence ends', () => {
    const text = sentences(40);
    const passages = toPassages([{ page: 3, heading: 'Rooms', text }]);
    expect(passages.length).toBeGreaterThanOrEqual(5); // 600 words
    for (const p of passages) {
      expect(p).toMatchObject({ page: 3, heading: 'Rooms' });
      expect(sizeOf(p.text)).toBeGreaterThanOrEqual(40);
      expect(sizeOf(p.text)).toBeLessThanOrEqual(120);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(text);
  });

  it('cuts Chinese text into passages of 80–250 characters at 。！？', () => {
    const sentence = (i: number) =>
      `第${i}展廳展出香港早期的生活用品，包括餐具、衣服和玩具，歡迎大家慢慢參觀！`;
    const text = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join('');
    const passages = toPassages([{ page: null, heading: null, text }]);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect([...p.text].length).toBeGreaterThanOrEqual(80);
      expect([...p.text].length).toBeLessThanOrEqual(250);
      expect(p.text.endsWith('！')).toBe(true);
    }
    expect(passages.map((p) => p.text).join('')).toBe(text);
  });

  it('never joins text across headings or pages, and cuts a sentence with no end', () => {
    const passages = toPassages([
      { page: 1, heading: 'A', text: 'Short one.' },
      { page: 1, heading: 'B', text: 'Short two.' },
      { page: 2, heading: 'B', text: 'Short three.' },
      { page: 2, heading: 'B', text: 'word '.repeat(300).trim() },
    ]);
    expect(passages.slice(0, 2).map((p) => [p.page, p.heading, p.text])).toEqual([
      [1, 'A', 'Short one.'],
      [1, 'B', 'Short two.'],
    ]);
    // A sentence with no end is cut by words; the short one before it stays whole.
    expect(passages[2]).toMatchObject({ page: 2, heading: 'B', text: 'Short three.' });
    expect(
      passages
        .slice(3)
        .map((p) => p.text)
        .join(' '),
    ).toBe('word '.repeat(300).trim());
    for (const p of passages.slice(3)) {
      expect(p).toMatchObject({ page: 2, heading: 'B' });
      expect(sizeOf(p.text)).toBeLessThanOrEqual(120);
    }
  });
});

describe('detectLanguage', () => {
  it.each([
    ['The museum opens at nine in the morning every day.', 'english'],
    ['我哋嘅博物館喺尖沙咀，逢星期一唔開門，你可以搭地鐵嚟。', 'cantonese'],
    ['我們的博物館位於尖沙咀，與其他博物館的關係很密切，每逢星期一休館。', 'mandarin'],
    ['我们的博物馆位于尖沙咀，每逢星期一休馆，可以乘坐地铁前来。', 'mandarin'],
    ['博物館は毎朝九時に開館します。ぜひお越しください。', 'japanese'],
    ['박물관은 매일 아침 아홉 시에 문을 엽니다.', 'korean'],
    ['42', null],
    ['', null],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
