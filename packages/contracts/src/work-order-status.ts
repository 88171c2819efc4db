/**
 * A work order's statuses (issue 19's approvals among them), part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Every status a work order can be in. `awaiting_approval`: a member's order while the company
 * requires approval (issue 19); it becomes `pending` when an owner or admin approves it,
 * `rejected` (final) when one rejects it.
 */
export const WORK_ORDER_STATUSES = ['awaiting_approval', 'pending', 'executing', 'completed', 'failed', 'undone', 'rejected'] as const;
/** The statuses as a schema (their list is readable without building it: WORK_ORDER_STATUSES). */
export const WorkOrderStatus = lazySchema(() => z.enum(WORK_ORDER_STATUSES));
export type WorkOrderStatus = z.infer<typeof WorkOrderStatus>;
