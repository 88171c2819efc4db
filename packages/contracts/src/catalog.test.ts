/** The rules of catalog.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  isInCategory,
  joinCategoryPath,
  productStatusLabel,
  skuLabel,
  splitCategoryPath,
  stockBadge,
} from './catalog';

describe('stockBadge', () => {
  it("shows 'Out of Stock' at 0", () => {
    expect(stockBadge(0)).toBe('Out of Stock');
  });

  it("shows 'Low Stock' from 1 to 9", () => {
    expect(stockBadge(1)).toBe('Low Stock');
    expect(stockBadge(9)).toBe('Low Stock');
  });

  it("shows 'In Stock' at 10 or more", () => {
    expect(stockBadge(10)).toBe('In Stock');
    expect(stockBadge(5000)).toBe('In Stock');
  });

  it("shows 'Out of Stock' for a negative stock level", () => {
    expect(stockBadge(-3)).toBe('Out of Stock');
  });
});

describe('category paths', () => {
  it("joins and splits levels with ' > '", () => {
    expect(joinCategoryPath(['Clothing', 'Shirts'])).toBe('Clothing > Shirts');
    expect(splitCategoryPath('Clothing > Shirts > Linen')).toEqual(['Clothing', 'Shirts', 'Linen']);
  });

  it("shows 'Uncategorized' for no category", () => {
    expect(categoryLabel(null)).toBe('Uncategorized');
    expect(categoryLabel('')).toBe('Uncategorized');
    expect(categoryLabel('Clothing')).toBe('Clothing');
  });

  it('matches a category and its subcategories, not a sibling that shares a prefix', () => {
    expect(isInCategory('Clothing > Shirts', 'Clothing')).toBe(true);
    expect(isInCategory('Clothing', 'Clothing')).toBe(true);
    expect(isInCategory('Clothing Accessories', 'Clothing')).toBe(false);
    expect(isInCategory(null, 'Clothing')).toBe(false);
  });
});

describe('labels', () => {
  it("shows 'N/A' for no SKU", () => {
    expect(skuLabel(null)).toBe('N/A');
    expect(skuLabel('LS-1')).toBe('LS-1');
  });

  it("shows an unknown status as 'Unknown'", () => {
    expect(productStatusLabel('published')).toBe('Published');
    expect(productStatusLabel('draft')).toBe('Draft');
    expect(productStatusLabel('archived')).toBe('Unknown');
    expect(productStatusLabel('toString')).toBe('Unknown');
    expect(productStatusLabel(null)).toBe('Unknown');
  });
});
