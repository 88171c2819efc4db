/**
 * /products: the catalog as this device holds it. Search, category filter, the product filters
 * (brand, price, stock, on sale, visibility, SKU; kept in the URL), paging and totals run on the
 * device (local/catalog-query), so every keystroke answers at once, also offline. "Columns"
 * adds Brand, MSRP and Cost to the table and the cards (remembered on the device). "Prices:"
 * shows the catalog through one price list and currency (issue 35; kept in the URL): the cards and
 * the table show what its customers pay, and the price range and on-sale filters read those
 * prices, from the device's copy of the price lists (offline too), which the device follows while
 * the screen is shown.
 * The route composes what belongs to other features: the sync controls and the category picker.
 * "Export CSV" in the toolbar downloads the whole catalog from the server (GET /api/products/csv).
 */
import { hasProductFilters } from '@catalog/contracts/product-filters';
import { DEFAULT_PAGE_SIZE } from '@catalog/contracts/products';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ProductFilterControls } from '../../../components/product-filter-controls';
import { useCatalogBrands, useCatalogCategories, useListedQuery } from '../../../local/catalog-query';
import { useProductFilterParams } from '../../../lib/product-filter-params';
import { formatCount } from '../../../lib/format-number';
import { exportCatalogCsv } from '../api/export-csv';
import {
  choiceInForce, priceOptions, usePriceListChoices, usePriceListParam,
} from '../hooks/use-list-prices';
import { CATALOG_VALUE, useListPrices } from '../../../local/use-list-prices';
import { choiceValue, parseChoice } from '../../../local/price-list-index';
import { formatHistoryDate } from '../utils/format-history';
import { listPricing } from '../utils/list-pricing';
import { clampPage } from '../utils/pagination';
import { CatalogDownloadProgress } from './catalog-download-progress';
import { ColumnChooser, useProductColumns } from './column-chooser';
import { ExportCsvButton } from './export-csv-button';
import { ProductDetailPanel } from './product-detail-panel';
import { ProductResults, type ProductsView } from './product-results';
import { FilterControls, PriceSourceSelect, SearchBox } from './products-toolbar';
import { ProductsPagination } from './products-pagination';
import classes from './products.module.css';

export interface CategoryPickerSlotProps {
  categories: readonly string[];
  value: string | null;
  onChange: (path: string | null) => void;
}

export interface ProductsScreenProps {
  /** The Sync button and its progress (features/sync), composed by the route. */
  syncControls?: ReactNode;
  /** The category picker (features/category-picker), composed by the route. */
  renderCategoryPicker: (props: CategoryPickerSlotProps) => ReactNode;
  /** Stock column and badges (settings.showStockStatus). */
  showStock: boolean;
  /** Leave out products hidden from the storefront (settings.showInvisibleProducts off). */
  visibleOnly?: boolean;
  /** When the store was last synced (settings.lastSyncAt); undefined while unknown (offline). */
  lastSyncAt?: string | null;
}



const Header = memo(function Header() {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <div>
        <Title order={1}>Products</Title>
        <Text c="dimmed" mt={4}>
          Manage your store products and inventory
        </Text>
      </div>
      <Button component={Link} to="/work-orders/create" leftSection={<IconPlus size={16} aria-hidden="true" />}>
        Create Work Order
      </Button>
    </Group>
  );
});

/** 'N products found', the link to the category selectors, and the last sync. */
const ResultsSummary = memo(function ResultsSummary({ isLoading, total, lastSyncAt }: { isLoading: boolean; total: number; lastSyncAt?: string | null }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={500} aria-live="polite" data-testid="products-found">
        {isLoading ? 'Loading products...' : `${formatCount(total)} ${total === 1 ? 'product' : 'products'} found`}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to="/category-demo" size="sm">
          Compare Category Selectors
        </Anchor>
        {lastSyncAt !== undefined && (
          <Text size="sm" c="dimmed">
            Last sync: {lastSyncAt ? formatHistoryDate(lastSyncAt) : 'Never'}
          </Text>
        )}
      </Group>
    </Group>
  );
});

export function ProductsScreen({ syncControls, renderCategoryPicker, showStock, visibleOnly = false, lastSyncAt }: ProductsScreenProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // Read in the first render (not in an effect, Mantine's default): the first page shows as remembered.
  const [view, setView] = useLocalStorage<ProductsView>({ key: 'catalog-pilot:products-view', defaultValue: 'grid', getInitialValueInEffect: false });
  const [openId, setOpenId] = useState<number | null>(null);
  // Brand, price, stock, sale, visibility and SKU live in the URL (shared links, Back).
  const [productFilters, setProductFilters] = useProductFilterParams();
  const [columns, setColumns] = useProductColumns();
  // The prices shown and filtered: the catalog's or a price list's (the URL's `prices`).
  const [chosenPrices, setChosenPrices] = usePriceListParam();
  const priceLists = usePriceListChoices();
  const priceChoice = choiceInForce(priceLists, chosenPrices);
  const options = useMemo(() => priceOptions(priceLists, priceChoice), [priceLists, priceChoice]);
  const { prices: listPrices, loading: listLoading } = useListPrices(priceChoice);

  const categories = useCatalogCategories();
  const brands = useCatalogBrands();
  const query = useListedQuery({
    search,
    category: category ?? undefined,
    visibleOnly,
    filters: productFilters,
    prices: listPrices?.source ?? null,
    page,
    pageSize,
  });
  const { total } = query;
  // Seen through a price list: each product's prices in it, from its full row (the variants').
  const products = useMemo(
    () => (listPrices && query.rows ? query.products.map((p, i) => ({ ...p, listPricing: listPricing(query.rows![i]!, listPrices) })) : query.products),
    [listPrices, query.rows, query.products],
  );
  // Until the chosen list's prices are read, the catalog's answer is not shown as the list's.
  const isLoading = query.isLoading || listLoading;
  // Other filters: back to the first page (not on the first render: a shared link keeps its page 1 anyway).
  const filtersKey = JSON.stringify(productFilters);
  const [shownFilters, setShownFilters] = useState(filtersKey);
  if (shownFilters !== filtersKey) {
    setShownFilters(filtersKey);
    setPage(1);
  }

  // A page past the end (the results shrank after a pull): go to the last one.
  useEffect(() => {
    if (!isLoading && page !== clampPage(page, total, pageSize)) setPage(clampPage(page, total, pageSize));
  }, [isLoading, page, total, pageSize]);

  const filtered = search.trim() !== '' || category !== null || hasProductFilters(productFilters);
  const changeSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);
  const changeCategory = useCallback((value: string | null) => {
    setCategory(value);
    setPage(1);
  }, []);
  const changePageSize = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
  }, []);
  const changePrices = useCallback(
    (value: string) => {
      setChosenPrices(parseChoice(value));
      setPage(1);
    },
    [setChosenPrices],
  );
  const closePanel = useCallback(() => setOpenId(null), []);
  const clearFilters = useCallback(() => {
    setSearch('');
    setCategory(null);
    setPage(1);
    if (hasProductFilters(productFilters)) setProductFilters({});
  }, [productFilters, setProductFilters]);
  // The picker element changes only with its own inputs, so the memoized filters skip keystrokes.
  const categoryPicker = useMemo(
    () => renderCategoryPicker({ categories, value: category, onChange: changeCategory }),
    [renderCategoryPicker, categories, category, changeCategory],
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Header />
      {syncControls}
      <CatalogDownloadProgress />

      <div className={classes.toolbar} role="search" aria-label="Filter products">
        <SearchBox value={search} onChange={changeSearch} />
        <FilterControls categoryPicker={categoryPicker} filtered={filtered} onClear={clearFilters} view={view} onView={setView} />
        <PriceSourceSelect options={options} value={priceChoice ? choiceValue(priceChoice) : CATALOG_VALUE} onChange={changePrices} />
        <ColumnChooser value={columns} onChange={setColumns} />
        <ExportCsvButton run={exportCatalogCsv} />
      </div>
      <ProductFilterControls brands={brands} value={productFilters} onChange={setProductFilters} />

      <ResultsSummary isLoading={isLoading} total={total} lastSyncAt={lastSyncAt} />

      <ProductResults
        isLoading={isLoading}
        products={products}
        total={total}
        filtered={filtered}
        view={view}
        showStock={showStock}
        columns={columns}
        list={listPrices}
        onOpen={setOpenId}
      />

      <ProductsPagination
        page={page}
        pageSize={pageSize}
        total={total}
        onPage={setPage}
        onPageSize={changePageSize}
      />

      <ProductDetailPanel productId={openId} onClose={closePanel} />
    </Stack>
  );
}
