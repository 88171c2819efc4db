/**
 * The first pull of a large catalog into this device: 'Downloading catalog… n of N' with a
 * progress bar, until every page is stored. Later pulls are small and show nothing, unless one
 * failed: then a note says the device's copy may be behind (it is still shown and searchable).
 *
 * The bar is not `animated`: its moving stripes repaint every frame on the main thread that is
 * busy storing the pull (a trace of a first pull of 100,000 products: ~3 s of paint, layerize and
 * style in ~25 s). It moves as pages are stored.
 */
import { Paper, Progress, Text } from '@mantine/core';
import { memo } from 'react';
import { useCatalogStatus } from '../../../local/catalog-query';
import { formatCount } from '../../../lib/format-number';

export const CatalogDownloadProgress = memo(function CatalogDownloadProgress() {
  const { progress, error } = useCatalogStatus();
  if (error && !progress) {
    return (
      <Text size="sm" c="dimmed" role="status">
        The catalog on this device could not be updated ({error}). It shows the products as last downloaded.
      </Text>
    );
  }
  if (!progress?.initial || progress.total === 0) return null;
  const percent = Math.min(100, Math.round((progress.done / progress.total) * 100));
  const label = `Downloading catalog… ${formatCount(progress.done)} of ${formatCount(progress.total)}`;
  return (
    <Paper withBorder radius="md" p="sm" role="status">
      <Text size="sm" mb={6}>
        {label}
      </Text>
      <Progress value={percent} aria-label="Catalog download" />
    </Paper>
  );
});
