import { describe, expect, it } from 'vitest';
import { flattenCategories } from './categories';

const cat = (category_id: number, parent_id: number, name: string, tree_id = 1) => ({ category_id, parent_id, name, tree_id });

describe('flattening the category tree', () => {
  it('gives each category its parent id, depth and full path from the top', () => {
    const flat = flattenCategories([cat(3, 2, 'Frying Pans'), cat(1, 0, 'Home & Kitchen'), cat(2, 1, 'Cookware')]);
    expect(flat.map((c) => [c.id, c.parentId, c.depth, c.path])).toEqual([
      [1, null, 0, 'Home & Kitchen'],
      [2, 1, 1, 'Home & Kitchen > Cookware'],
      [3, 2, 2, 'Home & Kitchen > Cookware > Frying Pans'],
    ]);
    expect(flat[2]?.pathIds).toEqual([1, 2, 3]);
  });

  it('starts the path at the highest known ancestor when a parent is missing', () => {
    const [orphan] = flattenCategories([cat(9, 42, 'Sale')]);
    expect(orphan).toMatchObject({ parentId: 42, path: 'Sale', depth: 0 });
  });

  it('stops on a parent cycle instead of looping', () => {
    const flat = flattenCategories([cat(1, 2, 'A'), cat(2, 1, 'B')]);
    expect(flat.map((c) => c.path).sort()).toEqual(['A > B', 'B > A']);
  });

  it('sorts by tree then path, and keeps visibility, sort order and url', () => {
    const flat = flattenCategories([
      { ...cat(5, 0, 'Toys', 2), is_visible: false, sort_order: 3, url: { path: '/toys/' } },
      cat(4, 0, 'Outdoor'),
      cat(1, 0, 'Garden'),
    ]);
    expect(flat.map((c) => `${c.treeId}:${c.path}`)).toEqual(['1:Garden', '1:Outdoor', '2:Toys']);
    expect(flat[2]).toMatchObject({ isVisible: false, sortOrder: 3, url: '/toys/' });
    expect(flat[0]).toMatchObject({ isVisible: true, sortOrder: 0, url: null });
  });
});
