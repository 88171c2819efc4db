/**
 * Watches the polled list for what other screens care about: an order whose status changed (or
 * a new pending one) moves the sidebar's pending count, and an order that turned completed or
 * undone has changed the store's prices, so the local catalog should pull.
 */
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';
import { useEffect, useRef } from 'react';
import { noteStatuses } from '../utils/status-memory';

export interface StatusChangeHandlers {
  /** Some order's status changed, or a new pending order appeared. */
  onOrdersChanged?: () => void;
  /** Some order became completed or undone: the store's prices changed. */
  onPricesChanged?: () => void;
}

export function useStatusChanges(orders: readonly WorkOrderSummary[] | undefined, handlers: StatusChangeHandlers): void {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!orders) return;
    const { changed, prices } = noteStatuses(orders);
    if (changed) handlersRef.current.onOrdersChanged?.();
    if (prices) handlersRef.current.onPricesChanged?.();
  }, [orders]);
}
