/**
 * GET /api/dashboard: the numbers on the dashboard's four stat cards, and the orders that need
 * someone (a scheduled run or an end that failed or warned, not opened since; issue 18).
 */
import type { DashboardStats } from '@catalog/contracts/dashboard';
import type { Database } from '../../db/repositories';
import { defineRoutes } from '../define-routes';

/** Orders the dashboard lists; the Work Orders screen shows them all. */
const ATTENTION_LISTED = 5;

export function dashboardRoutes(deps: { db: Database }) {
  const { db } = deps;
  return defineRoutes({
    'GET /api/dashboard': async (c) => {
      const { companyId } = c.get('user');
      const [totalProducts, byStatus, settings, attention] = await Promise.all([
        db.products.count(companyId),
        db.workOrders.countByStatus(companyId),
        db.settings.get(companyId),
        db.workOrders.list(companyId, { includeArchived: true, needsAttention: true }),
      ]);
      const body: DashboardStats = {
        totalProducts,
        pendingOrders: byStatus.pending,
        completedOrders: byStatus.completed,
        awaitingApproval: byStatus.awaiting_approval,
        lastSyncAt: settings?.lastSyncAt ? settings.lastSyncAt.toISOString() : null,
        needsAttention: attention.slice(0, ATTENTION_LISTED).map((o) => ({ id: o.id, title: o.title, status: o.status, problem: o.error ?? o.warning ?? '' })),
      };
      return c.json(body);
    },
  });
}
