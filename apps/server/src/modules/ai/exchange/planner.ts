import type { AvatarMotion, ImportReport, Language } from '@ambassador/contracts';
import { fold } from '../fold.js';
import type { ResponseFields } from '../responses/service.js';
import type { CategoryRow, TopicRow } from '../topics/repo.js';
import {
  listed,
  MAX_ISSUES,
  PATH_SEPARATOR,
  SHEET,
  type ParsedFile,
  type TopicLine,
  type TopicRef,
} from './xlsx-parse.js';

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

export interface DeviceState {
  categories: CategoryRow[];
  topics: TopicRow[];
}

export type TopicValues = {
  parentId: number | null;
  categoryId: number;
  isActivated: boolean;
  isEnabledRelatedIntents: boolean;
  remarks: string;
  avatarMotion: AvatarMotion | null;
};

/** What to write. Ids below zero stand for categories and topics the plan creates. */
export interface ImportPlan {
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

type KeywordKind = ImportPlan['keywords'][number]['kind'];
type Issue = (sheet: string, row: number, column: string, message: string) => void;
type FileTopic = { line: TopicLine; id: number; current: TopicRow | undefined };

/** Categories by path: matched like the unique index (per parent, ignoring case), created when missing. */
function categoryPaths(state: DeviceState) {
  const categories = new NameIndex<number>();
  for (const c of state.categories) categories.add(c.parentId ?? 0, c.name, c.id);
  const newCategories: ImportPlan['newCategories'] = [];
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
  return { newCategories, categoriesCreated, categoryOfPath };
}

/** Topics: the file's matched to the device's by name; new ones get a stand-in id. */
function matchTopics(state: DeviceState, file: ParsedFile) {
  const existing = new NameIndex<TopicRow>();
  for (const t of state.topics) existing.add(0, t.name, t);
  const byId = new Map(state.topics.map((t) => [t.id, t]));
  const fileTopics = new Map<string, FileTopic>();
  let nextTemp = -1;
  for (const line of file.topics ?? []) {
    const current = existing.get(0, line.name);
    fileTopics.set(line.key, { line, id: current?.id ?? nextTemp--, current });
  }
  const fileById = new Map([...fileTopics.values()].map((t) => [t.id, t]));
  return { existing, byId, fileTopics, fileById };
}
type Matched = ReturnType<typeof matchTopics>;

/** The tree after the import: the file's parents for its topics, the device's for the rest. */
function treeAfter(state: DeviceState, { existing, byId, fileTopics, fileById }: Matched, issue: Issue) {
  const parentOf = new Map<number, number | null>(state.topics.map((t) => [t.id, t.parentId]));
  for (const { line, id } of fileTopics.values()) {
    let parentId: number | null = null;
    if (line.parent !== '' && fold(line.parent) !== line.key) {
      parentId = fileTopics.get(fold(line.parent))?.id ?? existing.get(0, line.parent)?.id ?? null;
      if (parentId === null) {
        issue(
          SHEET.topics,
          line.row,
          'Parent topic',
          `"${line.parent}" is neither in the ${SHEET.topics} sheet nor on this device`,
        );
      }
    }
    parentOf.set(id, parentId);
  }
  const nameOf = (id: number) => fileById.get(id)?.line.name ?? byId.get(id)?.name ?? String(id);
  for (const { line, id } of fileTopics.values()) {
    const trail = [id];
    for (let up = parentOf.get(id); up != null && !trail.includes(up); up = parentOf.get(up)) trail.push(up);
    if (parentOf.get(trail[trail.length - 1]!) === id) {
      const names = [...trail, id].map(nameOf);
      issue(SHEET.topics, line.row, 'Parent topic', `Parent topics form a cycle: ${names.join(' → ')}`);
    }
  }
  return parentOf;
}

/** Categories: a top-level topic's from its path, every other topic's from its root; and each one's depth. */
function categoriesAfter(
  { byId, fileTopics, fileById }: Matched,
  parentOf: Map<number, number | null>,
  categoryOfPath: (path: string[]) => number | null,
) {
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
  return { categoryOf, depthOf };
}

/** The topics to create and update (the file's), and to move (the device's others that follow a parent). */
function topicWrites(
  state: DeviceState,
  { fileTopics, fileById }: Matched,
  parentOf: Map<number, number | null>,
  { categoryOf, depthOf }: ReturnType<typeof categoriesAfter>,
) {
  const newTopics: ImportPlan['newTopics'] = [];
  const updates: ImportPlan['updates'] = [];
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

  const moves: ImportPlan['moves'] = [];
  for (const t of state.topics) {
    if (fileById.has(t.id)) continue;
    const categoryId = categoryOf(t.id);
    if (categoryId !== undefined && categoryId !== t.categoryId) moves.push({ id: t.id, categoryId });
  }
  return { newTopics, updates, moves, topicsCreated, topicsChanged };
}

/** The keywords and responses to write, and the existing topics whose keywords (or responses) they replace. */
function contentWrites(
  file: ParsedFile,
  { existing, fileTopics }: Matched,
  blankKind: KeywordKind | null,
  issue: Issue,
) {
  /**
   * A Keywords or Responses row's topic: one of the Topics sheet; without that sheet, a topic of
   * the device, whose keywords (or responses) the file then replaces.
   */
  const idOf = (sheet: string, ref: TopicRef, named: Set<number>) => {
    if (file.topics) return fileTopics.get(ref.topicKey)!.id;
    const id = existing.get(0, ref.topicName)?.id;
    if (id === undefined) issue(sheet, ref.row, 'Topic', `"${ref.topicName}" is not a topic of this device`);
    else named.add(id);
    return id;
  };
  const existingIds = [...fileTopics.values()].filter((t) => t.current).map((t) => t.id);
  const kinds = { keyword: 0, phrase: 0, blank: 0 };
  const keywords: ImportPlan['keywords'] = [];
  const keywordTopics = new Set<number>();
  for (const line of file.keywords ?? []) {
    const topicId = idOf(SHEET.keywords, line, keywordTopics);
    if (topicId === undefined) continue;
    kinds[line.kind ?? 'blank']++;
    const kind = line.kind ?? blankKind;
    if (kind !== null) {
      keywords.push({ topicId, language: line.language, kind, text: line.text, norm: line.norm });
    }
  }
  const responses: ImportPlan['responses'] = [];
  const responseTopics = new Set<number>();
  for (const line of file.responses ?? []) {
    const topicId = idOf(SHEET.responses, line, responseTopics);
    if (topicId !== undefined) responses.push({ topicId, fields: line.fields });
  }
  /** The existing topics whose keywords (or responses) the file replaces. */
  const replaced = (lines: unknown[] | null, named: Set<number>) =>
    lines === null ? [] : file.topics ? existingIds : [...named];
  return {
    kinds,
    keywords,
    responses,
    clearKeywords: replaced(file.keywords, keywordTopics),
    clearResponses: replaced(file.responses, responseTopics),
  };
}

/**
 * The file against the device: what to create, update and move, which keywords and responses to
 * replace, and every problem found. Pure: the same rows in give the same plan out.
 *
 * `blankKind` is what the Keywords rows with a blank Kind are, as the operator said; without it
 * such rows are counted but not planned (the service refuses to apply them).
 */
export function planImport(
  state: DeviceState,
  file: ParsedFile,
  blankKind: KeywordKind | null = null,
): ImportPlan {
  const issues = [...file.issues];
  const issue: Issue = (sheet, row, column, message) => {
    if (issues.length <= MAX_ISSUES) issues.push({ sheet, row, column, message });
  };
  const { newCategories, categoriesCreated, categoryOfPath } = categoryPaths(state);
  const matched = matchTopics(state, file);
  const parentOf = treeAfter(state, matched, issue);
  const categories = categoriesAfter(matched, parentOf, categoryOfPath);
  const { newTopics, updates, moves, topicsCreated, topicsChanged } = topicWrites(
    state,
    matched,
    parentOf,
    categories,
  );
  const { kinds, keywords, responses, clearKeywords, clearResponses } = contentWrites(
    file,
    matched,
    blankKind,
    issue,
  );
  return {
    report: {
      applied: false,
      format: file.format,
      tables: file.tables,
      categories_created: categoriesCreated,
      topics_created: topicsCreated,
      topics_changed: topicsChanged,
      keywords: kinds.keyword + kinds.phrase + kinds.blank,
      keyword_kinds: kinds,
      blank_kind: blankKind,
      responses: responses.length,
      errors: listed(issues),
    },
    newCategories,
    newTopics,
    updates,
    moves,
    clearKeywords,
    clearResponses,
    keywords,
    responses,
  };
}
