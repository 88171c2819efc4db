/**
 * A category picker as cascading selects: one select per level, each offering the
 * subcategories of the level above. Clearing a level selects its parent again.
 */
import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { buildCategoryTree, categoryTrail, findCategory, type CategoryNode } from '../utils/category-tree';
import { ALL_CATEGORIES, type CategoryPickerProps } from './category-picker-props';

export function CategoryCascadePicker({ categories, value, onChange, label = 'Category' }: CategoryPickerProps) {
  const roots = useMemo(() => buildCategoryTree(categories), [categories]);
  const trail = categoryTrail(value);

  // One select per level of the selection, plus one for the next level when there is one.
  const levels: Array<{ options: CategoryNode[]; selected: string | null; parent: string | null }> = [];
  let options = roots;
  let parent: string | null = null;
  for (let i = 0; options.length > 0; i++) {
    const selected = trail[i] ?? null;
    levels.push({ options, selected, parent });
    if (!selected) break;
    const node = findCategory(roots, selected);
    options = node?.children ?? [];
    parent = selected;
  }

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {levels.map((level, i) => (
        <Select
          key={level.parent ?? ''}
          label={i === 0 ? label : `Level ${i + 1}`}
          placeholder={i === 0 ? ALL_CATEGORIES : 'All subcategories'}
          data={level.options.map((n) => ({ value: n.path, label: n.name }))}
          value={level.selected}
          onChange={(path) => onChange(path ?? level.parent)}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      ))}
    </Group>
  );
}
