/** A category picker as one searchable list of full paths ("Clothing > Shirts"). */
import { Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ALL_CATEGORIES, type CategoryPickerProps } from './category-picker-props';
import { buildCategoryTree, flattenCategories } from '../utils/category-tree';
import { useMemo } from 'react';

export function CategorySearchPicker({ categories, value, onChange, label = 'Category' }: CategoryPickerProps) {
  // Every level, parents included, so a whole branch can be chosen.
  const data = useMemo(() => flattenCategories(buildCategoryTree(categories)).map((n) => n.path), [categories]);
  return (
    <Select
      label={label}
      placeholder={ALL_CATEGORIES}
      data={data}
      value={value}
      onChange={(path) => onChange(path)}
      searchable
      clearable
      limit={200}
      nothingFoundMessage="No matching category"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
    />
  );
}
