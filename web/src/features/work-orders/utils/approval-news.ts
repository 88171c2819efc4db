/**
 * Telling a member in the app that an owner or admin approved or rejected one of their orders
 * (issue 19): the decisions on their own orders made since they last looked (kept per user in
 * localStorage), as toasts. And the order of the list for those who decide: waiting orders first.
 */
import type { WorkOrderSummary } from '@catalog/contracts/work-orders';

const seenKey = (userId: string) => `catalog.approval-news-seen.${userId}`;

export interface ApprovalNews {
  id: string;
  title: string;
  message: string;
  color: 'green' | 'grape';
}

/** Decisions on `userId`'s orders made after `since` (ms), newest first; another's decision only. */
export function approvalNews(orders: readonly WorkOrderSummary[], userId: string, since: number): ApprovalNews[] {
  const news: Array<ApprovalNews & { at: number }> = [];
  for (const o of orders) {
    if (o.createdById !== userId) continue;
    if (o.approvedAt && Date.parse(o.approvedAt) > since) {
      news.push({ id: o.id, at: Date.parse(o.approvedAt), color: 'green', title: 'Work order approved', message: `“${o.title}” was approved${o.approvedBy ? ` by ${o.approvedBy}` : ''}.` });
    } else if (o.status === 'rejected' && o.rejectedAt && Date.parse(o.rejectedAt) > since) {
      news.push({
        id: o.id, at: Date.parse(o.rejectedAt), color: 'grape', title: 'Work order rejected',
        message: `“${o.title}” was rejected${o.rejectedBy ? ` by ${o.rejectedBy}` : ''}: ${o.rejectionReason ?? ''}`,
      });
    }
  }
  return news.sort((a, b) => b.at - a.at).map(({ at: _at, ...n }) => n);
}

/** When the user last saw their decisions (ms); 0 when never. */
export function newsSeenAt(userId: string): number {
  try {
    return Number(localStorage.getItem(seenKey(userId)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

export function markNewsSeen(userId: string, at: number): void {
  try {
    localStorage.setItem(seenKey(userId), String(at));
  } catch {
    // Storage full or blocked: the news may show again, nothing worse.
  }
}

/** Orders awaiting approval first (for owners and admins), the rest as listed (newest first). */
export function waitingFirst(orders: readonly WorkOrderSummary[]): WorkOrderSummary[] {
  return [...orders.filter((o) => o.status === 'awaiting_approval'), ...orders.filter((o) => o.status !== 'awaiting_approval')];
}
