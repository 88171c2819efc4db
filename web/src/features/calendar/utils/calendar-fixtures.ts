/** Orders as the device's copy has them, for the calendar's tests: read through the contracts' schema, so every field has its default. */
import { WorkOrderSummary } from '@catalog/contracts/work-orders';

let next = 0;

/** A pending catalog order scheduled at `scheduledAt`; `overrides` as the list would give them. */
export function calendarOrder(overrides: Partial<WorkOrderSummary> & { scheduledAt: string | null }): WorkOrderSummary {
  next += 1;
  return WorkOrderSummary.parse({
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    title: `Order ${next}`,
    status: 'pending',
    archived: false,
    executeImmediately: false,
    createdAt: '2020-01-01T00:00:00.000Z',
    executedAt: null,
    undoneAt: null,
    error: null,
    productCount: 2,
    itemCount: 3,
    regularPriceUpdates: 1,
    salePriceUpdates: 2,
    ...overrides,
  });
}

/** Local time `day` days after `base` at `hour`:00, as ISO. */
export function localAt(base: Date, day: number, hour = 10): string {
  return new Date(base.getFullYear(), base.getMonth(), base.getDate() + day, hour).toISOString();
}
