/**
 * "Storage on this device": what Catalog Pilot keeps in this browser for offline use. Space used
 * of the browser's quota (navigator.storage.estimate()), whether the storage is persistent
 * (navigator.storage.persisted(): the browser will not clear it under storage pressure), and how
 * many products the local catalog holds. Read again when the catalog's size changes.
 */
import { Box, Paper, Progress, Skeleton, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCatalogStatus } from '../../../local/catalog-query';
import { estimateStorage, formatBytes, type StorageEstimate } from '../../../local/storage';
import { DetailRow } from './detail-row';
import { formatCount } from '../../../lib/format-number';


/** "12.5 MB of 2 GB", "12.5 MB", or "Unknown". */
export function usageText({ usage, quota }: Pick<StorageEstimate, 'usage' | 'quota'>): string {
  if (usage === null) return 'Unknown';
  return quota ? `${formatBytes(usage)} of ${formatBytes(quota)}` : formatBytes(usage);
}

export function persistenceText(persisted: boolean | null): string {
  if (persisted === null) return 'Unknown';
  return persisted ? 'Yes' : 'No';
}

export function StorageCard() {
  const { productCount, ready } = useCatalogStatus();
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);

  useEffect(() => {
    let current = true;
    void estimateStorage().then((next) => current && setEstimate(next));
    return () => {
      current = false;
    };
  }, [productCount]);

  const share = estimate?.usage != null && estimate.quota ? Math.min(100, (estimate.usage / estimate.quota) * 100) : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="storage-title">
      <Title order={2} size="h3" id="storage-title">
        Storage on this device
      </Title>
      <Text size="sm" c="dimmed" mt={2}>
        Your catalog, drafts and queued changes are kept in this browser so they work offline.
      </Text>
      {estimate === null ? (
        <Skeleton height={110} mt="md" />
      ) : (
        <>
          {share !== null && (
            <Progress.Root mt="md" size="sm">
              {/* Mantine's own aria-valuetext ('0.25%') is replaced by the figures shown below. */}
              <Progress.Section value={share} withAria={false} role="progressbar" aria-label="Storage used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)} aria-valuetext={usageText(estimate)} />
            </Progress.Root>
          )}
          <Box component="dl" mt="sm" mb={0}>
            <DetailRow label="Storage used">{usageText(estimate)}</DetailRow>
            <DetailRow label="Persistent storage">{persistenceText(estimate.persisted)}</DetailRow>
            <DetailRow label="Products stored locally">{ready ? formatCount(productCount) : '—'}</DetailRow>
          </Box>
          {estimate.persisted === false && (
            <Text size="sm" c="dimmed" mt="xs">
              The browser may clear this data when the device runs low on space; installing the app
              makes that less likely.
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
