/**
 * /backups: catalog pricing backups (features/backups, Premium). A restore creates a work order:
 * the dashboard's stats (the sidebar's pending badge) are fetched again.
 */
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { BackupsPage } from '../../../features/backups/components/backups-page';
import { invalidateApiQuery } from '../../../lib/api-query';

const refreshDashboard = () => invalidateApiQuery(DASHBOARD_STATS_QUERY);

export function BackupsRoute() {
  return <BackupsPage onOrderCreated={refreshDashboard} />;
}
