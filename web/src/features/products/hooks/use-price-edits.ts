/**
 * Saving a price edit from the detail panel (spec sections 5 and 8): nothing changed -> the
 * 'No Changes' toast and no call; otherwise the edit (only the changed fields) goes through the
 * outbox: it shows in the local catalog at once, and online it is sent at once -> the success
 * toast and a fresh price history (the outbox pulls the catalog); a refusal shows the server's
 * message or the fallback and changes nothing (a blocking guardrail's 422 too: the server names
 * the rule); offline it waits, marked pending, and a toast says so (or the server's reason, when
 * it asked to wait: 429). A member's edit while the company requires approval comes back as a
 * work order awaiting approval (201, issue 31): nothing reached the store, the price shows as
 * before, and a toast gives the server's message with the way to the work orders. Resolves to
 * saved: true when sent (also for approval) or queued.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { NO_CHANGES_MESSAGE } from '@catalog/contracts/products';
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { invalidateApiQuery } from '../../../lib/api-query';
import { useOutbox } from '../../../local/outbox-hooks';
import type { SendOutcome } from '../../../local/outbox-sender';
import { sentForApprovalOf } from '../../../local/pending-edits';
import { isQuotaExceededError, STORAGE_FULL_MESSAGE, STORAGE_FULL_TITLE } from '../../../local/storage-errors';
import { priceHistoryQuery } from '../api/get-price-history';
import { updateProductPrice } from '../api/update-product-price';
import { updateVariantPrice } from '../api/update-variant-price';
import { showSentForApproval, WORK_ORDERS_PATH } from '../components/sent-for-approval';
import { productPriceEdit, variantPriceEdit, type EditOutcome, type PriceFieldErrors, type PriceFormValues } from '../utils/price-edit';

export const PRODUCT_UPDATED = 'Product updated successfully';
export const VARIANT_UPDATED = 'Product variant updated successfully';
export const PRODUCT_UPDATE_FAILED = 'Failed to update product';
export const VARIANT_UPDATE_FAILED = 'Failed to update product variant';
export const EDIT_QUEUED_TITLE = 'Saved on this device';
export const EDIT_QUEUED_MESSAGE = 'No connection: the price change will be sent to your store when the device is back online.';
/** The toast when the server asked to wait (429): its reason, then what happens next. */
export const editQueuedByServerMessage = (reason: string) => `${reason} The price change stays on this device and is sent again automatically.`;

export interface SaveResult {
  saved: boolean;
  errors?: PriceFieldErrors;
}

async function save<T>(
  outcome: EditOutcome<T>,
  send: (body: T) => Promise<SendOutcome>,
  productId: number,
  messages: { success: string; failure: string },
  openWorkOrders: () => void,
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
    notifications.show({ color: 'blue', title: EDIT_QUEUED_TITLE, message: sent.reason ? editQueuedByServerMessage(sent.reason) : EDIT_QUEUED_MESSAGE });
    return { saved: true };
  }
  const approval = sentForApprovalOf(sent.response);
  if (approval) {
    // Delivered, but only as an order awaiting approval: not the success toast.
    showSentForApproval(approval, openWorkOrders);
    return { saved: true };
  }
  notifications.show({ color: 'green', title: 'Success', message: messages.success });
  invalidateApiQuery(priceHistoryQuery(productId));
  return { saved: true };
}

export function usePriceEdits() {
  const outbox = useOutbox();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<string | null>(null);
  const openWorkOrders = useCallback(() => void navigate(WORK_ORDERS_PATH), [navigate]);

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
        }, openWorkOrders),
      ),
    [run, outbox, openWorkOrders],
  );

  const saveVariant = useCallback(
    (variant: ReplicatedVariant, values: PriceFormValues, productName: string) =>
      run(`variant-${variant.id}`, () =>
        save(variantPriceEdit(variant, values), (body) => updateVariantPrice(outbox, variant, body, productName), variant.productId, {
          success: VARIANT_UPDATED,
          failure: VARIANT_UPDATE_FAILED,
        }, openWorkOrders),
      ),
    [run, outbox, openWorkOrders],
  );

  return { saveProduct, saveVariant, saving };
}
