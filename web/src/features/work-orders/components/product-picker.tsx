/**
 * The create form's product picker over the device's catalog (src/local): search, category
 * filter, the product filters (brand, price, stock, on sale, visibility, SKU; kept in the URL as
 * on /products; through a price list the price and sale filters read its prices), Select All Visible, Select All Sale Items (every sale item matching the filters, not
 * only the loaded ones), Clear Filters, and 50 more products per 'Load More Products (page/total
 * pages)'. Nothing here waits for the network.
 */
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { joinCategoryPath, splitCategoryPath } from '@catalog/contracts/catalog';
import { PICKER_PAGE_SIZE } from '@catalog/contracts/products';
import { MAX_WORK_ORDER_ITEMS } from '@catalog/contracts/work-orders';
import { IconAdjustments, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { hasProductFilters } from '@catalog/contracts/product-filters';
import { ProductFilterControls } from '../../../components/product-filter-controls';
import {
  queryCatalog,
  useCatalogBrands,
  useCatalogCategories,
  useCatalogQuery,
  type LocalProduct,
} from '../../../local/catalog-query';
import { useProductFilterParams } from '../../../lib/product-filter-params';
import { useListPrices } from '../../../local/use-list-prices';
import { onListSale, type ListPrices } from '../utils/list-prices';
import { ProductPickerRow } from './product-picker-row';
import classes from './product-picker.module.css';

/**
 * The catalog's category paths with every parent level added ("Pet" for "Pet > Cats"), sorted:
 * filtering by a parent matches its subcategories, so a whole department is one choice.
 */
export function withParentCategories(paths: readonly string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const levels = splitCategoryPath(path);
    for (let i = 1; i <= levels.length; i++) all.add(joinCategoryPath(levels.slice(0, i)));
  }
  return [...all].sort((a, b) => a.localeCompare(b));
}

export interface ProductPickerProps {
  isSelected: (productId: number) => boolean;
  onToggle: (product: LocalProduct) => void;
  onSelect: (products: readonly LocalProduct[]) => void;
  /** The form's price list's records (issue 35): the rows show its prices (null: the catalog's). */
  list?: ListPrices | null;
}

export function ProductPicker({ isSelected, onToggle, onSelect, list = null }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [selectingSale, setSelectingSale] = useState(false);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 200);
  const leafCategories = useCatalogCategories();
  const categories = useMemo(() => withParentCategories(leafCategories), [leafCategories]);
  // Brand, price, stock, sale, visibility and SKU: in the URL, as on /products.
  const [productFilters, setProductFilters] = useProductFilterParams();
  const brands = useCatalogBrands();
  // Shown on demand (open at once when the URL has filters): the form stays light to render.
  const [showFilters, setShowFilters] = useState(() => hasProductFilters(productFilters));
  const filtersKey = JSON.stringify(productFilters);
  const [shownFilters, setShownFilters] = useState(filtersKey);
  if (shownFilters !== filtersKey) {
    setShownFilters(filtersKey);
    setPages(1);
  }
  // Through a price list the price and sale filters read its prices, as on /products (null while read).
  const source = useListPrices(list?.target ?? null).prices?.source ?? null;
  // Pages accumulate: page 1 with N pages' worth, so Load More appends without losing the rest.
  const { products, total, isLoading } = useCatalogQuery({
    search: debouncedSearch || undefined,
    category: category ?? undefined,
    filters: productFilters,
    prices: source,
    page: 1,
    pageSize: PICKER_PAGE_SIZE * pages,
  });
  const totalPages = Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));
  const filtered = !!search.trim() || category !== null || hasProductFilters(productFilters);

  const selectAllSale = async () => {
    setSelectingSale(true);
    try {
      const { products: found } = await queryCatalog({
        search: debouncedSearch || undefined,
        category: category ?? undefined,
        // Through a price list (issue 35) what is on sale is the list's: the index reads its prices;
        // until they are read, every match is read and the list's sale items kept.
        saleOnly: !list || source !== null,
        filters: productFilters,
        prices: source,
        page: 1,
        pageSize: MAX_WORK_ORDER_ITEMS,
      });
      const onSale = list ? found.filter((p) => onListSale(list, p)) : found;
      onSelect(onSale);
      notifications.show({
        color: onSale.length ? 'green' : 'yellow',
        message: onSale.length
          ? `Selected ${onSale.length.toLocaleString('en-US')} sale ${onSale.length === 1 ? 'item' : 'items'}`
          : 'No sale items match the filters',
      });
    } finally {
      setSelectingSale(false);
    }
  };

  const clearFilters = () => {
    setSearch('');
    setCategory(null);
    setPages(1);
    if (hasProductFilters(productFilters)) setProductFilters({});
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="product-picker-title">
      <Title order={2} size="h4" id="product-picker-title">
        Select Products
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        <TextInput
          type="search"
          label="Search"
          placeholder="Search products..."
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPages(1);
          }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={categories}
          value={category}
          onChange={(value) => {
            setCategory(value);
            setPages(1);
          }}
          searchable
          clearable
          nothingFoundMessage="No category matches"
        />
      </SimpleGrid>
      {(showFilters || hasProductFilters(productFilters)) && (
        <div id="product-picker-filters" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <ProductFilterControls brands={brands} value={productFilters} onChange={setProductFilters} size="xs" />
        </div>
      )}
      <Group gap="xs" mt="sm" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconAdjustments size={14} aria-hidden="true" />}
          onClick={() => setShowFilters((shown) => !shown)}
          aria-expanded={showFilters || hasProductFilters(productFilters)}
          aria-controls="product-picker-filters"
          disabled={hasProductFilters(productFilters)}
        >
          More Filters
        </Button>
        <Button size="xs" variant="default" onClick={() => onSelect(products)} disabled={products.length === 0}>
          Select All Visible
        </Button>
        <Button size="xs" variant="default" onClick={() => void selectAllSale()} loading={selectingSale} disabled={total === 0}>
          Select All Sale Items
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFilterOff size={14} aria-hidden="true" />}
          onClick={clearFilters}
          disabled={!filtered}
        >
          Clear Filters
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" role="status">
        {isLoading
          ? 'Loading products...'
          : `Showing ${products.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`}
      </Text>

      {isLoading && products.length === 0 ? (
        <Stack gap="xs" mt="sm" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} radius="sm" />
          ))}
        </Stack>
      ) : products.length === 0 ? (
        <Alert color="gray" variant="light" mt="sm" title="No products found">
          {filtered ? (
            'Try adjusting your filters'
          ) : (
            <>
              Sync products from your store on the{' '}
              <Anchor component={Link} to="/products">
                Products
              </Anchor>{' '}
              screen to get started.
            </>
          )}
        </Alert>
      ) : (
        <ul className={classes.list} aria-label="Products" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          {products.map((product) => (
            <ProductPickerRow key={product.id} product={product} selected={isSelected(product.id)} onToggle={onToggle} list={list} />
          ))}
        </ul>
      )}

      {pages < totalPages && products.length > 0 && (
        <Button variant="default" fullWidth mt="sm" onClick={() => setPages((p) => p + 1)}>
          Load More Products ({pages}/{totalPages})
        </Button>
      )}
    </Paper>
  );
}
