/**
 * The detail panel's pricing: the product's regular and sale price, editable; in
 * variant-pricing mode the lowest variant prices, read-only, with 'Price is managed through
 * variants'.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import type { SaveResult } from '../hooks/use-price-edits';
import type { PriceFieldErrors, PriceFormValues } from '../utils/price-edit';
import { displayPricing, usesVariantPricing } from '../utils/product-pricing';
import { PENDING_TITLE, PendingPill } from './pending-pill';
import { PriceFields } from './price-fields';

export const VARIANT_PRICING_HINT = 'Price is managed through variants';

export interface ProductPricingSectionProps {
  product: LocalProduct;
  saving: boolean;
  onSave: (values: PriceFormValues) => Promise<SaveResult>;
}

export function ProductPricingSection({ product, saving, onSave }: ProductPricingSectionProps) {
  const variantMode = usesVariantPricing(product);
  const initial = (): PriceFormValues => ({ regularPrice: product.regularPrice, salePrice: product.salePrice ?? '' });
  const [values, setValues] = useState<PriceFormValues>(initial);
  const [errors, setErrors] = useState<PriceFieldErrors>({});

  // A pull brought new prices: show them.
  useEffect(() => {
    setValues({ regularPrice: product.regularPrice, salePrice: product.salePrice ?? '' });
    setErrors({});
  }, [product.regularPrice, product.salePrice]);

  if (variantMode) {
    const lowest = displayPricing(product);
    return (
      <Stack gap="xs" component="section" aria-label="Pricing">
        <Title order={3} size="h5">
          Pricing (from)
        </Title>
        <PriceFields values={{ regularPrice: lowest.regularPrice ?? '', salePrice: lowest.salePrice ?? '' }} onChange={() => {}} disabled />
        <Alert variant="light" icon={<IconInfoCircle aria-hidden="true" />} p="xs">
          {VARIANT_PRICING_HINT}
        </Alert>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onSave(values);
    setErrors(result.errors ?? {});
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Pricing" noValidate>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            Pricing
          </Title>
          {product.pending && <PendingPill />}
        </Group>
        {product.pending && (
          <Text size="sm" c="dimmed">
            {PENDING_TITLE}
          </Text>
        )}
        <PriceFields values={values} onChange={setValues} errors={errors} requireRegular />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Update Price
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
