/**
 * /work-orders: the list of bulk price changes (features/work-orders). Composes what the feature
 * does not own: a change of an order refreshes the dashboard's stats (the sidebar's pending
 * badge), and an order that completed or was undone makes the local catalog pull the new prices.
 */
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { WorkOrdersScreen } from '../../../features/work-orders/components/work-orders-screen';
import { invalidateApiQuery } from '../../../lib/api-query';
import { deviceCatalog } from '../../../local/device-catalog';

const refreshDashboard = () => invalidateApiQuery(DASHBOARD_STATS_QUERY);
const pullCatalog = () => void deviceCatalog.pullNow();

export function WorkOrdersRoute() {
  return <WorkOrdersScreen onOrdersChanged={refreshDashboard} onPricesChanged={pullCatalog} />;
}
