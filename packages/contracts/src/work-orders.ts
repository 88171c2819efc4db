/**
 * Work orders on the wire, as @catalog/contracts/work-orders exports them: the statuses
 * (work-order-status.ts), the limits and messages (work-order-limits.ts), an item
 * (work-order-item.ts), the repeat rule (work-order-repeat.ts), the create, update, undo and
 * reject bodies (work-order-bodies.ts), the undo's report (work-order-revert-report.ts), the
 * order, its summary and detail (work-order-wire.ts), the list's and one order's queries (work-order-queries.ts) and the
 * overlaps check (work-order-overlaps.ts). Which actions an order offers and its summary counts
 * live in work-order-rules.ts.
 */
export * from './work-order-status';
export * from './work-order-limits';
export * from './work-order-item';
export * from './work-order-target';
export * from './work-order-repeat';
export * from './work-order-bodies';
export * from './work-order-revert-report';
export * from './work-order-wire';
export * from './work-order-queries';
export * from './work-order-overlaps';
