/**
 * A product in the grid: name (the button that opens it), category ('Uncategorized'), regular
 * and sale price ('(from)' the lowest variant prices in variant-pricing mode), SKU ('N/A') and,
 * when the store settings say so, the stock badge; 'Pending' while a price edit waits to be sent.
 * Seen through a price list (issue 35): the list's price and sale price in its currency ('—'
 * unknown) and where they come from ("Price list", "Catalog price", or both). Plain elements
 * styled by the module: a page of cards renders on every keystroke, within a frame.
 */
import { categoryLabel, skuLabel } from '@catalog/contracts/catalog';
import { memo } from 'react';
import type { ListPrices } from '../../../local/price-list-index';
import { LIST_SOURCE_LABELS, type ListPricing, type ShownProduct } from '../utils/list-pricing';
import { formatMoney } from '../utils/price-list-rows';
import { formatPrice } from '../utils/product-pricing';
import classes from './product-card.module.css';
import { PendingPill } from './pending-pill';
import { Pill } from './pill';
import { StockBadge } from './stock-badge';
import { COLUMN_LABELS, type OptionalColumn } from './column-chooser';
import { optionalValue } from './product-table';

export interface ProductCardProps {
  product: ShownProduct;
  showStock: boolean;
  /** Optional fields chosen on this device (Brand, MSRP, Cost), under the prices. */
  columns?: readonly OptionalColumn[];
  /** The price list and currency the screen is seen through (its prices shown); absent: the catalog's. */
  list?: ListPrices | null;
  onOpen: (productId: number) => void;
}

/** The prices of the card seen through a price list: its price, sale price and where they come from ('—' before they are known). */
function ListPriceFields({ pricing }: { pricing: ListPricing | undefined }) {
  const from = pricing?.fromVariants ? ' (from)' : '';
  if (!pricing) return <div><span className={classes.label}>Price</span><span className={classes.price}>—</span></div>;
  return (
    <>
      <div>
        <span className={classes.label}>Price{from}</span>
        <span className={classes.price}>{formatMoney(pricing.price, pricing.currency)}</span>
      </div>
      <div>
        <span className={classes.label}>Sale{from}</span>
        <span className={pricing.salePrice ? `${classes.price} ${classes.sale}` : classes.price}>{formatMoney(pricing.salePrice, pricing.currency)}</span>
      </div>
      <div>
        <span className={classes.label}>Applies</span>
        <Pill tone={pricing.source === 'catalog' ? 'gray' : 'blue'}>{LIST_SOURCE_LABELS[pricing.source]}</Pill>
      </div>
    </>
  );
}

export const ProductCard = memo(function ProductCard({ product, showStock, columns = [], list, onOpen }: ProductCardProps) {
  const { pricing } = product;
  const from = pricing.fromVariants ? ' (from)' : '';
  return (
    <article className={classes.card} aria-label={product.name}>
      <button type="button" className={classes.name} onClick={() => onOpen(product.id)}>
        {product.name}
      </button>
      <p className={classes.category}>{categoryLabel(product.category)}</p>
      <div className={classes.prices}>
        {list ? (
          <ListPriceFields pricing={product.listPricing} />
        ) : (
          <>
            <div>
              <span className={classes.label}>Regular{from}</span>
              <span className={classes.price}>{formatPrice(pricing.regularPrice)}</span>
            </div>
            <div>
              <span className={classes.label}>Sale{from}</span>
              <span className={pricing.salePrice ? `${classes.price} ${classes.sale}` : classes.price}>{formatPrice(pricing.salePrice)}</span>
            </div>
          </>
        )}
      </div>
      {columns.length > 0 && (
        <dl className={classes.extra}>
          {columns.map((column) => (
            <div key={column}>
              <dt className={classes.label}>{COLUMN_LABELS[column]}</dt>
              <dd>{optionalValue(product, column)}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={classes.footer}>
        <span className={classes.sku}>SKU: {skuLabel(product.sku)}</span>
        <span className={classes.badges}>
          {product.pending && <PendingPill />}
          {product.variantCount > 1 && <span className={classes.variants}>{product.variantCount} variants</span>}
          {showStock && <StockBadge stock={pricing.stock} />}
        </span>
      </div>
    </article>
  );
});

/** One of the 6 cards shown while the local catalog loads. */
export function ProductCardPlaceholder() {
  return (
    <div className={classes.card} aria-hidden="true">
      <div className={classes.skeleton} style={{ width: '70%' }} />
      <div className={classes.skeleton} style={{ width: '45%' }} />
      <div className={classes.skeleton} style={{ width: '55%', marginTop: 16 }} />
      <div className={classes.skeleton} style={{ width: '35%' }} />
    </div>
  );
}
