/**
 * The list view: Product (name and category), SKU, Regular Price, Sale Price, the optional
 * columns chosen (Brand, MSRP, Cost), Stock (only when
 * the store settings show stock) and Status ('Unknown' for a status the store did not name).
 * Seen through a price list (issue 35): Price and Sale Price are the list's in its currency ('—'
 * unknown), and Applies says where they come from ("Price list", "Catalog price", or both).
 * A row opens the product; its name is the button keyboards reach.
 */
import { categoryLabel, skuLabel } from '@catalog/contracts/catalog';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import type { ListPrices } from '../../../local/price-list-index';
import { LIST_SOURCE_LABELS, type ListPricing, type ShownProduct } from '../utils/list-pricing';
import { formatMoney } from '../utils/price-list-rows';
import { formatPrice } from '../utils/product-pricing';
import classes from './products.module.css';
import { PendingPill } from './pending-pill';
import { Pill } from './pill';
import { StatusBadge } from './status-badge';
import { StockBadge } from './stock-badge';
import { COLUMN_LABELS, type OptionalColumn } from './column-chooser';

export interface ProductTableProps {
  products: ShownProduct[];
  showStock: boolean;
  /** Optional columns chosen on this device (Brand, MSRP, Cost), after Sale Price. */
  columns?: readonly OptionalColumn[];
  /** The price list and currency the screen is seen through (its prices shown); absent: the catalog's. */
  list?: ListPrices | null;
  onOpen: (productId: number) => void;
}

/** A row's price cells seen through a price list: price, sale price, and where they come from ('—' before they are known). */
function ListPriceCells({ pricing }: { pricing: ListPricing | undefined }) {
  if (!pricing) return <><Table.Td>—</Table.Td><Table.Td>—</Table.Td><Table.Td>—</Table.Td></>;
  const from = pricing.fromVariants ? ' (from)' : '';
  return (
    <>
      <Table.Td>
        {formatMoney(pricing.price, pricing.currency)}
        {from && pricing.price && <Text span size="xs" c="dimmed">{from}</Text>}
      </Table.Td>
      <Table.Td>
        {formatMoney(pricing.salePrice, pricing.currency)}
        {from && pricing.salePrice && <Text span size="xs" c="dimmed">{from}</Text>}
      </Table.Td>
      <Table.Td>
        <Pill tone={pricing.source === 'catalog' ? 'gray' : 'blue'}>{LIST_SOURCE_LABELS[pricing.source]}</Pill>
      </Table.Td>
    </>
  );
}

/** A product's value in an optional column: the brand, or its own retail price / cost ('—' for none). */
export function optionalValue(product: Pick<ShownProduct, 'brand' | 'retailPrice' | 'costPrice'>, column: OptionalColumn): string {
  if (column === 'brand') return product.brand ?? '—';
  return formatPrice(product[column]);
}

export const ProductTable = memo(function ProductTable({ products, showStock, columns = [], list, onOpen }: ProductTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Products">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col">SKU</Table.Th>
            <Table.Th scope="col">{list ? 'Price' : 'Regular Price'}</Table.Th>
            <Table.Th scope="col">Sale Price</Table.Th>
            {list && <Table.Th scope="col">Applies</Table.Th>}
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {COLUMN_LABELS[column]}
              </Table.Th>
            ))}
            {showStock && <Table.Th scope="col">Stock</Table.Th>}
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => {
            const { pricing } = product;
            const from = pricing.fromVariants ? ' (from)' : '';
            return (
              <Table.Tr key={product.id} className={classes.row} onClick={() => onOpen(product.id)}>
                <Table.Td>
                  <UnstyledButton className={classes.rowButton} onClick={(e) => (e.stopPropagation(), onOpen(product.id))}>
                    {product.name}
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {categoryLabel(product.category)}
                  </Text>
                </Table.Td>
                <Table.Td>{skuLabel(product.sku)}</Table.Td>
                {list ? (
                  <ListPriceCells pricing={product.listPricing} />
                ) : (
                  <>
                    <Table.Td>
                      {formatPrice(pricing.regularPrice)}
                      {from && <Text span size="xs" c="dimmed">{from}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {formatPrice(pricing.salePrice)}
                      {from && pricing.salePrice && <Text span size="xs" c="dimmed">{from}</Text>}
                    </Table.Td>
                  </>
                )}
                {columns.map((column) => (
                  <Table.Td key={column}>{optionalValue(product, column)}</Table.Td>
                ))}
                {showStock && (
                  <Table.Td>
                    <StockBadge stock={pricing.stock} /> <Text span size="xs" c="dimmed">{pricing.stock}</Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <StatusBadge status={product.status} />
                  {product.pending && (
                    <>
                      {' '}
                      <PendingPill />
                    </>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
