/**
 * The product's variants, collapsed by default: each with its options, SKU, stock and its own
 * price inputs (an empty regular price inherits the product's).
 */
import { skuLabel } from '@catalog/contracts/catalog';
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import type { LocalVariant } from '../../../local/catalog-query';
import { Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SaveResult } from '../hooks/use-price-edits';
import type { PriceFieldErrors, PriceFormValues } from '../utils/price-edit';
import { formatPrice } from '../utils/product-pricing';
import { PendingPill } from './pending-pill';
import { PriceFields } from './price-fields';

export function variantLabel(variant: ReplicatedVariant): string {
  return variant.optionValues.length
    ? variant.optionValues.map((o) => `${o.optionName}: ${o.label}`).join(', ')
    : skuLabel(variant.variantSku);
}

/** The product's prices a variant shows when it has none of its own (null inherits, as BigCommerce does). */
export interface ProductPrices {
  regularPrice: string;
  salePrice: string | null;
  retailPrice: string | null;
  costPrice: string | null;
}

/** "$12.00" for the variant's own price, "$10.00 (product)" for the product's it inherits, "—" for none. */
export function ownOrInherited(own: string | null, product: string | null): string {
  if (own !== null) return formatPrice(own);
  return product === null ? '—' : `${formatPrice(product)} (product)`;
}

interface VariantRowProps {
  variant: LocalVariant;
  productPrices: ProductPrices;
  saving: boolean;
  onSave: (variant: ReplicatedVariant, values: PriceFormValues) => Promise<SaveResult>;
}

function VariantRow({ variant, productPrices, saving, onSave }: VariantRowProps) {
  const [values, setValues] = useState<PriceFormValues>({ regularPrice: variant.regularPrice ?? '', salePrice: variant.salePrice ?? '' });
  const [errors, setErrors] = useState<PriceFieldErrors>({});
  useEffect(() => {
    setValues({ regularPrice: variant.regularPrice ?? '', salePrice: variant.salePrice ?? '' });
  }, [variant.regularPrice, variant.salePrice]);

  const label = variantLabel(variant);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onSave(variant, values);
    setErrors(result.errors ?? {});
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="form" onSubmit={(event) => void submit(event)} aria-label={`Variant ${label}`} noValidate>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            {variant.pending && <PendingPill />}
          </Group>
          <Text size="xs" c="dimmed">
            SKU: {skuLabel(variant.variantSku)} · Stock: {variant.stock}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          MSRP: {ownOrInherited(variant.retailPrice, productPrices.retailPrice)} · Cost: {ownOrInherited(variant.costPrice, productPrices.costPrice)}
        </Text>
        <PriceFields
          values={values}
          onChange={setValues}
          errors={errors}
          labelSuffix={` (${label})`}
          placeholders={{
            regularPrice: `${formatPrice(productPrices.regularPrice)} (product)`,
            salePrice: productPrices.salePrice ? `${formatPrice(productPrices.salePrice)} (product)` : 'No sale price',
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="light" loading={saving}>
            Update Variant
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export interface VariantListProps {
  variants: LocalVariant[];
  productPrices: ProductPrices;
  savingKey: string | null;
  onSave: (variant: ReplicatedVariant, values: PriceFormValues) => Promise<SaveResult>;
}

export function VariantList({ variants, productPrices, savingKey, onSave }: VariantListProps) {
  const [opened, setOpened] = useState(false);
  const listId = useId();
  return (
    <section aria-label="Variants">
      <Button
        variant="subtle"
        px={0}
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={listId}
        rightSection={<IconChevronDown size={16} aria-hidden="true" style={{ transform: opened ? 'rotate(180deg)' : undefined }} />}
      >
        Variants ({variants.length})
      </Button>
      <Collapse in={opened} id={listId}>
        <Stack gap="xs" mt="xs">
          {variants.map((variant) => (
            <VariantRow key={variant.id} variant={variant} productPrices={productPrices} saving={savingKey === `variant-${variant.id}`} onSave={onSave} />
          ))}
        </Stack>
      </Collapse>
    </section>
  );
}
