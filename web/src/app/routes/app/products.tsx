/**
 * /products: the products screen (features/products) over the local catalog, with the sync
 * controls (features/sync) and the drill-down category picker (features/category-picker)
 * composed in. A finished sync refreshes the API reads that show it and pulls the catalog's
 * changes into this device.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { CategoryBreadcrumbPicker } from '../../../features/category-picker/components/category-breadcrumb-picker';
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { ProductsScreen, type CategoryPickerSlotProps } from '../../../features/products/components/products-screen';
import { SETTINGS_QUERY, useSettings } from '../../../features/settings/api/get-settings';
import { SyncControls } from '../../../features/sync/components/sync-controls';
import { invalidateApiQuery } from '../../../lib/api-query';
import { usePageTitle } from '../../../lib/use-page-title';
import { pullNow } from '../../../local/local-catalog';

/** localStorage key: the settings' last word on hidden products (true: leave them out). */
const VISIBLE_ONLY_KEY = 'catalog-pilot:products-visible-only';

const renderCategoryPicker = (props: CategoryPickerSlotProps) => <CategoryBreadcrumbPicker {...props} />;

export function ProductsRoute() {
  usePageTitle('Products');
  const { data: settings, isLoading } = useSettings();
  // Whether hidden products are left out, as the settings last said on this device: the first
  // page (shown before the settings have been fetched, or offline) is the one the settings ask for.
  const [rememberedVisibleOnly, rememberVisibleOnly] = useLocalStorage({ key: VISIBLE_ONLY_KEY, defaultValue: false, getInitialValueInEffect: false });
  const visibleOnly = settings === undefined ? rememberedVisibleOnly : settings !== null && !settings.showInvisibleProducts;
  useEffect(() => {
    if (settings !== undefined) rememberVisibleOnly(visibleOnly);
  }, [settings, visibleOnly, rememberVisibleOnly]);

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
      visibleOnly={visibleOnly}
      lastSyncAt={settings === undefined ? undefined : (settings?.lastSyncAt ?? null)}
    />
  );
}
