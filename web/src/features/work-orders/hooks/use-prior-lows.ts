/**
 * The lowest prior prices of the order being previewed (issue 36, EU prior price), asked of the
 * server when the preview opens in the EU mode (api/get-lowest-prices.ts): of the products with a
 * drafted price, at the moment the order would run, for its target. Offline, or when the server
 * cannot be reached or refuses, they are not checked: the preview says so, and the server checks
 * them when the order is created (its 422 shows as any refusal).
 */
import type { OrderGuardrails } from '@catalog/contracts/bulk-adjustment-preview';
import type { CompanySettings } from '@catalog/contracts/company-settings';
import { getErrorMessage, isApiError } from '@catalog/contracts/errors';
import { DEFAULT_PRIOR_PRICE_DAYS } from '@catalog/contracts/lowest-price';
import { lastDaysText, type PriorLows } from '@catalog/contracts/prior-price';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useHasNetwork, useOnline } from '../../../lib/use-online';
import { getPriorLows, type PriorLowsRequest } from '../api/get-lowest-prices';
import { productTarget, variantTarget } from '../utils/price-targets';
import { fromDateTimeInputs } from '../utils/schedule-inputs';
import { selectedProducts, type WorkOrderFormState } from '../utils/work-order-form';

export type PriorLowsCheck =
  | { state: 'off' }
  | { state: 'checking' }
  | { state: 'ready'; lows: PriorLows }
  | { state: 'unchecked'; reason: string };

const OFF: PriorLowsCheck = { state: 'off' };
const CHECKING: PriorLowsCheck = { state: 'checking' };

/** What the preview says when the lows could not be checked, and why (`network`: the device has one). */
export function uncheckedLowsReason(error: unknown, network: boolean, days: number): string {
  const what = `The lowest prices of ${lastDaysText(days)} (EU prior price) could not be checked`;
  const then = 'The server checks them when the work order is created.';
  if (!network) return `${what}: you are offline. ${then}`;
  if (!isApiError(error)) return `${what}: the server cannot be reached. ${then}`;
  return `${what}: ${getErrorMessage(error, 'the server refused the check')}. ${then}`;
}

/** The lows of `request` (null: not asked), asked once per products, moment and target. */
export function usePriorLows(request: PriorLowsRequest | null, days: number): PriorLowsCheck {
  const online = useOnline();
  const network = useHasNetwork();
  const [check, setCheck] = useState<{ key: string; result: PriorLowsCheck } | null>(null);
  const key = request && request.productIds.length > 0
    ? `${request.at?.toISOString() ?? 'now'}|${request.target ? `${request.target.priceListId}:${request.target.currency}` : ''}|${request.productIds.join(',')}`
    : '';
  const current = useRef(request);
  current.current = request;
  useEffect(() => {
    const asked = current.current;
    if (!key || !asked) return;
    if (!online) {
      setCheck({ key, result: { state: 'unchecked', reason: uncheckedLowsReason(undefined, network, days) } });
      return;
    }
    const abort = new AbortController();
    getPriorLows(asked, abort.signal).then(
      (lows) => setCheck({ key, result: { state: 'ready', lows } }),
      (err: unknown) => {
        if (!abort.signal.aborted) setCheck({ key, result: { state: 'unchecked', reason: uncheckedLowsReason(err, true, days) } });
      },
    );
    return () => abort.abort();
  }, [key, online, network, days]);
  if (!key) return OFF;
  return check?.key === key ? check.result : CHECKING;
}

/** The products of the form with a drafted price, in selection order. */
function draftedProductIds(state: WorkOrderFormState): number[] {
  return selectedProducts(state)
    .filter((p) => state.drafts[productTarget(p)] || p.variants.some((v) => state.drafts[variantTarget(p, v)]))
    .map((p) => p.id);
}

export interface OrderPriorLows {
  check: PriorLowsCheck;
  /** The lows once read; null before, or when not asked or not checked. */
  lows: PriorLows | null;
  days: number;
}

/** The preview's lows: asked while it is open and the company is in the EU mode. */
export function useOrderPriorLows(open: boolean, state: WorkOrderFormState, settings: Pick<CompanySettings, 'priorPriceDays'>): OrderPriorLows {
  const on = open && settings.priorPriceDays != null;
  const days = settings.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS;
  const request = useMemo((): PriorLowsRequest | null => (on ? {
    productIds: draftedProductIds(state),
    at: state.schedule === 'scheduled' ? fromDateTimeInputs(state.date, state.time) : null,
    target: state.target ?? null,
  } : null), [on, state]);
  const check = usePriorLows(request, days);
  return useMemo(() => ({ check, lows: check.state === 'ready' ? check.lows : null, days }), [check, days]);
}

/**
 * What the preview says of the EU prior price besides its rows' notes: that the lows are being
 * read, that they could not be (and why), or how many items on sale could not be checked.
 */
export function priorPriceNotes({ check, days }: OrderPriorLows, guardrails: Pick<OrderGuardrails, 'priorUnknown'> | null): string[] {
  const last = lastDaysText(days);
  switch (check.state) {
    case 'off':
      return [];
    case 'checking':
      return [`Checking the lowest prices of ${last} (EU prior price)...`];
    case 'unchecked':
      return [check.reason];
    case 'ready': {
      const n = guardrails?.priorUnknown ?? 0;
      if (n === 0) return [];
      const items = `${n.toLocaleString('en-US')} ${n === 1 ? 'item' : 'items'} on sale`;
      return [`EU prior price: ${items} could not be checked: the lowest price of ${last} is not known in whole (each row says why).`];
    }
  }
}
