/**
 * The product's price history (GET /api/products/{id}/price-history, newest first): when
 * ('MMM d, h:mm a'), the change type, the variant it was for, and old -> new prices, with a
 * small chart of the price over time; "Export CSV" downloads the whole history as a file. The
 * newest changes come first, older ones with "Load more" (issue 31); the chart draws those shown.
 */
import { skuLabel } from '@catalog/contracts/catalog';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { PriceHistoryEntry } from '@catalog/contracts/products';
import type { ReplicatedVariant } from '@catalog/contracts/replication';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LoadMore } from '../../../components/load-more';
import { exportPriceHistoryCsv } from '../api/export-csv';
import { usePriceHistory } from '../api/get-price-history';
import { changeTypeLabel, formatHistoryDate } from '../utils/format-history';
import { formatPrice } from '../utils/product-pricing';
import classes from './price-history.module.css';
import { Pill } from './pill';
import { ExportCsvButton } from './export-csv-button';
import { PriceHistoryChart } from './price-history-chart';

function Change({ label, from, to }: { label: string; from: string | null; to: string | null }) {
  if (from === to) return null;
  return (
    <Text size="sm">
      {label}: {formatPrice(from)} → {formatPrice(to)}
    </Text>
  );
}

function Entry({ entry, variants }: { entry: PriceHistoryEntry; variants: ReplicatedVariant[] }) {
  const variant = entry.variantId === null ? null : variants.find((v) => v.id === entry.variantId);
  return (
    <li className={classes.entry}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {formatHistoryDate(entry.createdAt)}
        </Text>
        <Group gap={6}>
          {entry.variantId !== null && <Pill tone="gray">Variant {variant ? skuLabel(variant.variantSku) : entry.variantId}</Pill>}
          <Pill tone={entry.changeType === 'manual' ? 'blue' : entry.changeType === 'work_order' || entry.changeType === 'undo' ? 'grape' : 'gray'}>
            {changeTypeLabel(entry.changeType)}
          </Pill>
        </Group>
      </Group>
      <Change label="Regular" from={entry.oldRegularPrice} to={entry.newRegularPrice} />
      <Change label="Sale" from={entry.oldSalePrice} to={entry.newSalePrice} />
      <Change label="Retail (MSRP)" from={entry.oldRetailPrice ?? null} to={entry.newRetailPrice ?? null} />
      {entry.approvedBy !== undefined && (
        <Text size="sm" c="dimmed">
          Approved by {entry.approvedBy ?? 'a former team member'}
        </Text>
      )}
    </li>
  );
}

export function PriceHistory({ productId, variants }: { productId: number; variants: ReplicatedVariant[] }) {
  const { error, isLoading, history } = usePriceHistory(productId);
  const data = history.items;
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          Price History
        </Title>
        {data && data.length > 0 && (
          <ExportCsvButton run={() => exportPriceHistoryCsv(productId)} size="compact-sm" variant="subtle" ariaLabel="Export price history as CSV" />
        )}
      </Group>
      {isLoading ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading price history...
          </Text>
        </Group>
      ) : error && !data ? (
        <Text size="sm" c="dimmed">
          Price history could not be loaded: {getErrorMessage(error, 'Failed to load price history')}
        </Text>
      ) : !data?.length ? (
        <Text size="sm" c="dimmed">
          No price changes yet.
        </Text>
      ) : (
        <>
          <PriceHistoryChart entries={data} />
          <ul className={classes.list} aria-label="Price changes">
            {data.map((entry) => (
              <Entry key={entry.id} entry={entry} variants={variants} />
            ))}
          </ul>
          <LoadMore list={history} what="price changes" />
        </>
      )}
    </Stack>
  );
}
