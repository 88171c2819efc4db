/**
 * The table of a comparison: each item that differs, its prices in the backup and now side by
 * side (a price list's record with its sale, retail and MAP prices, or "No record"), what changed
 * it since, and a checkbox to choose it for a restore. A line a restore leaves (a record whose
 * MAP price alone differs) says why and cannot be chosen; a record made since is removed by it.
 */
import type { BackupDiffItem } from '@catalog/contracts/backups';
import { Checkbox, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { changeText, itemKey, itemLabel, notRestoredText, priceLabel, recordPriceLabel } from '../utils/backup-text';

function Prices({ item, side, records }: { item: BackupDiffItem; side: 'backup' | 'current'; records: boolean }) {
  const prices = item[side];
  const other = item[side === 'backup' ? 'current' : 'backup'];
  if (!prices) {
    return (
      <Text size="sm" c="dimmed" fw={600}>
        No record
      </Text>
    );
  }
  const differs = (key: 'regularPrice' | 'salePrice' | 'retailPrice' | 'mapPrice') => !other || prices[key] !== other[key];
  const weight = (key: Parameters<typeof differs>[0]) => (differs(key) ? 600 : undefined);
  const tone = (key: Parameters<typeof differs>[0]) => (differs(key) ? undefined : 'dimmed');
  if (!records) {
    return (
      <Stack gap={0}>
        <Text size="sm" fw={weight('regularPrice')}>
          {priceLabel(prices.regularPrice, item, 'regular')}
        </Text>
        <Text size="xs" c={tone('salePrice')} fw={weight('salePrice')}>
          Sale: {priceLabel(prices.salePrice, item, 'sale')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={weight('regularPrice')}>
        {recordPriceLabel(prices.regularPrice, 'regular')}
      </Text>
      <Text size="xs" c={tone('salePrice')} fw={weight('salePrice')}>
        Sale: {recordPriceLabel(prices.salePrice, 'sale')}
      </Text>
      <Text size="xs" c={tone('retailPrice')} fw={weight('retailPrice')}>
        Retail: {recordPriceLabel(prices.retailPrice, 'retail')}
      </Text>
      <Text size="xs" c={tone('mapPrice')} fw={weight('mapPrice')}>
        MAP: {recordPriceLabel(prices.mapPrice, 'map')}
      </Text>
    </Stack>
  );
}

export interface BackupDiffTableProps {
  rows: readonly BackupDiffItem[];
  /** A price list's records (issue 35): four prices a line, and lines a restore leaves. */
  records: boolean;
  selected: ReadonlySet<string>;
  onSelect: (next: ReadonlySet<string>) => void;
}

export function BackupDiffTable({ rows, records, selected, onSelect }: BackupDiffTableProps) {
  const choosable = rows.filter((i) => i.restorable);
  const allListed = choosable.length > 0 && choosable.every((i) => selected.has(itemKey(i)));
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  return (
    <ScrollArea.Autosize mah={560} type="auto">
      <Table striped verticalSpacing={6} fz="sm" aria-label="Prices that differ" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select every listed item"
                checked={allListed}
                disabled={choosable.length === 0}
                indeterminate={!allListed && choosable.some((i) => selected.has(itemKey(i)))}
                onChange={() => onSelect(allListed ? new Set() : new Set(choosable.map(itemKey)))}
              />
            </Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>In the backup</Table.Th>
            <Table.Th>Now</Table.Th>
            <Table.Th>Changed since by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const key = itemKey(item);
            const left = notRestoredText(item);
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Checkbox aria-label={`Select ${itemLabel(item)}`} checked={selected.has(key)} disabled={!item.restorable} onChange={() => toggle(key)} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{item.name}</Text>
                  <Text size="xs" c="dimmed">
                    {item.variantId !== null ? `Variant ${item.sku || item.variantId}` : item.sku || `Product ${item.productId}`}
                  </Text>
                  {left && (
                    <Text size="xs" c="orange.8">
                      Not restored: {left}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Prices item={item} side="backup" records={records} />
                </Table.Td>
                <Table.Td>
                  <Prices item={item} side="current" records={records} />
                </Table.Td>
                <Table.Td>
                  {item.changes.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      Not in the price history
                    </Text>
                  ) : (
                    <Stack gap={0}>
                      {item.changes.slice(0, 2).map((c, n) => (
                        <Text key={n} size="xs">
                          {changeText(c)}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
