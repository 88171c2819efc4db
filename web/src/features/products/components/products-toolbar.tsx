/**
 * The products screen's filters: the search box, the category picker (composed by the route),
 * Clear Filters and the grid/list toggle. The parts are memoized, so a keystroke re-renders
 * the search box only.
 */
import { Button, CloseButton, Group, SegmentedControl, TextInput, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
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
  { value: 'grid', label: <Group gap={4} wrap="nowrap"><IconLayoutGrid size={16} aria-hidden="true" /><span>Grid</span></Group> },
  { value: 'list', label: <Group gap={4} wrap="nowrap"><IconList size={16} aria-hidden="true" /><span>List</span></Group> },
];

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
      <SegmentedControl aria-label="View" value={view} onChange={(v) => onView(v as ProductsView)} data={VIEWS} />
    </>
  );
});
