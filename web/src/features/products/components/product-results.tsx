/**
 * The results: 6 placeholder cards while the local catalog loads, the empty state, or the page
 * of products as cards or as a table. Memoized: typing re-renders the toolbar at once and this
 * only when the page of results changes.
 */
import { memo } from 'react';
import type { ListPrices } from '../../../local/price-list-index';
import type { ShownProduct } from '../utils/list-pricing';
import type { OptionalColumn } from './column-chooser';
import { ProductCard, ProductCardPlaceholder } from './product-card';
import classes from './product-card.module.css';
import { ProductTable } from './product-table';
import { ProductsEmptyState } from './products-empty-state';

export type ProductsView = 'grid' | 'list';

const PLACEHOLDERS = [1, 2, 3, 4, 5, 6];

export interface ProductResultsProps {
  isLoading: boolean;
  products: ShownProduct[];
  total: number;
  filtered: boolean;
  view: ProductsView;
  showStock: boolean;
  /** Optional columns (Brand, MSRP, Cost) chosen on this device. */
  columns?: readonly OptionalColumn[];
  /** The price list and currency the screen is seen through (issue 35); absent: the catalog's prices. */
  list?: ListPrices | null;
  onOpen: (productId: number) => void;
}

export const ProductResults = memo(function ProductResults({ isLoading, products, total, filtered, view, showStock, columns, list, onOpen }: ProductResultsProps) {
  if (isLoading) {
    return (
      <div className={classes.grid} aria-busy="true" aria-label="Loading products">
        {PLACEHOLDERS.map((n) => (
          <ProductCardPlaceholder key={n} />
        ))}
      </div>
    );
  }
  if (total === 0) return <ProductsEmptyState filtered={filtered} />;
  if (view === 'list') return <ProductTable products={products} showStock={showStock} columns={columns} list={list} onOpen={onOpen} />;
  return (
    <div className={classes.grid}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} showStock={showStock} columns={columns} list={list} onOpen={onOpen} />
      ))}
    </div>
  );
});
