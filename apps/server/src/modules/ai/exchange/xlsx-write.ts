import ExcelJS from 'exceljs';
import type { ResponseRow } from '../responses/repo.js';
import type { CategoryRow, KeywordRow, TopicRow } from '../topics/repo.js';
import { KEYWORD_COLUMNS, PATH_SEPARATOR, RESPONSE_COLUMNS, SHEET, TOPIC_COLUMNS } from './xlsx-parse.js';

/** Everything of one device the workbook holds. */
export interface DeviceContent {
  categories: CategoryRow[];
  topics: TopicRow[];
  keywords: KeywordRow[];
  responses: ResponseRow[];
}

/** A device's topics as the workbook the import reads back (the layout of xlsx-parse.ts). */
export async function writeTopicsWorkbook({
  categories,
  topics,
  keywords,
  responses,
}: DeviceContent): Promise<Buffer> {
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
    (a, b) => a.kind.localeCompare(b.kind) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
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
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
