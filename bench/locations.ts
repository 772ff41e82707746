/**
 * Finding the location a question asks for (modules/locations): a device with 5,000 locations (the
 * most a device holds; each with two names, an alias and a category layer), asked "where is …"
 * questions through the locations service. The first question after start-up or a change (cold:
 * read and fold the device's locations), later ones (warm: folded names held in memory), the same
 * questions the way every question was answered before (read and fold each time), and the heap the
 * held names take. In-process on PGlite (or DATABASE_URL).
 * Run: npm run bench:locations (no build needed).
 */
import fs from 'node:fs/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { normalizeText } from '../apps/server/src/matcher/index.js';
import { findLocation, foldLocations } from '../apps/server/src/modules/locations/answer.js';
import { createLocationsRepo } from '../apps/server/src/modules/locations/repo.js';
import { createLocationsService } from '../apps/server/src/modules/locations/service.js';
import {
  locationCategories,
  locationCategoryLinks,
  locations as locationsTable,
} from '../apps/server/src/db/schema.js';
import type { MediaStore } from '../apps/server/src/media/store.js';
import { benchDatabase } from './support.js';

const LOCATIONS = 5000;
const LAYERS = 50;
const WARM_QUESTIONS = 200;
const DEVICE = 1;

const { dir, database } = await benchDatabase();
const { db } = database;
const repo = createLocationsRepo(db);

const layers = await db
  .insert(locationCategories)
  .values(Array.from({ length: LAYERS }, (_, i) => ({ deviceId: DEVICE, name: `Wing ${i}` })))
  .returning({ id: locationCategories.id });
for (let from = 0; from < LOCATIONS; from += 500) {
  const rows = await db
    .insert(locationsTable)
    .values(
      Array.from({ length: Math.min(500, LOCATIONS - from) }, (_, k) => {
        const i = from + k;
        const details = (name: string) => ({
          name,
          address: '',
          phone_number: '',
          image: '',
          opening_hours: [],
        });
        return {
          deviceId: DEVICE,
          name: `Clinic ${i}`,
          selectedDetails: ['english', 'cantonese'],
          details: { english: details(`Clinic ${i}`), cantonese: details(`診所${i}`) },
          aliases: [`consulting room ${i}`],
        };
      }),
    )
    .returning({ id: locationsTable.id });
  await db
    .insert(locationCategoryLinks)
    .values(rows.map((r, k) => ({ locationId: r.id, categoryId: layers[(from + k) % LAYERS]!.id })));
}

const QUESTIONS = [
  'Where is clinic 4321?',
  '診所123喺邊度？',
  'How do I get to consulting room 17?',
  'Where is wing 7?',
  'Where is the cinema?',
  'Is the food good here?',
  '请问诊所2500在哪里',
  'Clinic 4999',
];

const service = () =>
  createLocationsService({
    repo,
    // Answering neither uploads nor discards media.
    media: {} as MediaStore,
    notifier: {
      toProject: () => undefined,
      toDevice: () => undefined,
      toClient: () => undefined,
      deviceOnline: async () => false,
    },
    clock: { now: () => new Date() },
    timeZoneOf: async () => 'Asia/Hong_Kong',
  });

const time = async (f: () => Promise<unknown>) => {
  const started = performance.now();
  await f();
  return performance.now() - started;
};
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted[sorted.length - 1]! };
};
const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 0);

// The answers must be the same both ways.
const held = service();
for (const q of QUESTIONS) {
  const before = findLocation(q, foldLocations(await repo.all(DEVICE)));
  const now = (await held.answer(DEVICE, 'english', q))?.hit;
  if ((before?.location.id ?? null) !== (now?.location.id ?? null))
    throw new Error(`answers differ for ${q}`);
}

// Cold: a fresh service (start-up), and a change on a warm one (its names are read again).
const cold: number[] = [];
for (let i = 0; i < 5; i++) {
  const fresh = service();
  cold.push(await time(() => fresh.answer(DEVICE, 'english', QUESTIONS[i % QUESTIONS.length]!)));
}
const afterChange: number[] = [];
for (let i = 0; i < 5; i++) {
  held.forget(DEVICE);
  afterChange.push(await time(() => held.answer(DEVICE, 'english', QUESTIONS[i % QUESTIONS.length]!)));
}
const warm: number[] = [];
for (let i = 0; i < WARM_QUESTIONS; i++) {
  warm.push(await time(() => held.answer(DEVICE, 'english', QUESTIONS[i % QUESTIONS.length]!)));
}
const findOnly: number[] = [];
const folded = foldLocations(await repo.all(DEVICE));
for (let i = 0; i < WARM_QUESTIONS; i++) {
  findOnly.push(await time(async () => findLocation(QUESTIONS[i % QUESTIONS.length]!, folded)));
}
// The parts of a cold question: reading the rows, folding them; and folding the question alone.
const reads: number[] = [];
const folds: number[] = [];
for (let i = 0; i < 5; i++) {
  let rows: Awaited<ReturnType<typeof repo.all>> = [];
  reads.push(await time(async () => (rows = await repo.all(DEVICE))));
  folds.push(await time(async () => foldLocations(rows)));
}
const questionFolds: number[] = [];
for (let i = 0; i < WARM_QUESTIONS; i++) {
  questionFolds.push(await time(async () => normalizeText(QUESTIONS[i % QUESTIONS.length]!)));
}
// Before: every question read and folded all of the device's locations.
const before: number[] = [];
for (let i = 0; i < 20; i++) {
  before.push(
    await time(async () =>
      findLocation(QUESTIONS[i % QUESTIONS.length]!, foldLocations(await repo.all(DEVICE))),
    ),
  );
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const rows = await repo.all(DEVICE);
const heapBefore = heapMb();
const kept = foldLocations(rows);
const heapAfter = heapMb();
void kept.length;
const rowsBefore = heapMb();
const reread = await repo.all(DEVICE);
const rowsAfter = heapMb();
void reread.length;

console.log(
  `${LOCATIONS} locations (two names, an alias, one of ${LAYERS} layers each), on ${database.kind}`,
);
console.log('| question | median ms | worst ms |');
console.log('| --- | --- | --- |');
const line = (what: string, ms: number[]) => {
  const s = stats(ms);
  console.log(`| ${what} (${ms.length}) | ${fmt(s.median)} | ${fmt(s.worst)} |`);
};
line('before: read and fold every time', before);
line('cold: first question after start-up', cold);
line('cold: first question after a change', afterChange);
line('warm: answer() with names held', warm);
line('warm: findLocation alone', findOnly);
line('part: reading the rows (repo.all)', reads);
line('part: folding their names (foldLocations)', folds);
line('part: folding the question (normalizeText)', questionFolds);
console.log(
  `heap held per device: the rows ${fmt(rowsAfter - rowsBefore)} MB + their folded names ${fmt(heapAfter - heapBefore)} MB`,
);

await database.close();
await fs.rm(dir, { recursive: true, force: true });
