/**
 * The new regular and sale price of one selected product and of each of its variants. Empty
 * keeps the current price (shown as the placeholder); a removed sale price says so and can be
 * kept after all. Invalid prices are marked once the merchant tries to create the order.
 *
 * Through a price list (issue 35) the current prices are the list's ("—": unknown in its
 * currency), a product with options is priced per variant only, and a product without options
 * whose base variant the device does not know says it cannot be changed.
 */
import { ActionIcon, Box, Button, Collapse, Group, Paper, SimpleGrid, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { PriceField } from '@catalog/contracts/bulk-adjustment';
import { IconChevronDown, IconChevronRight, IconX } from '@tabler/icons-react';
import { memo, useId, useState, type Dispatch } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import type { FormErrors } from '../utils/build-work-order';
import { baseVariantOf, hasOwnListPrices, listCents, NO_BASE_VARIANT_MESSAGE, type ListPrices } from '../utils/list-prices';
import {
  centsOf,
  priceText,
  productPrices,
  productTarget,
  variantLabel,
  variantOwnPrices,
  variantTarget,
} from '../utils/price-targets';
import type { PriceDraft, WorkOrderFormAction } from '../utils/work-order-form';
import classes from './product-picker.module.css';

interface PriceFieldsProps {
  target: string;
  name: string;
  regular: number | null;
  sale: number | null;
  /** What a variant without its own regular price shows instead. */
  regularFallback?: string;
  /** The current prices are not known (a price list's in another currency, without a record). */
  unknown?: boolean;
  /** No MSRP (a price list's record: its price and sale price only). */
  noRetail?: boolean;
  draft: PriceDraft | undefined;
  errors: Partial<Record<PriceField, string>> | undefined;
  dispatch: Dispatch<WorkOrderFormAction>;
}

/** Shown for a price that is not known. */
const UNKNOWN = '—';

function PriceFields({ target, name, regular, sale, regularFallback, unknown, noRetail, draft, errors, dispatch }: PriceFieldsProps) {
  const set = (field: PriceField, value: string) =>
    dispatch({ type: 'price', target, field, value: value.trim() === '' ? undefined : value });
  const removed = draft?.sale === null;
  return (
    <SimpleGrid cols={2} spacing="xs">
      <TextInput
        size="xs"
        label="New regular price"
        aria-label={`New regular price of ${name}`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={unknown ? UNKNOWN : regular === null ? (regularFallback ?? '') : priceText(regular)}
        value={draft?.regular ?? ''}
        onChange={(e) => set('regular', e.currentTarget.value)}
        error={errors?.regular}
      />
      {removed ? (
        <Box>
          <Text size="xs" fw={500}>
            New sale price
          </Text>
          <Group gap={4} mt={4} wrap="nowrap">
            <Text size="xs" className={classes.sale} fw={600}>
              Removed
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => dispatch({ type: 'price', target, field: 'sale', value: undefined })}>
              Keep<VisuallyHidden> the sale price of {name}</VisuallyHidden>
            </Button>
          </Group>
        </Box>
      ) : (
        <TextInput
          size="xs"
          label="New sale price"
          aria-label={`New sale price of ${name}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={unknown ? UNKNOWN : sale ? priceText(sale) : 'None'}
          value={draft?.sale ?? ''}
          onChange={(e) => set('sale', e.currentTarget.value)}
          error={errors?.sale}
        />
      )}
      {!noRetail && draft?.retail !== undefined && (
        <Box style={{ gridColumn: '1 / -1' }}>
          <Group gap={4} wrap="wrap">
            <Text size="xs" fw={500}>
              New MSRP: {draft.retail === null ? 'Removed' : draft.retail}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => dispatch({ type: 'price', target, field: 'retail', value: undefined })}>
              Keep<VisuallyHidden> the retail price of {name}</VisuallyHidden>
            </Button>
          </Group>
          {errors?.retail && (
            <Text size="xs" c="red.8" role="alert">
              {errors.retail}
            </Text>
          )}
        </Box>
      )}
    </SimpleGrid>
  );
}

export interface ProductPriceInputsProps {
  product: LocalProduct;
  drafts: Record<string, PriceDraft>;
  errors: FormErrors['prices'] | undefined;
  dispatch: Dispatch<WorkOrderFormAction>;
  /** The form's price list's records (null: the catalog's prices). */
  list?: ListPrices | null;
}

/** Re-renders only when this product's row, drafts or errors change (the form has thousands). */
function sameInputs(a: ProductPriceInputsProps, b: ProductPriceInputsProps): boolean {
  if (a.product !== b.product || a.dispatch !== b.dispatch || a.list !== b.list) return false;
  const targets = [productTarget(a.product), ...a.product.variants.map((v) => variantTarget(a.product, v))];
  return targets.every(
    (t) => a.drafts[t] === b.drafts[t] && JSON.stringify(a.errors?.[t]) === JSON.stringify(b.errors?.[t]),
  );
}

export const ProductPriceInputs = memo(function ProductPriceInputs({ product, drafts, errors, dispatch, list = null }: ProductPriceInputsProps) {
  const variantsId = useId();
  const current = list ? listCents(list, product) : { ...productPrices(product), known: true };
  const ownFields = !list || hasOwnListPrices(product);
  const blocked = !!list && ownFields && baseVariantOf(product) === null;
  const pTarget = productTarget(product);
  const variantTargets = product.variants.map((v) => variantTarget(product, v));
  const changed = variantTargets.filter((t) => drafts[t]).length;
  const hasVariantErrors = variantTargets.some((t) => errors?.[t]);
  // null: as it starts; a list's product with options has prices only per variant, shown at once.
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = hasVariantErrors || (open ?? !ownFields);
  return (
    <Paper withBorder radius="sm" p="xs" component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Remove ${product.name} from the work order`}
          onClick={() => dispatch({ type: 'deselect', productId: product.id })}
        >
          <IconX size={14} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {blocked ? (
        <Text size="xs" c="dimmed">
          {NO_BASE_VARIANT_MESSAGE}.
        </Text>
      ) : ownFields ? (
        <PriceFields
          target={pTarget}
          name={product.name}
          regular={current.regular}
          sale={current.sale}
          unknown={!current.known}
          noRetail={!!list}
          draft={drafts[pTarget]}
          errors={errors?.[pTarget]}
          dispatch={dispatch}
        />
      ) : null}
      {product.variants.length > 0 && (
        <Box mt={6}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={expanded ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
            aria-expanded={expanded}
            aria-controls={variantsId}
            onClick={() => setOpen(!expanded)}
          >
            Variant prices ({product.variants.length}
            {changed > 0 ? `, ${changed} changed` : ''})<VisuallyHidden> of {product.name}</VisuallyHidden>
          </Button>
          <Collapse in={expanded} id={variantsId}>
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {product.variants.map((variant, i) => {
                const target = variantTargets[i]!;
                const prices = list ? listCents(list, product, variant) : { ...variantOwnPrices(variant), known: true };
                const label = variantLabel(variant);
                return (
                  <Box component="li" key={variant.id} mt={6} pl="xs" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
                    <Text size="xs" fw={500}>
                      {label}
                    </Text>
                    <PriceFields
                      target={target}
                      name={`${product.name} (${label})`}
                      regular={prices.regular}
                      sale={prices.sale}
                      regularFallback={`${priceText(centsOf(product.regularPrice))} (product)`}
                      unknown={!prices.known}
                      noRetail={!!list}
                      draft={drafts[target]}
                      errors={errors?.[target]}
                      dispatch={dispatch}
                    />
                  </Box>
                );
              })}
            </Box>
          </Collapse>
        </Box>
      )}
    </Paper>
  );
}, sameInputs);
