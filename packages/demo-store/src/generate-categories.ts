/**
 * Builds the generated store's category tree (one tree, "Default", on channel 1) from the
 * department lists: departments, their subcategories and leaf categories, three levels deep,
 * with the fields the category-trees API returns. Also lists the leaves products are put in.
 */
import { DEPARTMENTS } from './catalog-data';
import type { DepartmentSpec, LeafSpec } from './catalog-data';
import type { Prng } from './prng';
import type { BcCategory, BcTree } from './types';

/** A leaf category products can be assigned to, with the department it belongs to. */
export interface LeafSlot {
  dept: DepartmentSpec;
  leaf: LeafSpec;
  categoryId: number;
  /** The subcategory above the leaf (some products are listed there too). */
  parentId: number;
  /** Position of the leaf within its department, used in SKUs. */
  index: number;
}

export const DEFAULT_TREE_ID = 1;
const FIRST_CATEGORY_ID = 18;

const slug = (s: string): string => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function uuid(rng: Prng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function buildCategoryTree(rng: Prng): { trees: BcTree[]; categories: BcCategory[]; leaves: LeafSlot[] } {
  const categories: BcCategory[] = [];
  const leaves: LeafSlot[] = [];
  let nextId = FIRST_CATEGORY_ID;

  const add = (name: string, parentId: number, path: string, sortOrder: number): number => {
    const id = nextId++;
    categories.push({
      category_id: id, category_uuid: uuid(rng), parent_id: parentId, tree_id: DEFAULT_TREE_ID, name,
      description: `<p>Shop ${name.toLowerCase()}.</p>`, views: rng.int(0, 20_000), sort_order: sortOrder,
      page_title: name, meta_keywords: [], meta_description: '', layout_file: 'category.html', image_url: '',
      // A few categories are hidden from the storefront, as merchants do with seasonal ones.
      is_visible: !rng.chance(0.05), search_keywords: '', default_product_sort: 'use_store_settings',
      url: { path, is_customized: false },
    });
    return id;
  };

  DEPARTMENTS.forEach((dept, d) => {
    const deptPath = `/${slug(dept.name)}/`;
    const deptId = add(dept.name, 0, deptPath, d);
    let index = 1;
    dept.subcategories.forEach((sub, s) => {
      const subPath = `${deptPath}${slug(sub.name)}/`;
      const subId = add(sub.name, deptId, subPath, s);
      sub.leaves.forEach((leaf, l) => {
        const leafId = add(leaf.name, subId, `${subPath}${slug(leaf.name)}/`, l);
        leaves.push({ dept, leaf, categoryId: leafId, parentId: subId, index: index++ });
      });
    });
  });

  return { trees: [{ id: DEFAULT_TREE_ID, name: 'Default', channels: [1] }], categories, leaves };
}
