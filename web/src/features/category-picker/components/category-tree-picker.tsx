/**
 * A category picker as an expandable tree; choosing a node (click, or Enter on the focused
 * node) selects that branch. Arrow keys move and open or close nodes (Mantine's Tree).
 */
import { Group, Text, Tree, UnstyledButton, getTreeExpandedState, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useMemo, type KeyboardEvent } from 'react';
import { buildCategoryTree, categoryTrail, type CategoryNode } from '../utils/category-tree';
import classes from './category-picker.module.css';
import { ALL_CATEGORIES, type CategoryPickerProps } from './category-picker-props';

const toTreeData = (nodes: CategoryNode[]): TreeNodeData[] =>
  nodes.map((n) => ({ value: n.path, label: n.name, children: n.children.length ? toTreeData(n.children) : undefined }));

export function CategoryTreePicker({ categories, value, onChange, label = 'Category' }: CategoryPickerProps) {
  const labelId = useId();
  const data = useMemo(() => toTreeData(buildCategoryTree(categories)), [categories]);
  // Open down to the selection (its parents).
  const tree = useTree({
    initialExpandedState: getTreeExpandedState(data, categoryTrail(value).slice(0, -1)),
    initialSelectedState: value ? [value] : [],
  });
  const { setSelectedState } = tree;
  useEffect(() => setSelectedState(value ? [value] : []), [value, setSelectedState]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'Enter') return;
    const path = (event.target as HTMLElement).closest<HTMLElement>('[role=treeitem]')?.dataset.value;
    if (!path) return;
    event.preventDefault();
    onChange(path);
  };

  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <UnstyledButton className={classes.crumb} onClick={() => onChange(null)} aria-pressed={value === null}>
          {ALL_CATEGORIES}
        </UnstyledButton>
      </Group>
      <div className={classes.treeScroll}>
        <Tree
          data={data}
          tree={tree}
          aria-labelledby={labelId}
          levelOffset="md"
          expandOnClick={false}
          onKeyDown={onKeyDown}
          renderNode={({ node, expanded, hasChildren, elementProps }) => (
            <div
              {...elementProps}
              className={`${elementProps.className} ${classes.treeNode}`}
              data-current={node.value === value || undefined}
              onClick={(event) => {
                elementProps.onClick(event);
                if (hasChildren) tree.toggleExpanded(node.value);
                onChange(node.value);
              }}
            >
              <IconChevronRight
                size={14}
                aria-hidden="true"
                style={{ visibility: hasChildren ? 'visible' : 'hidden', transform: expanded ? 'rotate(90deg)' : undefined }}
              />
              <span>{node.label}</span>
            </div>
          )}
        />
      </div>
    </div>
  );
}
