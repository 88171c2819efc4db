/**
 * The products screen's filters: the search box, the category picker (composed by the route),
 * Clear Filters, the grid/list toggle and the "Prices:" select (the catalog's or a price list's,
 * issue 35). The parts are memoized, so a keystroke re-renders the search box only.
 */
import { Button, CloseButton, NativeSelect, TextInput, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import type { PriceOption } from '../hooks/use-list-prices';
import type { ProductsView } from './product-results';
import classes from './products.module.css';

export const SearchBox = memo(function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      className={classes.search}
      label={<VisuallyHidden>Search products</VisuallyHidden>}
      placeholder="Search products..."
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null}
      type="search"
    />
  );
});

const VIEWS = [
  { value: 'grid', label: 'Grid', icon: IconLayoutGrid },
  { value: 'list', label: 'List', icon: IconList },
] as const;

/**
 * Grid or list: two radios drawn as a segmented control. Plain elements styled by the module
 * rather than Mantine's SegmentedControl, whose sliding indicator measures the layout when it
 * mounts (a forced layout of the whole screen on every open of /products).
 */
function ViewToggle({ view, onView }: { view: ProductsView; onView: (view: ProductsView) => void }) {
  return (
    <div role="radiogroup" aria-label="View" className={classes.views}>
      {VIEWS.map(({ value, label, icon: ViewIcon }) => (
        <label key={value} className={classes.view} data-active={view === value || undefined}>
          <input
            type="radio"
            name="products-view"
            value={value}
            checked={view === value}
            onChange={() => onView(value)}
            className={classes.viewInput}
          />
          <ViewIcon size={16} aria-hidden="true" />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

export interface FilterControlsProps {
  categoryPicker: ReactNode;
  filtered: boolean;
  onClear: () => void;
  view: ProductsView;
  onView: (view: ProductsView) => void;
}

export const FilterControls = memo(function FilterControls({ categoryPicker, filtered, onClear, view, onView }: FilterControlsProps) {
  return (
    <>
      {categoryPicker}
      <Button variant="default" onClick={onClear} disabled={!filtered}>
        Clear Filters
      </Button>
      <ViewToggle view={view} onView={onView} />
    </>
  );
});

export interface PriceSourceSelectProps {
  /** "Catalog", then each price list and currency ("Wholesale (USD)"). */
  options: readonly PriceOption[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * Whose prices the cards, the table and the price filters show: the catalog's or one price list
 * and currency's. A native select, as the filters' short lists are (no dropdown machinery).
 */
export const PriceSourceSelect = memo(function PriceSourceSelect({ options, value, onChange }: PriceSourceSelectProps) {
  return (
    <NativeSelect
      label="Prices:"
      data={options as PriceOption[]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
});
