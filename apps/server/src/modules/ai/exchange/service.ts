import type { AvatarMotion, ImportReport, Language } from '@ambassador/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { createExchangeRepo } from './repo.js';
import { fold } from '../fold.js';
import { createImportGate, type ImportGate } from './import-gate.js';
import { readWorkbook } from './xlsx-read.js';
import {
  KEYWORD_COLUMNS,
  listed,
  MAX_ISSUES,
  PATH_SEPARATOR,
  RESPONSE_COLUMNS,
  SHEET,
  TOPIC_COLUMNS,
  type ParsedFile,
  type TopicLine,
} from './xlsx-parse.js';
import { createResponsesRepo } from '../responses/repo.js';
import { responseColumns, type ResponseFields } from '../responses/service.js';
import { createTopicsRepo, type CategoryRow, type TopicRow } from '../topics/repo.js';
import type { AiChangeListener } from '../changes.js';

// ---------------------------------------------------------------- the plan: the file against the device

/** Finds by name within a scope: the same name ignoring case first, then the folded form. */
class NameIndex<T> {
  private exact = new Map<string, T>();
  private folded = new Map<string, T>();
  add(scope: number, name: string, item: T) {
    const e = `${scope}\u0000${name.toLowerCase()}`;
    const f = `${scope}\u0000${fold(name)}`;
    if (!this.exact.has(e)) this.exact.set(e, item);
    if (!this.folded.has(f)) this.folded.set(f, item);
  }
  get(scope: number, name: string): T | undefined {
    return (
      this.exact.get(`${scope}\u0000${name.toLowerCase()}`) ?? this.folded.get(`${scope}\u0000${fold(name)}`)
    );
  }
}

interface DeviceState {
  categories: CategoryRow[];
  topics: TopicRow[];
}

type TopicValues = {
  parentId: number | null;
  categoryId: number;
  isActivated: boolean;
  isEnabledRelatedIntents: boolean;
  remarks: string;
  avatarMotion: AvatarMotion | null;
};

/** What to write. Ids below zero stand for categories and topics the plan creates. */
interface Plan {
  report: ImportReport;
  newCategories: { id: number; parentId: number | null; name: string }[];
  /** Parents before their sub-topics. */
  newTopics: ({ id: number; name: string } & TopicValues)[];
  updates: ({ id: number } & TopicValues)[];
  /** Topics not in the file that follow a parent into another category. */
  moves: { id: number; categoryId: number }[];
  /** Existing topics whose keywords / responses the file replaces. */
  clearKeywords: number[];
  clearResponses: number[];
  keywords: { topicId: number; language: Language; kind: 'keyword' | 'phrase'; text: string; norm: string }[];
  responses: { topicId: number; fields: ResponseFields }[];
}

function makePlan(state: DeviceState, file: ParsedFile): Plan {
  const issues = [...file.issues];
  const issue = (row: number, column: string, message: string) => {
    if (issues.length <= MAX_ISSUES) issues.push({ sheet: SHEET.topics, row, column, message });
  };

  // Categories by path: matched like the unique index (per parent, ignoring case), created when missing.
  const categories = new NameIndex<number>();
  for (const c of state.categories) categories.add(c.parentId ?? 0, c.name, c.id);
  const newCategories: Plan['newCategories'] = [];
  const categoriesCreated: string[] = [];
  const categoryOfPath = (path: string[]) => {
    let parentId: number | null = null;
    path.forEach((name, i) => {
      let id = categories.get(parentId ?? 0, name);
      if (id === undefined) {
        id = -(newCategories.length + 1);
        newCategories.push({ id, parentId, name });
        categoriesCreated.push(path.slice(0, i + 1).join(PATH_SEPARATOR));
        categories.add(parentId ?? 0, name, id);
      }
      parentId = id;
    });
    return parentId as number | null;
  };

  // Topics: the file's matched to the device's by name; new ones get a stand-in id.
  const existing = new NameIndex<TopicRow>();
  for (const t of state.topics) existing.add(0, t.name, t);
  const byId = new Map(state.topics.map((t) => [t.id, t]));
  const fileTopics = new Map<string, { line: TopicLine; id: number; current: TopicRow | undefined }>();
  let nextTemp = -1;
  for (const line of file.topics) {
    const current = existing.get(0, line.name);
    fileTopics.set(line.key, { line, id: current?.id ?? nextTemp--, current });
  }
  const fileById = new Map([...fileTopics.values()].map((t) => [t.id, t]));

  // The tree after the import: the file's parents for its topics, the device's for the rest.
  const parentOf = new Map<number, number | null>(state.topics.map((t) => [t.id, t.parentId]));
  for (const { line, id } of fileTopics.values()) {
    let parentId: number | null = null;
    if (line.parent !== '' && fold(line.parent) !== line.key) {
      parentId = fileTopics.get(fold(line.parent))?.id ?? existing.get(0, line.parent)?.id ?? null;
      if (parentId === null) {
        issue(
          line.row,
          'Parent topic',
          `"${line.parent}" is neither in the ${SHEET.topics} sheet nor on this device`,
        );
      }
    }
    parentOf.set(id, parentId);
  }
  /** The root above a topic, or undefined when the way up loops. */
  const rootOf = (id: number) => {
    const seen = new Set<number>();
    let at = id;
    for (let up = parentOf.get(at); up != null; up = parentOf.get(at)) {
      if (seen.has(at)) return undefined;
      seen.add(at);
      at = up;
    }
    return at;
  };
  const nameOf = (id: number) => fileById.get(id)?.line.name ?? byId.get(id)?.name ?? String(id);
  for (const { line, id } of fileTopics.values()) {
    const trail = [id];
    for (let up = parentOf.get(id); up != null && !trail.includes(up); up = parentOf.get(up)) trail.push(up);
    if (parentOf.get(trail[trail.length - 1]!) === id) {
      const names = [...trail, id].map(nameOf);
      issue(line.row, 'Parent topic', `Parent topics form a cycle: ${names.join(' → ')}`);
    }
  }

  // Categories: a top-level topic's from its path, every other topic's from its root.
  const pathCategory = new Map<number, number | null>();
  for (const { line, id } of fileTopics.values()) {
    if (parentOf.get(id) === null && line.path) pathCategory.set(id, categoryOfPath(line.path));
  }
  const categoryOf = (id: number): number | undefined => {
    const root = rootOf(id);
    if (root === undefined) return undefined;
    // A top-level topic of the file without a valid category: its row already has an issue.
    if (fileById.has(root)) return pathCategory.get(root) ?? undefined;
    return byId.get(root)?.categoryId;
  };
  const depthOf = (id: number) => {
    let depth = 0;
    for (let up = parentOf.get(id); up != null && depth <= parentOf.size; up = parentOf.get(up)) depth++;
    return depth;
  };

  const newTopics: Plan['newTopics'] = [];
  const updates: Plan['updates'] = [];
  const topicsCreated: string[] = [];
  const topicsChanged: string[] = [];
  for (const { line, id, current } of fileTopics.values()) {
    const categoryId = categoryOf(id);
    if (categoryId === undefined) continue; // its row already has an issue
    const values: TopicValues = {
      parentId: parentOf.get(id) ?? null,
      categoryId,
      isActivated: line.active ?? current?.isActivated ?? true,
      isEnabledRelatedIntents: line.related ?? current?.isEnabledRelatedIntents ?? false,
      remarks: line.remarks,
      avatarMotion: line.motion,
    };
    if (!current) {
      newTopics.push({ id, name: line.name, ...values });
      topicsCreated.push(line.name);
    } else if (
      values.parentId !== current.parentId ||
      values.categoryId !== current.categoryId ||
      values.isActivated !== current.isActivated ||
      values.isEnabledRelatedIntents !== current.isEnabledRelatedIntents ||
      values.remarks !== current.remarks ||
      values.avatarMotion !== (current.avatarMotion ?? null)
    ) {
      updates.push({ id, ...values });
      topicsChanged.push(current.name);
    }
  }
  newTopics.sort((a, b) => depthOf(a.id) - depthOf(b.id));

  const moves: Plan['moves'] = [];
  for (const t of state.topics) {
    if (fileById.has(t.id)) continue;
    const categoryId = categoryOf(t.id);
    if (categoryId !== undefined && categoryId !== t.categoryId) moves.push({ id: t.id, categoryId });
  }

  const idOf = (key: string) => fileTopics.get(key)!.id;
  const existingIds = [...fileTopics.values()].filter((t) => t.current).map((t) => t.id);
  const keywords = (file.keywords ?? []).map(({ topicKey, ...k }) => ({ topicId: idOf(topicKey), ...k }));
  const responses = (file.responses ?? []).map((r) => ({ topicId: idOf(r.topicKey), fields: r.fields }));
  return {
    report: {
      applied: false,
      categories_created: categoriesCreated,
      topics_created: topicsCreated,
      topics_changed: topicsChanged,
      keywords: keywords.length,
      responses: responses.length,
      errors: listed(issues),
    },
    newCategories,
    newTopics,
    updates,
    moves,
    clearKeywords: file.keywords ? existingIds : [],
    clearResponses: file.responses ? existingIds : [],
    keywords,
    responses,
  };
}

// ---------------------------------------------------------------- the service

const repos = (db: Db) => ({
  topics: createTopicsRepo(db),
  responses: createResponsesRepo(db),
  exchange: createExchangeRepo(db),
});
type Repos = ReturnType<typeof repos>;

async function deviceState(r: Repos, deviceId: number): Promise<DeviceState> {
  const categories = (await r.topics.categories(deviceId)).map((c) => c.category);
  return { categories, topics: await r.topics.allTopics(deviceId) };
}

async function execute(r: Repos, deviceId: number, plan: Plan, now: Date) {
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

/** The topics workbook (docs/api.md "Topics workbook"): a device's topics out to xlsx and back. */
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

      const categoryById = new Map(categories.map((c) => [c.id, c]));
      const pathOf = (id: number) => {
        const names: string[] = [];
        const seen = new Set<number>();
        for (let c = categoryById.get(id); c && !seen.has(c.id); c = categoryById.get(c.parentId ?? 0)) {
          seen.add(c.id);
          names.unshift(c.name);
        }
        return names.join(PATH_SEPARATOR);
      };
      const topicById = new Map(topics.map((t) => [t.id, t]));
      // Each top-level topic followed by its sub-topics, so the sheet reads like the tree.
      const byName = (a: TopicRow, b: TopicRow) => a.name.localeCompare(b.name);
      const children = new Map<number, TopicRow[]>();
      for (const t of topics) {
        if (t.parentId === null) continue;
        const list = children.get(t.parentId);
        if (list) list.push(t);
        else children.set(t.parentId, [t]);
      }
      const ordered: TopicRow[] = [];
      const visit = (t: TopicRow) => {
        ordered.push(t);
        (children.get(t.id) ?? []).sort(byName).forEach(visit);
      };
      topics
        .filter((t) => t.parentId === null || !topicById.has(t.parentId))
        .sort((a, b) => pathOf(a.categoryId).localeCompare(pathOf(b.categoryId)) || byName(a, b))
        .forEach(visit);
      const position = new Map(ordered.map((t, i) => [t.id, i]));
      const inTopicOrder = <T extends { topicId: number }>(rows: T[]) =>
        rows
          .map((row, i) => ({ row, i }))
          .sort((a, b) => position.get(a.row.topicId)! - position.get(b.row.topicId)! || a.i - b.i)
          .map((x) => x.row);

      // Built in memory, not streamed: a device's few thousand topics make a workbook of a few MB,
      // and a buffer lets a failure still answer as a JSON error, not as a cut-off download.
      const wb = new ExcelJS.Workbook();
      wb.creator = 'Ambassador Console';
      const sheet = (name: string, columns: readonly (readonly [string, number])[]) => {
        const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
        ws.columns = columns.map(([header, width]) => ({ header, width }));
        ws.getRow(1).font = { bold: true };
        return ws;
      };
      // Every text goes in as a plain string value, so "=1+2" stays text (never a formula) in Excel.
      const topicsSheet = sheet(SHEET.topics, TOPIC_COLUMNS);
      for (const t of ordered) {
        topicsSheet.addRow([
          t.name,
          t.parentId === null ? '' : (topicById.get(t.parentId)?.name ?? ''),
          pathOf(t.categoryId),
          t.isActivated,
          t.isEnabledRelatedIntents,
          t.remarks,
          t.avatarMotion ?? '',
        ]);
      }
      const keywordsSheet = sheet(SHEET.keywords, KEYWORD_COLUMNS);
      // The console's order (kind, then age), so an import into another device lists them alike.
      const sortedKeywords = [...keywords].sort(
        (a, b) =>
          a.kind.localeCompare(b.kind) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
      );
      for (const k of inTopicOrder(sortedKeywords)) {
        keywordsSheet.addRow([topicById.get(k.topicId)?.name ?? '', k.language, k.kind, k.text]);
      }
      const responsesSheet = sheet(SHEET.responses, RESPONSE_COLUMNS);
      for (const r of inTopicOrder(responses)) {
        responsesSheet.addRow([
          topicById.get(r.topicId)?.name ?? '',
          r.language,
          r.deviceType,
          r.responseAim,
          r.responseType,
          r.speech,
          JSON.stringify(r.contents),
          r.customContent,
        ]);
      }
      const content = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
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

    if (mode === 'preview') return makePlan(await deviceState(read, deviceId), file).report;

    let report: ImportReport;
    try {
      report = await db.transaction(async (tx) => {
        const r = repos(tx);
        // Planned inside the transaction, under a lock, so it is planned against what it changes.
        await r.exchange.lockDevice(deviceId);
        const plan = makePlan(await deviceState(r, deviceId), file);
        if (plan.report.errors.length > 0) return plan.report;
        await execute(r, deviceId, plan, clock.now());
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
