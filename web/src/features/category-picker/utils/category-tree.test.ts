import { describe, expect, it } from 'vitest';
import { buildCategoryTree, categoryName, categoryTrail, findCategory, flattenCategories } from './category-tree';

describe('buildCategoryTree', () => {
  it('builds nodes with name, full path, level and sorted children, including unused parents', () => {
    const roots = buildCategoryTree(['Clothing > Shirts > Linen', 'Clothing > Hats', 'Audio']);
    expect(roots.map((n) => n.name)).toEqual(['Audio', 'Clothing']);
    const clothing = roots[1]!;
    expect(clothing).toMatchObject({ path: 'Clothing', level: 0 });
    expect(clothing.children.map((n) => n.path)).toEqual(['Clothing > Hats', 'Clothing > Shirts']);
    expect(clothing.children[1]!.children[0]).toEqual({ name: 'Linen', path: 'Clothing > Shirts > Linen', level: 2, children: [] });
  });

  it('merges repeated paths and drops empty levels', () => {
    const roots = buildCategoryTree(['A > B', 'A > B', 'A >  > C', '']);
    expect(flattenCategories(roots).map((n) => n.path)).toEqual(['A', 'A > B', 'A > C']);
  });

  it('finds a node by path and lists the trail down to it', () => {
    const roots = buildCategoryTree(['A > B > C']);
    expect(findCategory(roots, 'A > B')?.name).toBe('B');
    expect(findCategory(roots, 'A > X')).toBeNull();
    expect(categoryTrail('A > B > C')).toEqual(['A', 'A > B', 'A > B > C']);
    expect(categoryName('A > B > C')).toBe('C');
  });
});
