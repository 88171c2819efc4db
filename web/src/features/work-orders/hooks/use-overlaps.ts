/**
 * The other orders a new one overlaps (issue 18), asked of the server when the preview opens:
 * POST /api/work-orders/overlaps, which answers from the company's orders (issue 31: the list's
 * pages no longer carry the orders' items, so the device cannot tell by itself). Offline, or
 * when the server cannot be reached or refuses, the overlaps are not checked, and the preview
 * says so plainly rather than showing none.
 */
import { getErrorMessage, isApiError } from '@catalog/contracts/errors';
import { itemKeyIn, type PriceListTarget, type WorkOrderItem } from '@catalog/contracts/work-orders';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OverlapsState } from '../../../components/price-preview-modal';
import { useHasNetwork, useOnline } from '../../../lib/use-online';
import { getOverlaps } from '../api/get-work-orders';

export type OverlapCheck = OverlapsState;

/** What the preview says when the overlaps could not be checked, and why (`network`: the device has one). */
export function uncheckedReason(error: unknown, network: boolean): string {
  const what = 'Overlaps with other work orders could not be checked';
  if (!network) return `${what}: you are offline. Other orders may change some of the same prices.`;
  if (!isApiError(error)) return `${what}: the server cannot be reached. Other orders may change some of the same prices.`;
  return `${what}: ${getErrorMessage(error, 'the server refused the check')}`;
}

const IDLE: OverlapCheck = { state: 'idle' };

/** `target`: the order's price list and currency (issue 35); absent: the catalog. */
export function useOverlaps(enabled: boolean, items: readonly Pick<WorkOrderItem, 'productId' | 'variantId'>[] | null | undefined, target: PriceListTarget | null = null): OverlapCheck {
  const online = useOnline();
  const network = useHasNetwork();
  const [check, setCheck] = useState<{ key: string; result: OverlapCheck } | null>(null);
  // The same items (by target) ask once while the preview stays open.
  const key = useMemo(() => (enabled && items?.length ? items.map(itemKeyIn(target)).join(',') : ''), [enabled, items, target]);
  // The items the key stands for (a new array of the same items asks nothing new).
  const current = useRef(items);
  current.current = items;
  const currentTarget = useRef(target);
  currentTarget.current = target;
  useEffect(() => {
    const asked = current.current;
    if (!key || !asked) return;
    // The app knows it is cut off (no network, or the server did not answer lately): nothing is sent.
    if (!online) {
      setCheck({ key, result: { state: 'unchecked', reason: uncheckedReason(undefined, network) } });
      return;
    }
    const abort = new AbortController();
    setCheck({ key, result: { state: 'checking' } });
    getOverlaps(asked, abort.signal, currentTarget.current).then(
      ({ overlaps, more, complete }) => setCheck({ key, result: { state: 'checked', overlaps, more, complete } }),
      (err: unknown) => {
        if (!abort.signal.aborted) setCheck({ key, result: { state: 'unchecked', reason: uncheckedReason(err, true) } });
      },
    );
    return () => abort.abort();
  }, [key, online, network]);
  if (!key) return IDLE;
  return check?.key === key ? check.result : { state: 'checking' };
}
