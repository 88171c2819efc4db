/**
 * One product in the picker: a checkbox named by the product, its category, SKU and current
 * regular and sale prices, and its variants (expandable) with their own prices. Through a price
 * list (issue 35) the prices are the list's ("—": unknown in its currency), and a product without
 * options whose base variant the device does not know cannot be chosen.
 */
import { Badge, Box, Button, Checkbox, Collapse, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { categoryLabel, skuLabel } from '@catalog/contracts/catalog';
import { isOnSale } from '@catalog/contracts/money';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import { baseVariantOf, hasOwnListPrices, listCents, NO_BASE_VARIANT_MESSAGE, type ListPrices } from '../utils/list-prices';
import { centsOf, priceText, variantLabel, type LocalVariant } from '../utils/price-targets';
import classes from './product-picker.module.css';

function Prices({ regular, sale, unknown }: { regular: number | null; sale: number | null; unknown?: boolean }) {
  if (unknown) {
    return (
      <Text size="sm" component="span" aria-label="Price not known in this currency">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" component="span">
      {regular === null ? 'Follows product' : priceText(regular)}
      {isOnSale(sale) ? (
        <Text span size="sm" className={classes.sale} fw={600} ml={8}>
          Sale {priceText(sale)}
        </Text>
      ) : null}
    </Text>
  );
}

export interface ProductPickerRowProps {
  product: LocalProduct;
  selected: boolean;
  onToggle: (product: LocalProduct) => void;
  /** The form's price list's records (null: the catalog's prices). */
  list?: ListPrices | null;
}

/** The prices a row shows: the catalog's own, or the list's. */
function rowPrices(list: ListPrices | null, product: LocalProduct, variant?: LocalVariant) {
  if (list) {
    const prices = listCents(list, product, variant);
    return { regular: prices.regular, sale: prices.sale, unknown: !prices.known };
  }
  const own = variant ?? product;
  return { regular: centsOf(own.regularPrice), sale: centsOf(own.salePrice) };
}

export const ProductPickerRow = memo(function ProductPickerRow({ product, selected, onToggle, list = null }: ProductPickerRowProps) {
  const [open, setOpen] = useState(false);
  const variantsId = useId();
  const count = product.variants.length;
  const blocked = !!list && hasOwnListPrices(product) && baseVariantOf(product) === null;
  const details = `${categoryLabel(product.category)} · SKU ${skuLabel(product.sku)}`;
  return (
    <li className={classes.row} data-selected={selected || undefined}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox
          checked={selected}
          disabled={blocked && !selected}
          onChange={() => onToggle(product)}
          label={<Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{product.name}</Text>}
          description={blocked ? `${details} · ${NO_BASE_VARIANT_MESSAGE}` : details}
          styles={{ body: { alignItems: 'flex-start' } }}
          style={{ minWidth: 0, flex: 1 }}
        />
        <Box ta="right" style={{ flexShrink: 0 }}>
          {!(list && count > 0) && <Prices {...rowPrices(list, product)} />}
        </Box>
      </Group>
      {count > 0 && (
        <Box ml={32} mt={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={open ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
            aria-expanded={open}
            aria-controls={variantsId}
            onClick={() => setOpen((v) => !v)}
          >
            {count === 1 ? '1 variant' : `${count} variants`}
            <VisuallyHidden> of {product.name}</VisuallyHidden>
          </Button>
          <Collapse in={open} id={variantsId}>
            <Stack component="ul" gap={2} className={classes.variants} aria-label={`Variants of ${product.name}`}>
              {product.variants.map((v) => (
                <Group component="li" key={v.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap={6} style={{ minWidth: 0 }}>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {variantLabel(v)}
                    </Text>
                    {v.optionValues.length > 0 && v.variantSku.trim() && (
                      <Badge size="xs" variant="default" radius="sm">
                        {v.optionValues.map((o) => o.label).join(' / ')}
                      </Badge>
                    )}
                  </Group>
                  <Prices {...rowPrices(list, product, v)} />
                </Group>
              ))}
            </Stack>
          </Collapse>
        </Box>
      )}
    </li>
  );
});
