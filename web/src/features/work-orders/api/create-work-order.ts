/**
 * Submitting a new work order: the one place it happens. It goes through the outbox it is
 * given (local/outbox.ts; the screen passes the app's, from useOutbox()): online it is sent at
 * once (POST /api/work-orders); offline, or when the answer never came, it waits and is sent
 * when the connection returns. The body carries the
 * form's client-generated `id`, which the API treats as an idempotency key, so a replay never
 * creates a second order. The draft with the same id leaves the drafts in the same transaction.
 * `followSentWorkOrder` keeps the lists in step with every order the outbox sends (the app
 * registers it on its outbox, app/app-outbox.ts).
 */
import { WorkOrder, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import type { DraftRow, OutboxEntry } from '../../../local/catalog-db';
import type { Outbox } from '../../../local/outbox';
import type { SendOutcome } from '../../../local/outbox-sender';
import { rememberWorkOrder } from '../utils/status-memory';
import { invalidateWorkOrders } from './get-work-orders';

/** The toast after a successful creation (spec section 8). */
export const CREATED_MESSAGE = 'Work order created successfully';
/** The toast when a member's order waits for an owner's or admin's approval (issue 19). */
export const AWAITING_APPROVAL_MESSAGE = 'Work order created: it runs once an owner or admin approves it.';
/** The failure fallback when the server gives no message (spec section 8). */
export const CREATE_FAILED_MESSAGE = 'Failed to create work order';
/** The toast when the order waits for the connection. */
export const QUEUED_TITLE = 'Work order queued';
export const QUEUED_MESSAGE = 'No connection: it will be created as soon as the device is back online.';
/** The toast when the server asked to wait (429): its reason, then what happens next. */
export const queuedByServerMessage = (reason: string) => `${reason} It stays queued and is sent again automatically.`;

export type CreateOutcome =
  | { state: 'sent'; order: WorkOrder | null }
  | { state: 'queued'; reason?: string }
  | { state: 'failed'; error: unknown };

/**
 * Creates the order (or queues it). `draft` is the form's draft row, kept with a queued order so
 * that one the server refuses later can be edited again.
 */
export async function createWorkOrder(outbox: Outbox, body: CreateWorkOrderInput & { id: string }, draft?: DraftRow): Promise<CreateOutcome> {
  const outcome: SendOutcome = await outbox.enqueueWorkOrder(body, draft);
  if (outcome.state !== 'sent') return outcome;
  const parsed = WorkOrder.safeParse(outcome.response);
  return { state: 'sent', order: parsed.success ? parsed.data : null };
}

/** Whenever an order leaves the outbox (now or in a replay), the lists follow. */
export function followSentWorkOrder(entry: OutboxEntry, response: unknown): void {
  if (entry.kind !== 'createWorkOrder') return;
  const parsed = WorkOrder.safeParse(response);
  // Seen as created, so the list notices when it completes even if that happens before it loads.
  if (parsed.success) rememberWorkOrder(parsed.data);
  invalidateWorkOrders();
}
