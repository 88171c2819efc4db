/**
 * The product filters (brand, price range, stock, on sale, visibility, SKU) kept in the URL's
 * search parameters, as GET /api/products names them: a shared link or the back button brings
 * the same filtered list. Read leniently (a hand-edited value that does not parse is left out,
 * the rest still filters) and written canonically (contracts productFiltersToParams); other
 * parameters of the URL are kept as they are.
 */
import {
  PRODUCT_FILTER_KEYS, ProductFilterFields, ProductFilters, productFiltersToParams, type ProductFilters as Filters,
} from '@catalog/contracts/product-filters';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The filters a URL's search parameters hold; fields that do not parse are left out. */
export function readProductFilters(params: URLSearchParams): Filters {
  const raw: Record<string, string> = {};
  for (const key of PRODUCT_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  // No filter in the URL (nearly every visit): nothing to check, and the schema is not built
  // (its first use costs ~10 ms, in the render of the products screen's first page).
  if (Object.keys(raw).length === 0) return {};
  const whole = ProductFilters.safeParse(raw);
  if (whole.success) return whole.data;
  const out: Record<string, unknown> = {};
  for (const key of PRODUCT_FILTER_KEYS) {
    if (!(key in raw)) continue;
    const field = ProductFilterFields.shape[key].safeParse(raw[key]);
    if (field.success && field.data !== undefined) out[key] = field.data;
  }
  const lenient = out as Filters;
  // A minimum above the maximum: the maximum stands.
  if (lenient.priceMin !== undefined && lenient.priceMax !== undefined && lenient.priceMin > lenient.priceMax) delete lenient.priceMin;
  return lenient;
}

/** `params` with the filter parameters replaced by `filters` (the others kept, in their order). */
export function writeProductFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams();
  const ours = new Set<string>(PRODUCT_FILTER_KEYS);
  for (const [key, value] of params) if (!ours.has(key)) next.append(key, value);
  for (const [key, value] of productFiltersToParams(filters)) next.append(key, value);
  return next;
}

/**
 * The filters of the current URL and a setter that writes them (a new history entry, so Back
 * returns to the previous filters). The filters object keeps its identity while the URL's
 * filters are unchanged.
 */
export function useProductFilterParams(): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const key = new URLSearchParams(productFiltersToParams(readProductFilters(params))).toString();
  // `key` stands for the filters the params hold: the object changes only when they do.
  const filters = useMemo(() => readProductFilters(new URLSearchParams(key)), [key]);
  const setFilters = useCallback(
    (next: Filters) => setParams((current) => writeProductFilters(current, next), { preventScrollReset: true }),
    [setParams],
  );
  return [filters, setFilters];
}
