/**
 * /category-demo: the four category selector styles side by side over the same categories (the
 * store's, or a sample tree while it has none), each with what it selected, and why the
 * drill-down breadcrumb is the one the products screen uses.
 */
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { SAMPLE_CATEGORIES } from '../utils/sample-categories';
import { CategoryBreadcrumbPicker } from './category-breadcrumb-picker';
import { CategoryCascadePicker } from './category-cascade-picker';
import { ALL_CATEGORIES, type CategoryPickerProps } from './category-picker-props';
import { CategorySearchPicker } from './category-search-picker';
import { CategoryTreePicker } from './category-tree-picker';

interface Variant {
  title: string;
  description: string;
  recommended?: boolean;
  Picker: (props: CategoryPickerProps) => ReactNode;
}

const VARIANTS: Variant[] = [
  {
    title: 'Drill-down breadcrumb',
    description: 'One level at a time, with the path always visible. Compact, works with touch and keyboards, and scales to deep trees.',
    recommended: true,
    Picker: CategoryBreadcrumbPicker,
  },
  {
    title: 'Searchable flat list',
    description: 'Every full path in one list you can type into. Fast when you know the name; long paths get hard to scan.',
    Picker: CategorySearchPicker,
  },
  {
    title: 'Cascading selects',
    description: 'One dropdown per level. Familiar, but takes a row of space and several clicks per change.',
    Picker: CategoryCascadePicker,
  },
  {
    title: 'Expandable tree',
    description: 'The whole hierarchy at a glance. Needs height, and gets crowded on phones with large catalogs.',
    Picker: CategoryTreePicker,
  },
];

function DemoCard({ variant, categories }: { variant: Variant; categories: readonly string[] }) {
  const [value, setValue] = useState<string | null>(null);
  const { Picker } = variant;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={variant.title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {variant.title}
          </Title>
          {variant.recommended && <Badge>Recommended</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {variant.description}
        </Text>
        <Picker categories={categories} value={value} onChange={setValue} label={`Category (${variant.title})`} />
        <Text size="sm">
          Selected: <strong>{value ?? ALL_CATEGORIES}</strong>
        </Text>
      </Stack>
    </Card>
  );
}

export function CategoryDemo({ categories }: { categories: readonly string[] }) {
  const usingSamples = categories.length === 0;
  const shown = usingSamples ? SAMPLE_CATEGORIES : categories;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Compare Category Selectors</Title>
        <Text c="dimmed" mt={4}>
          Four ways to pick a category, side by side over the same categories.
        </Text>
      </div>
      <Alert
        variant="light"
        icon={<IconInfoCircle aria-hidden="true" />}
        title="Our recommendation: the drill-down breadcrumb"
        // The light variant's title colour is under 4.5:1 on its background in the light scheme.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        It shows where you are, takes one row of space, and stays usable on a phone and with thousands of categories. The products screen uses it.
      </Alert>
      {usingSamples && (
        <Text size="sm" c="dimmed">
          Your store has no categories yet, so these use sample categories.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {VARIANTS.map((variant) => (
          <DemoCard key={variant.title} variant={variant} categories={shown} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
