/**
 * "Import prices from CSV": choose a file, see what it would do (utils/csv-import.ts: price
 * changes old -> new, unchanged rows skipped, unknown SKUs, duplicate rows, invalid prices,
 * each with its line), then apply it to the form. Everything runs on the device, offline too;
 * a refused file says why and changes nothing. A price list's file (its `price_list` and
 * `currency` columns, issue 35) is read against the device's copy of the price lists, and
 * applying it hands the form its list and currency (the preview's `target`) with the prices.
 */
import { Alert, Button, FileInput, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useScreenQuery } from '../../../lib/media-query';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { getWholeCatalog } from '../../../local/catalog-query';
import { devicePriceLists } from '../../../local/device-price-lists';
import { readPriceListState } from '../../../local/price-list-pull';
import { readListRecords } from '../../../local/price-list-read';
import {
  catalogLookup, previewCsvFileWithLists, type CatalogLookup, type FilePreview, type ImportPreview, type ImportPriceLists, type MatchedRow,
} from '../utils/csv-import';
import { priceText } from '../utils/price-targets';
import tones from './tones.module.css';

/** Rows listed per section; the counts always cover them all. */
const LISTED_ROWS = 200;

export const IMPORT_REFUSED_TITLE = 'This file cannot be imported';

export interface CsvImportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The preview applied: importedItems(preview) gives the products, the drafts and, for a price list's file, its `target`. */
  onApply: (preview: ImportPreview) => void;
}

/** The device's price lists (local/device-price-lists.ts) as an import reads them; null: no copy on the device. */
async function devicePriceListsForImport(): Promise<ImportPriceLists | null> {
  const db = await devicePriceLists.db();
  if (!db) return null;
  const [lists, state] = await Promise.all([db.lists.orderBy('id').toArray(), readPriceListState(db)]);
  return { lists, catalogCurrency: state.catalogCurrency, records: (priceListId, currency) => readListRecords(db, priceListId, currency) };
}

const price = (cents: number | null) => (cents === null ? 'None' : priceText(cents));
const move = (m: { old: number | null; new: number | null } | undefined, known: MatchedRow['known']) =>
  m ? `${known === false ? 'Unknown' : price(m.old)} \u2192 ${m.new === null ? 'Removed' : priceText(m.new)}` : 'No change';

function Section({ title, count, head, children }: { title: string; count: number; head: string[]; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb={4}>
        {title} ({count.toLocaleString('en-US')})
      </Title>
      {/* Focusable, so the list scrolls from the keyboard too. */}
      <ScrollArea.Autosize mah={240} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {count > LISTED_ROWS && (
        <Text size="xs" c="dimmed" mt={4}>
          And {(count - LISTED_ROWS).toLocaleString('en-US')} more
        </Text>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value.toLocaleString('en-US')}</Text>
    </div>
  );
}

function PreviewLists({ preview }: { preview: ImportPreview }) {
  const first = <T,>(list: T[]) => list.slice(0, LISTED_ROWS);
  return (
    <Stack gap="md">
      {preview.targetName && (
        <Text size="sm" fw={600}>
          Prices of the price list {preview.targetName}: applying makes this a work order of that list.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <Stat label="Price changes" value={preview.matched.length} />
        <Stat label="Unchanged (skipped)" value={preview.unchanged.length} />
        <Stat label="Unknown" value={preview.unknown.length} />
        <Stat label="Duplicates" value={preview.duplicates.length} />
        <Stat label="Invalid prices" value={preview.invalid.length} />
      </SimpleGrid>
      <Section title="Price changes" count={preview.matched.length} head={['Line', 'Product', 'Regular price', 'Sale price']}>
        {first(preview.matched).map((m) => (
          <Table.Tr key={m.line}>
            <Table.Td>{m.line}</Table.Td>
            <Table.Td>{m.target.label}</Table.Td>
            <Table.Td>{move(m.regular, m.known)}</Table.Td>
            <Table.Td>{move(m.sale, m.known)}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section title="Invalid prices" count={preview.invalid.length} head={['Line', 'Problem']}>
        {first(preview.invalid).map((r) => (
          <Table.Tr key={r.line}>
            <Table.Td>{r.line}</Table.Td>
            <Table.Td>{r.message}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section title="Unknown SKUs and ids" count={preview.unknown.length} head={['Line', 'Not in the catalog']}>
        {first(preview.unknown).map((r) => (
          <Table.Tr key={r.line}>
            <Table.Td>{r.line}</Table.Td>
            <Table.Td>{r.reference}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section title="Duplicate rows" count={preview.duplicates.length} head={['Line', 'Product', 'First on line']}>
        {first(preview.duplicates).map((r) => (
          <Table.Tr key={r.line}>
            <Table.Td>{r.line}</Table.Td>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td>{r.firstLine}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section title="Unchanged (skipped)" count={preview.unchanged.length} head={['Line', 'Product']}>
        {first(preview.unchanged).map((r) => (
          <Table.Tr key={r.line}>
            <Table.Td>{r.line}</Table.Td>
            <Table.Td>{r.label}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
    </Stack>
  );
}

export function CsvImportModal({ opened, onClose, onApply }: CsvImportModalProps) {
  // A phone gets the whole screen, as the work order's preview does.
  const narrow = useScreenQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<FilePreview | null>(null);
  // The local catalog, read and indexed as the dialog opens (while a file is being chosen), so
  // a chosen file is only parsed and matched: bench/csv-import.ts times both. A pull meanwhile
  // shows at the next opening; the form re-reads its selected products after every pull anyway.
  const lookup = useRef<Promise<CatalogLookup> | null>(null);
  useEffect(() => {
    if (!opened) {
      lookup.current = null;
      return;
    }
    const prepared = getWholeCatalog().then(catalogLookup);
    // A failure shows when a file is chosen (choose awaits it); until then it is not unhandled.
    prepared.catch(() => {});
    lookup.current = prepared;
  }, [opened]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    if (!chosen) return;
    setReading(true);
    try {
      const [bytes, catalog] = await Promise.all([chosen.arrayBuffer(), lookup.current ?? getWholeCatalog().then(catalogLookup)]);
      setResult(await previewCsvFileWithLists({ name: chosen.name, type: chosen.type, bytes }, catalog, devicePriceListsForImport));
    } catch {
      setResult({ ok: false, message: 'This file could not be read. Choose it again.' });
    } finally {
      setReading(false);
    }
  };

  const close = () => {
    setFile(null);
    setResult(null);
    onClose();
  };

  const preview = result?.ok ? result.preview : null;
  const changes = preview?.matched.length ?? 0;
  const apply = () => {
    if (!preview) return;
    onApply(preview);
    close();
  };
  return (
    <Dialog opened={opened} onClose={close} title="Import prices from CSV" closeLabel="Close import" size="xl" centered={false} fullScreen={!!narrow}>
      <Stack gap="md">
        <Text size="sm">
          The file needs a &quot;SKU&quot;, &quot;Product ID&quot; or &quot;Variant ID&quot; column and a &quot;Regular Price&quot;
          (or &quot;Price&quot;) or &quot;Sale Price&quot; column; BigCommerce&apos;s product export and this app&apos;s catalog
          export work as they are. A price list&apos;s export (its &quot;price_list&quot; and &quot;currency&quot; columns) changes
          that list&apos;s prices. An empty price keeps the current one. The file is read on this device.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear file' }}
        />
        {reading && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Reading file...</Text>
          </Group>
        )}
        {result && !result.ok && (
          <Alert color="red" variant="light" role="alert" title={IMPORT_REFUSED_TITLE} classNames={{ title: tones.danger, icon: tones.danger }}
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            {result.message}
          </Alert>
        )}
        {result?.ok && result.notice && (
          <Alert color="yellow" variant="light" role="status" classNames={{ title: tones.warning, icon: tones.warning }}>
            {result.notice}
          </Alert>
        )}
        {preview && <PreviewLists preview={preview} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button disabled={changes === 0} onClick={apply}>
            {changes === 1 ? 'Apply 1 price change' : `Apply ${changes.toLocaleString('en-US')} price changes`}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
