/** GET /api/dashboard: the numbers on the dashboard's four stat cards. */
import { Hono } from 'hono';
import type { DashboardStats } from '@catalog/contracts/dashboard';
import type { Database } from '../../db/repositories';
import type { AuthedEnv } from '../../middleware/authenticate';
import { guard } from '../../middleware/require-permission';

export function dashboardRoutes(deps: { db: Database }) {
  const { db } = deps;
  return new Hono<AuthedEnv>().get('/', guard('GET /api/dashboard'), async (c) => {
    const { companyId } = c.get('user');
    const [totalProducts, byStatus, settings] = await Promise.all([
      db.products.count(companyId),
      db.workOrders.countByStatus(companyId),
      db.settings.get(companyId),
    ]);
    const body: DashboardStats = {
      totalProducts,
      pendingOrders: byStatus.pending,
      completedOrders: byStatus.completed,
      lastSyncAt: settings?.lastSyncAt ? settings.lastSyncAt.toISOString() : null,
    };
    return c.json(body);
  });
}
