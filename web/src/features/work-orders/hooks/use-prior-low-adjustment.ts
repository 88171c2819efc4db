/**
 * The bulk adjustment "set to the 30-day low" (issue 36): offered while the company is in the EU
 * mode (its settings, as the preview reads them), with the company's days. Its lows come from the
 * server (api/get-lowest-prices.ts) at the moment the order would run, for the form's target, so
 * Apply reads them first and the form then writes the prices as for any other adjustment. Offline
 * it cannot be applied, and says so.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { DEFAULT_PRIOR_PRICE_DAYS } from '@catalog/contracts/lowest-price';
import type { PriorLows } from '@catalog/contracts/prior-price';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import { useCallback, useState } from 'react';
import { useOnline } from '../../../lib/use-online';
import { getPriorLows } from '../api/get-lowest-prices';
import { useGuardrailSettings } from './use-guardrail-settings';

/** Said where the adjustment is offered while the device is offline, and when it is applied then. */
export const priorLowOfflineMessage = (days: number) =>
  `The ${days}-day low is computed by the server from your price history: connect to the internet to apply it.`;

/** Said under the adjustment when it is chosen. */
export const priorLowHint = (days: number) =>
  `Sets each item's price to its lowest price of the ${days} days before the order runs, so a sale's "was" price is lawful in the EU. Items with no known low are left as they are.`;

export interface PriorLowAdjustment {
  /** The company is in the EU mode: the adjustment is offered. */
  available: boolean;
  days: number;
  online: boolean;
  /** The lows are being read. */
  busy: boolean;
  /** The lows of these products, or the message to show when they cannot be read. */
  read: (productIds: readonly number[]) => Promise<{ lows: PriorLows } | { error: string }>;
}

export function usePriorLowAdjustment(startsAt: Date | null, target: PriceListTarget | null): PriorLowAdjustment {
  const settings = useGuardrailSettings(true);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const days = settings.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS;
  const read = useCallback(async (productIds: readonly number[]) => {
    if (!online) return { error: priorLowOfflineMessage(days) };
    setBusy(true);
    try {
      return { lows: await getPriorLows({ productIds, at: startsAt, target }) };
    } catch (err) {
      return { error: getErrorMessage(err, `The ${days}-day lows could not be read. Try again.`) };
    } finally {
      setBusy(false);
    }
  }, [online, days, startsAt, target]);
  return { available: settings.priorPriceDays != null, days, online, busy, read };
}
