import type { ImportReport } from '@ambassador/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import type { AiChangeListener } from '../changes.js';
import { responseColumns } from '../responses/service.js';
import { createTopicsRepo } from '../topics/repo.js';
import { createImportGate, type ImportGate } from './import-gate.js';
import { planImport, type DeviceState, type ImportPlan } from './planner.js';
import { createExchangeRepo } from './repo.js';
import { readWorkbook } from './xlsx-read.js';
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

/**
 * The topics workbook (docs/api.md "Topics workbook"): a device's topics out to xlsx and back.
 * An import reads the device, plans against the file (planner.ts, pure) and applies the plan.
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
    async exportTopics(deviceId: number): Promise<{ filename: string; content: Buffer }> {
      const description = await read.exchange.deviceDescription(deviceId);
      if (description === undefined) throw notFound('Device not found.');
      const { categories, topics } = await deviceState(read, deviceId);
      const keywords = await read.topics.allKeywords(deviceId);
      const responses = await read.exchange.responsesOf(deviceId);

      const content = await writeTopicsWorkbook({ categories, topics, keywords, responses });
      return { filename: `${description}-topics.xlsx`, content };
    },

    /**
     * Checks the whole file against the device; in apply mode with no problem, writes it in one
     * transaction. One import per project at a time (the gate); `upload` reads the file once in.
     */
    importTopics(
      projectId: number,
      deviceId: number,
      upload: () => Promise<Buffer>,
      mode: 'preview' | 'apply',
    ): Promise<ImportReport> {
      return gate.run(projectId, async () => importFile(deviceId, await upload(), mode));
    },
  };

  async function importFile(
    deviceId: number,
    bytes: Buffer,
    mode: 'preview' | 'apply',
  ): Promise<ImportReport> {
    if (bytes.length === 0) throw new AppError(400, 'empty_file', 'The file is empty.');
    // An xlsx is a ZIP: decided by the bytes, never by the file's name or the client's claim.
    if (bytes.length < 4 || bytes.readUInt32BE(0) !== 0x504b0304) {
      throw new AppError(415, 'unsupported_type', 'This file is not an Excel workbook (.xlsx).');
    }
    const file = await readWorkbook(bytes, deviceId);

    if (mode === 'preview') return planImport(await deviceState(read, deviceId), file).report;

    let report: ImportReport;
    try {
      report = await db.transaction(async (tx) => {
        const r = repos(tx);
        // Planned inside the transaction, under a lock, so it is planned against what it changes.
        await r.exchange.lockDevice(deviceId);
        const plan = planImport(await deviceState(r, deviceId), file);
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
