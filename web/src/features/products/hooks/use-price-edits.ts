/**
 * Saving a price edit from the detail panel (spec sections 5 and 8): nothing changed -> the
 * 'No Changes' toast and no call; otherwise PUT with only the changed fields, then the success
 * toast, a fresh price history and a pull of the local catalog (so lists show the new price);
 * a failure shows the server's message or the fallback. Resolves to true when saved.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { NO_CHANGES_MESSAGE } from '@catalog/contracts/products';
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { invalidateApiQuery } from '../../../lib/api-query';
import { pullNow } from '../../../local/local-catalog';
import { priceHistoryQuery } from '../api/get-price-history';
import { updateProductPrice } from '../api/update-product-price';
import { updateVariantPrice } from '../api/update-variant-price';
import { productPriceEdit, variantPriceEdit, type EditOutcome, type PriceFieldErrors, type PriceFormValues } from '../utils/price-edit';

export const PRODUCT_UPDATED = 'Product updated successfully';
export const VARIANT_UPDATED = 'Product variant updated successfully';
export const PRODUCT_UPDATE_FAILED = 'Failed to update product';
export const VARIANT_UPDATE_FAILED = 'Failed to update product variant';

export interface SaveResult {
  saved: boolean;
  errors?: PriceFieldErrors;
}

async function save<T>(
  outcome: EditOutcome<T>,
  send: (body: T) => Promise<unknown>,
  productId: number,
  messages: { success: string; failure: string },
): Promise<SaveResult> {
  if (outcome.kind === 'invalid') return { saved: false, errors: outcome.errors };
  if (outcome.kind === 'unchanged') {
    notifications.show({ title: 'No Changes', message: NO_CHANGES_MESSAGE });
    return { saved: false };
  }
  try {
    await send(outcome.body);
  } catch (err) {
    notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, messages.failure) });
    return { saved: false };
  }
  notifications.show({ color: 'green', title: 'Success', message: messages.success });
  invalidateApiQuery(priceHistoryQuery(productId));
  void pullNow();
  return { saved: true };
}

export function usePriceEdits() {
  const [saving, setSaving] = useState<string | null>(null);

  const run = useCallback(async (key: string, fn: () => Promise<SaveResult>) => {
    setSaving(key);
    try {
      return await fn();
    } finally {
      setSaving(null);
    }
  }, []);

  const saveProduct = useCallback(
    (product: { id: number; regularPrice: string; salePrice: string | null }, values: PriceFormValues) =>
      run('product', () =>
        save(productPriceEdit(product, values), (body) => updateProductPrice(product.id, body), product.id, {
          success: PRODUCT_UPDATED,
          failure: PRODUCT_UPDATE_FAILED,
        }),
      ),
    [run],
  );

  const saveVariant = useCallback(
    (variant: ReplicatedVariant, values: PriceFormValues) =>
      run(`variant-${variant.id}`, () =>
        save(variantPriceEdit(variant, values), (body) => updateVariantPrice(variant.id, body), variant.productId, {
          success: VARIANT_UPDATED,
          failure: VARIANT_UPDATE_FAILED,
        }),
      ),
    [run],
  );

  return { saveProduct, saveVariant, saving };
}
