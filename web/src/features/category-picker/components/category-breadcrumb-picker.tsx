/**
 * The recommended category picker: a drill-down with a breadcrumb. The button shows the trail
 * of the selected category; its panel lists the current level's subcategories. Choosing one
 * selects it (the list filters at once) and goes down into it; a breadcrumb step goes back up.
 */
import { Breadcrumbs, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Deferred } from '../../../components/deferred';
import { buildCategoryTree, categoryName, categoryTrail, findCategory, type CategoryNode } from '../utils/category-tree';
import classes from './category-picker.module.css';
import { ALL_CATEGORIES, type CategoryPickerProps } from './category-picker-props';

export function CategoryBreadcrumbPicker({ categories, value, onChange, label = 'Category' }: CategoryPickerProps) {
  const roots = useMemo(() => buildCategoryTree(categories), [categories]);
  const [opened, setOpened] = useState(false);
  /** The level whose subcategories the panel lists (null: the top level). */
  const [browsing, setBrowsing] = useState<string | null>(null);
  const listId = useId();

  const open = () => {
    // Open where the selection is: inside it when it has subcategories, else beside it.
    const selected = findCategory(roots, value);
    const trail = categoryTrail(value);
    setBrowsing(selected?.children.length ? selected.path : (trail.at(-2) ?? null));
    setOpened(true);
  };

  const current = browsing ? findCategory(roots, browsing) : null;
  const options: CategoryNode[] = current ? current.children : roots;
  const trail = categoryTrail(browsing);

  const choose = (node: CategoryNode) => {
    onChange(node.path);
    if (node.children.length) setBrowsing(node.path);
    else setOpened(false);
  };
  const goTo = (path: string | null) => {
    setBrowsing(path);
    onChange(path);
  };

  const summary = value ? categoryTrail(value).map(categoryName).join(' › ') : ALL_CATEGORIES;

  const target = (onClick: () => void) => (
    <Button
      variant="default"
      onClick={onClick}
      rightSection={<IconChevronDown size={16} aria-hidden="true" />}
      aria-label={`${label}: ${value ?? ALL_CATEGORIES}`}
      aria-haspopup="dialog"
      aria-expanded={opened}
      className={classes.target}
      justify="space-between"
    >
      <span className={classes.targetText}>{summary}</span>
    </Button>
  );

  return (
    // In the app's first screen the popover's machinery comes at the first press (Deferred).
    <Deferred
      until="press"
      plain={(activate) =>
        target(() => {
          activate();
          open();
        })
      }
    >
      <Popover opened={opened} onChange={setOpened} position="bottom-start" width={320} shadow="md" trapFocus returnFocus>
        <Popover.Target>{target(() => (opened ? setOpened(false) : open()))}</Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden="true" />} separatorMargin={4} className={classes.crumbs}>
              <UnstyledButton className={classes.crumb} onClick={() => goTo(null)} aria-current={browsing === null ? 'location' : undefined}>
                {ALL_CATEGORIES}
              </UnstyledButton>
              {trail.map((path) => (
                <UnstyledButton key={path} className={classes.crumb} onClick={() => goTo(path)} aria-current={browsing === path ? 'location' : undefined}>
                  {categoryName(path)}
                </UnstyledButton>
              ))}
            </Breadcrumbs>
            {options.length === 0 ? (
              <Text size="sm" c="dimmed">
                No subcategories
              </Text>
            ) : (
              <ul className={classes.list} id={listId} aria-label={current ? `Subcategories of ${current.name}` : 'Categories'}>
                {options.map((node) => (
                  <li key={node.path}>
                    <UnstyledButton
                      className={classes.option}
                      data-selected={node.path === value || undefined}
                      aria-pressed={node.path === value}
                      onClick={() => choose(node)}
                    >
                      <Group gap="xs" wrap="nowrap" justify="space-between">
                        <Group gap={6} wrap="nowrap">
                          {node.path === value ? <IconCheck size={14} aria-hidden="true" /> : <span className={classes.checkSpace} />}
                          <span>{node.name}</span>
                        </Group>
                        {node.children.length > 0 && (
                          <Text span size="xs" c="dimmed">
                            {node.children.length}
                            <VisuallyHidden> subcategories</VisuallyHidden>
                            <IconChevronRight size={12} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
                          </Text>
                        )}
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Deferred>
  );
}
