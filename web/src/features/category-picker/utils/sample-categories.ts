/** Shown on /category-demo when the store has no categories yet, so every picker has a tree. */
export const SAMPLE_CATEGORIES: readonly string[] = [
  'Clothing > Men > Shirts',
  'Clothing > Men > Trousers',
  'Clothing > Women > Dresses',
  'Clothing > Women > Tops',
  'Clothing > Kids',
  'Home & Garden > Kitchen > Cookware',
  'Home & Garden > Kitchen > Tableware',
  'Home & Garden > Garden > Tools',
  'Home & Garden > Lighting',
  'Electronics > Audio > Headphones',
  'Electronics > Audio > Speakers',
  'Electronics > Computers > Laptops',
  'Electronics > Computers > Accessories',
  'Sports > Cycling',
  'Sports > Running > Shoes',
];
