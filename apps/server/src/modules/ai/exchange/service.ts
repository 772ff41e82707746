import type { ExchangeTable, ImportFormat, ImportReport } from '@ambassador/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { AiChangeListener } from '../changes.js';
import { responseColumns } from '../responses/service.js';
import { topicsBulkRepo, type TopicsSelection } from '../topics/bulk-repo.js';
import { createTopicsRepo } from '../topics/repo.js';
import { createImportGate, type ImportGate } from '../../../lib/spreadsheet/import-gate.js';
import { planImport, type DeviceState, type ImportPlan } from './planner.js';
import { createExchangeRepo } from './repo.js';
import { writeTopicsCsv } from './csv-write.js';
import type { DeviceContent } from './export-rows.js';
import { sniffImport } from '../../../lib/spreadsheet/file-format.js';
import { readImportFile } from './import-read.js';
import { writeTopicsWorkbook } from './xlsx-write.js';

const repos = (db: Db) => ({
  topics: createTopicsRepo(db),
  exchange: createExchangeRepo(db),
});
type Repos = ReturnType<typeof repos>;

async function deviceState(r: Repos, deviceId: number): Promise<DeviceState> {
  const categories = (await r.topics.categories(deviceId)).map((c) => c.category);
  return { categories, topics: await r.topics.allTopics(deviceId) };
}

/** The content of these topics only; the parents left out are still named. */
function onlyTopics(content: DeviceContent, ids: number[]): DeviceContent {
  const kept = new Set(ids);
  const mine = <T extends { topicId: number }>(rows: T[]) => rows.filter((r) => kept.has(r.topicId));
  return {
    categories: content.categories,
    topics: content.topics.filter((t) => kept.has(t.id)),
    keywords: mine(content.keywords),
    responses: mine(content.responses),
    parentNames: new Map(content.topics.map((t) => [t.id, t.name])),
  };
}

/** Writes a plan: what it creates first, so what follows can use the ids the database gave. */
async function applyPlan(r: Repos, deviceId: number, plan: ImportPlan, now: Date) {
  // Stand-in ids (below zero) of what the plan creates, to the ids the database gave.
  const categoryIds = new Map<number, number>();
  const topicIds = new Map<number, number>();
  const category = (id: number) => (id < 0 ? categoryIds.get(id)! : id);
  const real = (id: number) => (id < 0 ? topicIds.get(id)! : id);
  const realOrNull = (id: number | null) => (id === null ? null : real(id));
  for (const c of plan.newCategories) {
    const parentId = c.parentId === null ? null : category(c.parentId);
    const row = await r.topics.insertCategory({ deviceId, parentId, name: c.name, createdAt: now });
    categoryIds.set(c.id, row.id);
  }
  for (const t of plan.newTopics) {
    const row = await r.topics.insertTopic({
      deviceId,
      name: t.name,
      parentId: realOrNull(t.parentId),
      categoryId: category(t.categoryId),
      isActivated: t.isActivated,
      isEnabledRelatedIntents: t.isEnabledRelatedIntents,
      remarks: t.remarks,
      avatarMotion: t.avatarMotion,
      createdAt: now,
      updatedAt: now,
    });
    topicIds.set(t.id, row.id);
  }
  for (const { id, ...t } of plan.updates) {
    await r.topics.updateTopic(deviceId, id, {
      ...t,
      parentId: realOrNull(t.parentId),
      categoryId: category(t.categoryId),
      updatedAt: now,
    });
  }
  for (const m of plan.moves)
    await r.topics.updateTopic(deviceId, m.id, { categoryId: category(m.categoryId) });

  await r.exchange.deleteKeywordsOf(deviceId, plan.clearKeywords);
  await r.exchange.insertKeywords(
    plan.keywords.map((k) => ({ ...k, topicId: real(k.topicId), deviceId, createdAt: now })),
  );
  await r.exchange.deleteResponsesOf(deviceId, plan.clearResponses);
  await r.exchange.insertResponses(
    plan.responses.map(({ topicId, fields }) => ({
      topicId: real(topicId),
      deviceId,
      ...responseColumns(fields),
      createdAt: now,
      updatedAt: now,
    })),
  );
}

type KeywordKind = ImportPlan['keywords'][number]['kind'];
export interface ImportOptions {
  mode: 'preview' | 'apply';
  /** What Keywords rows with a blank Kind are: the operator's answer, required to apply them. */
  blankKind?: KeywordKind;
}
export interface ExportedFile {
  filename: string;
  format: ImportFormat;
  content: Buffer;
}

/**
 * The topics workbook (docs/api.md "Topics workbook"): a device's topics out to xlsx or CSV and
 * back. An import reads the device, plans against the file (planner.ts, pure) and applies the plan.
 */
export function createExchangeService({
  db,
  clock,
  listener,
  gate = createImportGate(),
}: {
  db: Db;
  clock: Clock;
  listener: AiChangeListener;
  gate?: ImportGate;
}) {
  const read = repos(db);

  return {
    /**
     * The whole workbook, or one of its tables (`table`) as a CSV file; with `selection`, only the
     * topics it picks (or its filter matches) and their sub-topics.
     */
    async exportTopics(
      deviceId: number,
      format: ImportFormat = 'xlsx',
      table: ExchangeTable = 'keywords',
      selection?: TopicsSelection,
    ): Promise<ExportedFile> {
      const description = await read.exchange.deviceDescription(deviceId);
      if (description === undefined) throw notFound('Device not found.');
      const { categories, topics } = await deviceState(read, deviceId);
      const keywords = await read.topics.allKeywords(deviceId);
      const responses = await read.exchange.responsesOf(deviceId);
      let content: DeviceContent = { categories, topics, keywords, responses };
      if (selection) {
        const picked = await topicsBulkRepo.picked(db, deviceId, selection);
        content = onlyTopics(
          content,
          await topicsBulkRepo.withSubTopics(
            db,
            deviceId,
            picked.map((p) => p.id),
          ),
        );
      }

      if (format === 'csv') {
        return { filename: `${description}-${table}.csv`, format, content: writeTopicsCsv(content, table) };
      }
      return { filename: `${description}-topics.xlsx`, format, content: await writeTopicsWorkbook(content) };
    },

    /**
     * Checks the whole file (xlsx or CSV) against the device; in apply mode with no problem,
     * writes it in one transaction. One import per project at a time (the gate); `upload.read`
     * reads the file once in.
     */
    importTopics(
      projectId: number,
      deviceId: number,
      upload: { name: string; read: () => Promise<Buffer> },
      options: ImportOptions,
    ): Promise<ImportReport> {
      return gate.run(projectId, async () => importFile(deviceId, upload.name, await upload.read(), options));
    },
  };

  async function importFile(
    deviceId: number,
    name: string,
    bytes: Buffer,
    { mode, blankKind }: ImportOptions,
  ): Promise<ImportReport> {
    if (bytes.length === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
    // Decided by the bytes; a name that says otherwise is refused with what the file really is.
    const file = await readImportFile(bytes, deviceId, sniffImport(bytes, name));
    const choice = blankKind ?? null;

    if (mode === 'preview') return planImport(await deviceState(read, deviceId), file, choice).report;

    // A blank Kind is the operator's to decide, never a default (15,000 phrases are not keywords).
    const blank = file.keywords?.filter((k) => k.kind === null).length ?? 0;
    if (blank > 0 && choice === null) {
      throw badRequest(
        `${blank.toLocaleString('en')} Keywords row${blank === 1 ? ' has' : 's have'} no Kind. ` +
          'Say whether they are keywords or trained phrases (blank_kind=keyword or blank_kind=phrase).',
        'import_kind_required',
      );
    }

    let report: ImportReport;
    try {
      report = await db.transaction(async (tx) => {
        const r = repos(tx);
        // Planned inside the transaction, under a lock, so it is planned against what it changes.
        await r.exchange.lockDevice(deviceId);
        const plan = planImport(await deviceState(r, deviceId), file, choice);
        if (plan.report.errors.length > 0) return plan.report;
        await applyPlan(r, deviceId, plan, clock.now());
        return { ...plan.report, applied: true };
      });
    } catch (e) {
      // A topic or category added through the console meanwhile, under a name the file uses.
      if (isUniqueViolation(e)) {
        throw conflict(
          'The topics changed while importing. Please import the file again.',
          'import_conflict',
        );
      }
      throw e;
    }
    // Once, after the commit: the matcher rebuilds the whole device.
    if (report.applied) listener.changed(deviceId);
    return report;
  }
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
