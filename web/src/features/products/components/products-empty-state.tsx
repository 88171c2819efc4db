/** No products to show: because of the filters, or because nothing was synced yet. */
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';

export const FILTERED_HINT = 'Try adjusting your filters';
export const EMPTY_CATALOG_HINT = 'Sync products from the commerce platform to get started';

export function ProductsEmptyState({ filtered }: { filtered: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" size="xl" radius="xl" color="gray" aria-hidden="true">
          <IconPackageOff size={22} />
        </ThemeIcon>
        <Text fw={600}>No products found</Text>
        <Text size="sm" c="dimmed" ta="center">
          {filtered ? FILTERED_HINT : EMPTY_CATALOG_HINT}
        </Text>
      </Stack>
    </Paper>
  );
}
