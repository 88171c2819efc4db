/**
 * /products: the products screen (features/products) over the local catalog, with the sync
 * controls (features/sync) and the drill-down category picker (features/category-picker)
 * composed in. A finished sync refreshes the API reads that show it and pulls the catalog's
 * changes into this device.
 */
import { useCallback } from 'react';
import { CategoryBreadcrumbPicker } from '../../../features/category-picker/components/category-breadcrumb-picker';
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { ProductsScreen, type CategoryPickerSlotProps } from '../../../features/products/components/products-screen';
import { SETTINGS_QUERY, useSettings } from '../../../features/settings/api/get-settings';
import { SyncControls } from '../../../features/sync/components/sync-controls';
import { invalidateApiQuery } from '../../../lib/api-query';
import { usePageTitle } from '../../../lib/use-page-title';
import { pullNow } from '../../../local/local-catalog';

const renderCategoryPicker = (props: CategoryPickerSlotProps) => <CategoryBreadcrumbPicker {...props} />;

export function ProductsRoute() {
  usePageTitle('Products');
  const { data: settings, isLoading } = useSettings();

  // A sync changes the products, the dashboard's stats and Last Sync (settings' lastSyncAt).
  const refreshAfterSync = useCallback(() => {
    void pullNow();
    invalidateApiQuery(DASHBOARD_STATS_QUERY);
    invalidateApiQuery(SETTINGS_QUERY);
  }, []);

  return (
    <ProductsScreen
      syncControls={
        <SyncControls
          onSynced={refreshAfterSync}
          lastSyncAt={settings ? settings.lastSyncAt : undefined}
          connected={isLoading || settings !== null}
        />
      }
      renderCategoryPicker={renderCategoryPicker}
      showStock={settings?.showStockStatus ?? false}
      visibleOnly={settings ? !settings.showInvisibleProducts : false}
      lastSyncAt={settings === undefined ? undefined : (settings?.lastSyncAt ?? null)}
    />
  );
}
