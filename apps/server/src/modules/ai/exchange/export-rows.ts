import type { ExchangeTable } from '@ambassador/contracts';
import type { ResponseRow } from '../responses/repo.js';
import type { CategoryRow, KeywordRow, TopicRow } from '../topics/repo.js';
import { PATH_SEPARATOR } from './xlsx-parse.js';

/** Everything of one device the workbook holds. */
export interface DeviceContent {
  categories: CategoryRow[];
  topics: TopicRow[];
  keywords: KeywordRow[];
  responses: ResponseRow[];
  /** Names of parents the export leaves out (a sub-topic exported alone still names its parent). */
  parentNames?: ReadonlyMap<number, string>;
}

/** A table's data rows, cell by cell, in the columns of xlsx-parse.ts (headers not included). */
export type ExportRows = Record<ExchangeTable, (string | boolean)[][]>;

/** A device's topics as the rows of the three tables the import reads back, in reading order. */
export function exportRows({
  categories,
  topics,
  keywords,
  responses,
  parentNames,
}: DeviceContent): ExportRows {
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
  const nameOf = (id: number) => topicById.get(id)?.name ?? parentNames?.get(id) ?? '';

  // The console's order (kind, then age), so an import into another device lists them alike.
  const sortedKeywords = [...keywords].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  return {
    topics: ordered.map((t) => [
      t.name,
      t.parentId === null ? '' : nameOf(t.parentId),
      pathOf(t.categoryId),
      t.isActivated,
      t.isEnabledRelatedIntents,
      t.remarks,
      t.avatarMotion ?? '',
    ]),
    keywords: inTopicOrder(sortedKeywords).map((k) => [nameOf(k.topicId), k.language, k.kind, k.text]),
    responses: inTopicOrder(responses).map((r) => [
      nameOf(r.topicId),
      r.language,
      r.deviceType,
      r.responseAim,
      r.responseType,
      r.speech,
      JSON.stringify(r.contents),
      r.customContent,
    ]),
  };
}
