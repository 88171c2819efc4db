/**
 * The product detail's price lists (issue 35): for each list of the store, its customer groups and
 * channels, then per variant (or the product itself) and currency what its customers pay: price,
 * sale, retail (MSRP) and MAP, marked "Price list" where a record overrides the catalog's prices
 * and "Catalog price" where they apply (calculations.mdx; in another currency than the catalog's
 * they are unknown: "—"). Read from the device's copy, so it shows offline too.
 */
import { Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import type { ProductPriceLists } from '../../../local/price-list-read';
import { useProductPriceLists } from '../hooks/use-product-price-lists';
import { formatMoney, priceListBlocks, type PriceListBlock, type PriceListRow } from '../utils/price-list-rows';
import { variantLabel } from './variant-list';

export const NO_PRICE_LISTS = 'No price lists in this store';
export const UNKNOWN_PRICE_NOTE = '\u2014: the store converts the catalog\u2019s price to this currency at a rate not known here.';

function rowLabel(product: LocalProduct, row: PriceListRow): string {
  const variant = row.variantId === null ? undefined : product.variants.find((v) => v.id === row.variantId);
  return variant ? variantLabel(variant) : 'This product';
}

/**
 * Where the row's prices come from, as text: a light badge's tint on a striped row fell below
 * 4.5:1 (axe, e2e products.test.ts).
 */
function SourceLabel({ row }: { row: PriceListRow }) {
  return row.prices.source === 'record' ? (
    <Text size="sm" fw={600} span>
      Price list
    </Text>
  ) : (
    <Text size="sm" span>
      Catalog price
    </Text>
  );
}

function assignedTo(block: PriceListBlock): string {
  const groups = block.list.customerGroups.map((g) => g.name).join(', ') || 'none';
  const channels = block.list.channels.map((c) => c.name).join(', ') || 'none';
  return `Customer groups: ${groups} \u00b7 Channels: ${channels}`;
}

function ListBlock({ product, block }: { product: LocalProduct; block: PriceListBlock }) {
  const headingId = useId();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Title order={4} size="h6" id={headingId}>
          {block.list.name}
        </Title>
        {!block.list.active && (
          <Badge size="xs" variant="outline" color="gray">
            Inactive
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {assignedTo(block)}
      </Text>
      {block.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No currency for this list yet
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than the panel (axe scrollable-region-focusable).
        <Table.ScrollContainer minWidth={620} type="native" tabIndex={0} role="region" aria-labelledby={headingId}>
          <Table striped withTableBorder fz="sm" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Variant</Table.Th>
                <Table.Th scope="col">Currency</Table.Th>
                <Table.Th scope="col">Price</Table.Th>
                <Table.Th scope="col">Sale</Table.Th>
                <Table.Th scope="col">Retail (MSRP)</Table.Th>
                <Table.Th scope="col">MAP</Table.Th>
                <Table.Th scope="col">Applies</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {block.rows.map((row) => (
                <Table.Tr key={`${row.variantId ?? 'product'}:${row.currency}`}>
                  <Table.Th scope="row" fw="normal">
                    {rowLabel(product, row)}
                  </Table.Th>
                  <Table.Td>{row.currency}</Table.Td>
                  <Table.Td>{formatMoney(row.prices.price, row.currency)}</Table.Td>
                  <Table.Td>{formatMoney(row.prices.salePrice, row.currency)}</Table.Td>
                  <Table.Td>{formatMoney(row.prices.retailPrice, row.currency)}</Table.Td>
                  <Table.Td>{formatMoney(row.prices.mapPrice, row.currency)}</Table.Td>
                  <Table.Td>
                    <SourceLabel row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export interface PriceListsViewProps {
  product: LocalProduct;
  /** The device's copy for the product; undefined while read, null when there is none. */
  data: ProductPriceLists | null | undefined;
}

/** The section as the data says (a component of its own, so tests give it data). */
export function PriceListsView({ product, data }: PriceListsViewProps) {
  const headingId = useId();
  const blocks = data ? priceListBlocks(product, data) : [];
  const unknown = blocks.some((b) => b.rows.some((r) => !r.prices.known));
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Price lists
      </Title>
      {data === undefined ? (
        <Loader size="sm" aria-label="Loading price lists" />
      ) : blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_PRICE_LISTS}
        </Text>
      ) : (
        <>
          {blocks.map((block) => (
            <ListBlock key={block.list.id} product={product} block={block} />
          ))}
          {unknown && (
            <Text size="xs" c="dimmed">
              {UNKNOWN_PRICE_NOTE}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

export function ProductPriceLists({ product }: { product: LocalProduct }) {
  return <PriceListsView product={product} data={useProductPriceLists(product.id)} />;
}
