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
import { useRememberedSetting } from '../../../lib/use-remembered-setting';
import { deviceCatalog } from '../../../local/device-catalog';

/** localStorage keys: the settings' last word on hidden products (true: leave them out) and on stock. */
const VISIBLE_ONLY_KEY = 'catalog-pilot:products-visible-only';
const SHOW_STOCK_KEY = 'catalog-pilot:products-show-stock';

const renderCategoryPicker = (props: CategoryPickerSlotProps) => <CategoryBreadcrumbPicker {...props} />;

export function ProductsRoute() {
  usePageTitle('Products');
  const { data: settings, isLoading } = useSettings();
  const known = settings !== undefined;
  const visibleOnly = useRememberedSetting(VISIBLE_ONLY_KEY, known ? settings !== null && !settings.showInvisibleProducts : undefined);
  const showStock = useRememberedSetting(SHOW_STOCK_KEY, known ? (settings?.showStockStatus ?? false) : undefined);

  // A sync changes the products, the dashboard's stats and Last Sync (settings' lastSyncAt).
  const refreshAfterSync = useCallback(() => {
    void deviceCatalog.pullNow();
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
      showStock={showStock}
      visibleOnly={visibleOnly}
      lastSyncAt={settings === undefined ? undefined : (settings?.lastSyncAt ?? null)}
    />
  );
}
