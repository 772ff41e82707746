/**
 * banking77 (PolyAI, CC BY 4.0; ../shared/data/banking77 from the repo root), read for the
 * benchmarks: the train and test rows, the intents, and the seeded choice of intents held out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from '../apps/server/src/matcher/model.js';

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/data/banking77');

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface Row {
  text: string;
  category: string;
}

export function readSplit(name: string): Row[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(dataDir, name), 'utf8'));
  if (header?.join(',') !== 'text,category')
    throw new Error(`${name}: unexpected header ${header?.join(',')}`);
  return rows.filter((r) => r.length === 2).map(([text, category]) => ({ text: text!, category: category! }));
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The two splits and the intents (categories.json's order: topic id = index + 1). */
export function banking77() {
  return {
    train: readSplit('train.csv'),
    test: readSplit('test.csv'),
    categories: JSON.parse(fs.readFileSync(path.join(dataDir, 'categories.json'), 'utf8')) as string[],
  };
}

/** The 10 intents held out of training for out-of-scope detection (seeded: the same every run). */
export const heldOutIntents = (categories: readonly string[]) =>
  new Set(shuffled(categories, rng(2026)).slice(0, 10));
