/**
 * The dashboard: the stats GET /api/dashboard returns and how the Last Sync card reads the
 * time since the last sync (the real time elapsed, where the first version showed a fixed '24h').
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IsoDateTime, Uuid } from './common';
import { WorkOrderStatus } from './work-orders';

/** An order the dashboard points at until someone opens it (issue 18). */
export const AttentionOrder = lazySchema(() =>
  z.object({
    id: Uuid,
    title: z.string(),
    status: WorkOrderStatus,
    /** Its error, or its read-back warning. */
    problem: z.string(),
  }),
);
export type AttentionOrder = z.infer<typeof AttentionOrder>;

export const DashboardStats = lazySchema(() =>
  z.object({
    totalProducts: z.number().int().nonnegative(),
    /** Pending work orders (also the sidebar badge). */
    pendingOrders: z.number().int().nonnegative(),
    completedOrders: z.number().int().nonnegative(),
    /** Members' orders waiting for an owner's or admin's approval (issue 19; their sidebar badge). */
    awaitingApproval: z.number().int().nonnegative().default(0),
    /** null before the first sync. */
    lastSyncAt: IsoDateTime.nullable(),
    /** Scheduled runs and ends that failed or warned, not yet opened (newest first). */
    needsAttention: z.array(AttentionOrder).default([]),
  }),
);
export type DashboardStats = z.infer<typeof DashboardStats>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Never', 'Just now', '5m', '3h' or '2d': the whole units elapsed since the last sync.
 * A time in the future (a skewed device clock) reads as 'Just now'.
 */
export function lastSyncLabel(lastSyncAt: string | null, now: Date): string {
  if (!lastSyncAt) return 'Never';
  const at = Date.parse(lastSyncAt);
  if (Number.isNaN(at)) return 'Never';
  const elapsed = now.getTime() - at;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  return `${Math.floor(elapsed / DAY)}d`;
}
