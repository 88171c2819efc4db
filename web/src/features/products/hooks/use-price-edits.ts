/**
 * Saving a price edit from the detail panel (spec sections 5 and 8): nothing changed -> the
 * 'No Changes' toast and no call; otherwise the edit (only the changed fields) goes through the
 * outbox: it shows in the local catalog at once, and online it is sent at once -> the success
 * toast and a fresh price history (the outbox pulls the catalog); a refusal shows the server's
 * message or the fallback and changes nothing; offline it waits, marked pending, and a toast
 * says so. Resolves to saved: true when sent or queued.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { NO_CHANGES_MESSAGE } from '@catalog/contracts/products';
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { invalidateApiQuery } from '../../../lib/api-query';
import { useOutbox } from '../../../local/outbox-hooks';
import type { SendOutcome } from '../../../local/outbox-sender';
import { isQuotaExceededError, STORAGE_FULL_MESSAGE, STORAGE_FULL_TITLE } from '../../../local/storage-errors';
import { priceHistoryQuery } from '../api/get-price-history';
import { updateProductPrice } from '../api/update-product-price';
import { updateVariantPrice } from '../api/update-variant-price';
import { productPriceEdit, variantPriceEdit, type EditOutcome, type PriceFieldErrors, type PriceFormValues } from '../utils/price-edit';

export const PRODUCT_UPDATED = 'Product updated successfully';
export const VARIANT_UPDATED = 'Product variant updated successfully';
export const PRODUCT_UPDATE_FAILED = 'Failed to update product';
export const VARIANT_UPDATE_FAILED = 'Failed to update product variant';
export const EDIT_QUEUED_TITLE = 'Saved on this device';
export const EDIT_QUEUED_MESSAGE = 'No connection: the price change will be sent to your store when the device is back online.';

export interface SaveResult {
  saved: boolean;
  errors?: PriceFieldErrors;
}

async function save<T>(
  outcome: EditOutcome<T>,
  send: (body: T) => Promise<SendOutcome>,
  productId: number,
  messages: { success: string; failure: string },
): Promise<SaveResult> {
  if (outcome.kind === 'invalid') return { saved: false, errors: outcome.errors };
  if (outcome.kind === 'unchanged') {
    notifications.show({ title: 'No Changes', message: NO_CHANGES_MESSAGE });
    return { saved: false };
  }
  let sent: SendOutcome;
  try {
    sent = await send(outcome.body);
  } catch (err) {
    // Not even stored on the device.
    if (isQuotaExceededError(err)) notifications.show({ color: 'red', title: STORAGE_FULL_TITLE, message: STORAGE_FULL_MESSAGE });
    else notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, messages.failure) });
    return { saved: false };
  }
  if (sent.state === 'failed') {
    notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(sent.error, messages.failure) });
    return { saved: false };
  }
  if (sent.state === 'queued') {
    notifications.show({ color: 'blue', title: EDIT_QUEUED_TITLE, message: EDIT_QUEUED_MESSAGE });
    return { saved: true };
  }
  notifications.show({ color: 'green', title: 'Success', message: messages.success });
  invalidateApiQuery(priceHistoryQuery(productId));
  return { saved: true };
}

export function usePriceEdits() {
  const outbox = useOutbox();
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
    (product: { id: number; name: string; regularPrice: string; salePrice: string | null }, values: PriceFormValues) =>
      run('product', () =>
        save(productPriceEdit(product, values), (body) => updateProductPrice(outbox, product, body), product.id, {
          success: PRODUCT_UPDATED,
          failure: PRODUCT_UPDATE_FAILED,
        }),
      ),
    [run, outbox],
  );

  const saveVariant = useCallback(
    (variant: ReplicatedVariant, values: PriceFormValues, productName: string) =>
      run(`variant-${variant.id}`, () =>
        save(variantPriceEdit(variant, values), (body) => updateVariantPrice(outbox, variant, body, productName), variant.productId, {
          success: VARIANT_UPDATED,
          failure: VARIANT_UPDATE_FAILED,
        }),
      ),
    [run, outbox],
  );

  return { saveProduct, saveVariant, saving };
}
