/**
 * /settings: the store connection, account and data management (features/settings). Deleting
 * all products changes the dashboard's stats and the catalog on this device, which this route
 * refreshes.
 */
import { useCallback } from 'react';
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { SettingsPage } from '../../../features/settings/components/settings-page';
import { invalidateApiQuery } from '../../../lib/api-query';
import { deviceCatalog } from '../../../local/device-catalog';

export function SettingsRoute() {
  const refreshAfterDelete = useCallback(() => {
    invalidateApiQuery(DASHBOARD_STATS_QUERY);
    // The delete left tombstones: bring the local catalog down to nothing too.
    void deviceCatalog.pullNow();
  }, []);
  return <SettingsPage onProductsDeleted={refreshAfterDelete} />;
}
