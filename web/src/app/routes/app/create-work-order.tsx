/**
 * /work-orders/create: a new bulk price change (features/work-orders). A created order refreshes
 * the dashboard's stats, so the sidebar's pending badge counts it at once.
 */
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { CreateWorkOrderScreen } from '../../../features/work-orders/components/create-work-order-screen';
import { invalidateApiQuery } from '../../../lib/api-query';

const refreshDashboard = () => invalidateApiQuery(DASHBOARD_STATS_QUERY);

export function CreateWorkOrderRoute() {
  return <CreateWorkOrderScreen onCreated={refreshDashboard} />;
}
