import type { LocationCategoryNode } from '@ambassador/contracts';

/** A category layer as the pickers list it: its id, name and full path ("Hospital › Floor 2 › Pharmacy"). */
export type CategoryOption = { category_id: number; category_name: string; path: string };

/**
 * Every layer of a nested category tree, depth first in the tree's order (each level by name), with
 * its full path, so a picker or a table can tell apart two layers with the same name.
 */
export function flattenCategoryTree(
  nodes: readonly LocationCategoryNode[],
  separator = ' › ',
  prefix = '',
): CategoryOption[] {
  return nodes.flatMap((node) => {
    const path = prefix ? `${prefix}${separator}${node.category_name}` : node.category_name;
    return [
      { category_id: node.category_id, category_name: node.category_name, path },
      ...flattenCategoryTree(node.children, separator, path),
    ];
  });
}
