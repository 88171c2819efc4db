/**
 * Category nodes (name, full path, children, level) built from the flat ' > ' paths the catalog
 * stores, as every category picker variant shows them. A parent level that no product uses
 * directly ("Clothing" above "Clothing > Shirts") still gets its node.
 */
import { joinCategoryPath, splitCategoryPath } from '@catalog/contracts/catalog';

export interface CategoryNode {
  /** The last level's name: "Shirts". */
  name: string;
  /** The full path: "Clothing > Shirts". */
  path: string;
  children: CategoryNode[];
  /** 0 for a top-level category. */
  level: number;
}

/**
 * Case-insensitive, then by code unit, as the catalog orders product names (catalog-index.ts).
 * Not localeCompare: its first call builds an ICU collator, tens of milliseconds on a phone in
 * the first render of /products.
 */
function byName(a: CategoryNode, b: CategoryNode): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function buildCategoryTree(paths: readonly string[]): CategoryNode[] {
  const roots: CategoryNode[] = [];
  const byPath = new Map<string, CategoryNode>();
  for (const raw of paths) {
    const levels = splitCategoryPath(raw);
    let siblings = roots;
    levels.forEach((name, level) => {
      const path = joinCategoryPath(levels.slice(0, level + 1));
      let node = byPath.get(path);
      if (!node) {
        node = { name, path, children: [], level };
        byPath.set(path, node);
        siblings.push(node);
      }
      siblings = node.children;
    });
  }
  const sortAll = (nodes: CategoryNode[]) => {
    nodes.sort(byName);
    for (const n of nodes) sortAll(n.children);
  };
  sortAll(roots);
  return roots;
}

/** The node at `path`, or null. */
export function findCategory(roots: readonly CategoryNode[], path: string | null | undefined): CategoryNode | null {
  if (!path) return null;
  const levels = splitCategoryPath(path);
  let siblings = roots;
  let found: CategoryNode | null = null;
  for (const name of levels) {
    found = siblings.find((n) => n.name === name) ?? null;
    if (!found) return null;
    siblings = found.children;
  }
  return found;
}

/** "A > B > C" -> ["A", "A > B", "A > B > C"]: the path of every level down to it. */
export function categoryTrail(path: string | null | undefined): string[] {
  if (!path) return [];
  const levels = splitCategoryPath(path);
  return levels.map((_, i) => joinCategoryPath(levels.slice(0, i + 1)));
}

/** The last level's name of a path ("Clothing > Shirts" -> "Shirts"). */
export function categoryName(path: string): string {
  return splitCategoryPath(path).at(-1) ?? path;
}

/** Every node, depth first (a parent before its children). */
export function flattenCategories(roots: readonly CategoryNode[]): CategoryNode[] {
  const out: CategoryNode[] = [];
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(roots);
  return out;
}
