import type { Category } from '@ambassador/contracts';

export type CategoryTreeRow = { category: Category; depth: number };

/** The flat category list as tree rows in display order (parents before children, by name). */
export function categoryTreeRows(categories: readonly Category[]): CategoryTreeRow[] {
  const byParent = new Map<number | null, Category[]>();
  const ids = new Set(categories.map((c) => c.category_id));
  for (const category of categories) {
    // An orphan (its parent is gone) shows at the root rather than not at all.
    const parent = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    const list = byParent.get(parent) ?? [];
    list.push(category);
    byParent.set(parent, list);
  }
  for (const list of byParent.values()) {
    list.sort((a, b) => a.category_name.localeCompare(b.category_name));
  }
  const rows: CategoryTreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const category of byParent.get(parent) ?? []) {
      if (seen.has(category.category_id)) continue;
      seen.add(category.category_id);
      rows.push({ category, depth });
      walk(category.category_id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

/**
 * The topics filed under a category or any category below it: the server refuses to delete it while
 * there are any (409 `category_in_use`), so the console does not offer it.
 */
export function topicsHeld(categories: readonly Category[], id: number): number {
  const children = new Map<number, Category[]>();
  for (const c of categories) {
    if (c.parent_id !== null) children.set(c.parent_id, [...(children.get(c.parent_id) ?? []), c]);
  }
  let held = 0;
  const seen = new Set<number>();
  const walk = (at: number) => {
    if (seen.has(at)) return;
    seen.add(at);
    held += categories.find((c) => c.category_id === at)?.topic_count ?? 0;
    for (const child of children.get(at) ?? []) walk(child.category_id);
  };
  walk(id);
  return held;
}
