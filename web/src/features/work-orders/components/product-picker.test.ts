import { describe, expect, it } from 'vitest';
import { withParentCategories } from './product-picker';

describe('withParentCategories', () => {
  it('offers every parent level of the catalog’s category paths, once, sorted', () => {
    expect(withParentCategories(['Pet Supplies > Cats > Litter', 'Home > Kitchen', 'Pet Supplies > Aquarium'])).toEqual([
      'Home',
      'Home > Kitchen',
      'Pet Supplies',
      'Pet Supplies > Aquarium',
      'Pet Supplies > Cats',
      'Pet Supplies > Cats > Litter',
    ]);
  });
});
