/**
 * One product in the picker: a checkbox named by the product, its category, SKU and current
 * regular and sale prices, and its variants (expandable) with their own prices.
 */
import { Badge, Box, Button, Checkbox, Collapse, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { categoryLabel, skuLabel } from '@catalog/contracts/catalog';
import { isOnSale } from '@catalog/contracts/money';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import { centsOf, priceText, variantLabel } from '../utils/price-targets';
import classes from './product-picker.module.css';

function Prices({ regular, sale }: { regular: number | null; sale: number | null }) {
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
}

export const ProductPickerRow = memo(function ProductPickerRow({ product, selected, onToggle }: ProductPickerRowProps) {
  const [open, setOpen] = useState(false);
  const variantsId = useId();
  const count = product.variants.length;
  return (
    <li className={classes.row} data-selected={selected || undefined}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox
          checked={selected}
          onChange={() => onToggle(product)}
          label={<Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{product.name}</Text>}
          description={`${categoryLabel(product.category)} · SKU ${skuLabel(product.sku)}`}
          styles={{ body: { alignItems: 'flex-start' } }}
          style={{ minWidth: 0, flex: 1 }}
        />
        <Box ta="right" style={{ flexShrink: 0 }}>
          <Prices regular={centsOf(product.regularPrice)} sale={centsOf(product.salePrice)} />
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
                  <Prices regular={centsOf(v.regularPrice)} sale={centsOf(v.salePrice)} />
                </Group>
              ))}
            </Stack>
          </Collapse>
        </Box>
      )}
    </li>
  );
});
