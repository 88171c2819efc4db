/** GET /api/dashboard: the four stat cards, and the pending count of the sidebar's badge. */
import { DashboardStats } from '@catalog/contracts/dashboard';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; invalidate it after a change to products or work orders. */
export const DASHBOARD_STATS_QUERY = 'dashboard';

export function getDashboardStats(): Promise<DashboardStats> {
  return apiFetch('/api/dashboard', { schema: DashboardStats });
}

export function useDashboardStats() {
  return useApiQuery(DASHBOARD_STATS_QUERY, getDashboardStats);
}
