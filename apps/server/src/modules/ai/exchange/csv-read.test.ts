import { describe, expect, it } from 'vitest';
import { decodeText, delimiterOf, readCsv, tableOf } from './csv-read.js';
import { textKind } from '../../../lib/spreadsheet/file-format.js';
import { XLSX_LIMITS } from '../../../lib/spreadsheet/xlsx-limits.js';

// The pure parts of reading a CSV file: no database, no worker.

describe('textKind', () => {
  it('tells UTF-8, UTF-16 with or without a BOM, legacy text and binary apart', () => {
    const text = 'Topic,Language,Kind,Text\r\nBus,english,keyword,bus\r\n';
    expect(textKind(Buffer.from(text))).toEqual({ kind: 'text', encoding: 'utf-8' });
    expect(textKind(Buffer.from(`\uFEFF${text}`))).toEqual({ kind: 'text', encoding: 'utf-8' });
    expect(textKind(Buffer.from(`\uFEFF${text}`, 'utf16le'))).toEqual({ kind: 'text', encoding: 'utf-16le' });
    // Some tools write UTF-16 without a BOM: ASCII then has a zero after every character.
    expect(textKind(Buffer.from(text, 'utf16le'))).toEqual({ kind: 'text', encoding: 'utf-16le' });
    expect(textKind(Buffer.from(text, 'utf16le').swap16())).toEqual({ kind: 'text', encoding: 'utf-16be' });
    expect(textKind(Buffer.from('Topic\r\nCaf\xe9\r\n', 'latin1'))).toEqual({ kind: 'legacy' });
    expect(textKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toEqual({
      kind: 'binary',
    });
  });

  it('does not fail a UTF-8 character cut at the end of the 64 KB sample', () => {
    const long = Buffer.from(`${'a'.repeat(64 * 1024 - 1)}停車場`);
    expect(textKind(long)).toEqual({ kind: 'text', encoding: 'utf-8' });
  });
});

describe('reading CSV text', () => {
  it('takes the delimiter from the header row, whatever the rows hold', () => {
    expect(delimiterOf('Topic,Language,Kind,Text\nBus;Taxi;Ferry;Tram;Train,english,keyword,x')).toBe(',');
    expect(delimiterOf('Topic;Language;Kind;Text\n"a,b,c,d,e";english;keyword;x')).toBe(';');
    expect(delimiterOf('Topic\tLanguage\tKind\tText\n')).toBe('\t');
  });

  it('names the table by its own columns, and none when two tie', () => {
    expect(tableOf(['Topic', 'Language', 'Kind', 'Text'])).toBe('keywords');
    expect(tableOf([' topic ', 'CATEGORY', 'Parent topic'])).toBe('topics');
    expect(tableOf(['Topic', 'Language', 'Speech'])).toBe('responses');
    expect(tableOf(['Topic', 'Language'])).toBeUndefined();
    expect(tableOf(['Topic', 'Kind', 'Category'])).toBeUndefined();
  });

  it('drops exactly one formula guard, and only before what Excel would run', () => {
    const wb = readCsv(
      "Topic,Language,Kind,Text\nBus,english,keyword,'=1+2\nBus,english,keyword,''-x\nBus,english,keyword,'quoted\n",
    );
    expect(wb.sheets[0]!.rows.slice(1).map((r) => r[3])).toEqual([
      { value: '=1+2' },
      { value: "'-x" },
      { value: "'quoted" },
    ]);
  });

  it('refuses bytes invalid in the encoding instead of importing U+FFFD', () => {
    expect(() => decodeText(Buffer.from([0x61, 0xff, 0x62]), 'utf-8')).toThrow(/not UTF-8 text throughout/);
  });

  it('stops at the row and cell limits while reading', () => {
    const limits = { ...XLSX_LIMITS, rows: 3, cells: 1000 };
    expect(() => readCsv('Topic,Language,Kind,Text\na,b,c,d\na,b,c,d\na,b,c,d\n', limits)).toThrow(
      /more than 3 rows/,
    );
    const cells = { ...XLSX_LIMITS, rows: 100, cells: 10 };
    expect(() => readCsv('Topic,Language,Kind,Text\na,b,c,d\na,b,c,d\n', cells)).toThrow(/10 cells/);
  });
});
