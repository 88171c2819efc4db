/**
 * The first pull of a large catalog into this device: 'Downloading catalog… n of N' with a
 * progress bar, until every page is stored. Later pulls are small and show nothing.
 */
import { Paper, Progress, Text } from '@mantine/core';
import { useCatalogStatus } from '../../../local/catalog-query';

const count = new Intl.NumberFormat('en-US');

export function CatalogDownloadProgress() {
  const { progress } = useCatalogStatus();
  if (!progress?.initial || progress.total === 0) return null;
  const percent = Math.min(100, Math.round((progress.done / progress.total) * 100));
  const label = `Downloading catalog… ${count.format(progress.done)} of ${count.format(progress.total)}`;
  return (
    <Paper withBorder radius="md" p="sm" role="status">
      <Text size="sm" mb={6}>
        {label}
      </Text>
      <Progress value={percent} aria-label="Catalog download" animated />
    </Paper>
  );
}
