/**
 * The price changes panel: the bulk adjustment, then the new prices of each selected product
 * and variant (shown 25 at a time, so a selection of thousands stays quick to type in).
 */
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type Dispatch } from 'react';
import type { LocalProduct } from '../../../local/catalog-query';
import type { FormErrors } from '../utils/build-work-order';
import type { ListPrices } from '../utils/list-prices';
import type { PriceDraft, WorkOrderFormAction } from '../utils/work-order-form';
import { BulkAdjustmentForm } from './bulk-adjustment-form';
import { ProductPriceInputs } from './product-price-inputs';
import tones from './tones.module.css';

/** Selected products listed with their inputs before 'Show more'. */
const SHOWN_STEP = 25;

export interface PriceChangesPanelProps {
  products: LocalProduct[];
  drafts: Record<string, PriceDraft>;
  errors: FormErrors | null;
  dispatch: Dispatch<WorkOrderFormAction>;
  /** The form's price list's records (null: the catalog's prices). */
  list?: ListPrices | null;
  /** When the order would run (null: now): the moment of the 30-day low adjustment (issue 36). */
  startsAt?: Date | null;
}

export function PriceChangesPanel({ products, drafts, errors, dispatch, list = null, startsAt = null }: PriceChangesPanelProps) {
  const [shown, setShown] = useState(SHOWN_STEP);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="price-changes-title">
      <Title order={2} size="h4" id="price-changes-title">
        Price Changes
      </Title>
      <Stack gap="md" mt="sm">
        <BulkAdjustmentForm selectedCount={products.length} products={products} dispatch={dispatch} list={list} startsAt={startsAt} />
        {errors?.selection && (
          <Alert color="red" variant="light" role="alert" classNames={{ title: tones.danger, icon: tones.danger }}>
            {errors.selection}
          </Alert>
        )}
        {products.length === 0 ? (
          <Text size="sm" c="dimmed">
            Select products to set their new prices here, one by one or with the bulk adjustment.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Leave a price empty to keep it as it is.
            </Text>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="New prices">
              {products.slice(0, shown).map((product) => (
                <ProductPriceInputs
                  key={product.id}
                  product={product}
                  drafts={drafts}
                  errors={errors?.prices}
                  dispatch={dispatch}
                  list={list}
                />
              ))}
            </Stack>
            {products.length > shown && (
              <Button variant="default" onClick={() => setShown((n) => n + SHOWN_STEP)}>
                Show {Math.min(SHOWN_STEP, products.length - shown)} more of {products.length - shown} selected products
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
