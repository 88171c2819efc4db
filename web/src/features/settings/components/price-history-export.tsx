/**
 * Settings > Price history for audits (issue 36): pick a period (the last 30 days at first) and
 * download every price change of it as CSV (api/export-price-history.ts), with who or what
 * made each. The server makes the file: offline the button waits and says why; a role the
 * permission table refuses (priceHistory.export) sees it disabled with who can.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { whoCan } from '@catalog/contracts/permissions';
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { NeedsPermission, useCan } from '../../../components/needs-permission';
import { exportPriceHistory } from '../api/export-price-history';
import { auditPeriod, defaultPeriod } from '../utils/audit-period';

export const EXPORT_HISTORY_LABEL = 'Export price history';

export function PriceHistoryExport() {
  const allowed = useCan('priceHistory.export');
  const [period, setPeriod] = useState(defaultPeriod);
  const [busy, setBusy] = useState(false);
  const checked = auditPeriod(period.from, period.to);
  const error = (field: 'from' | 'to') => (!checked.ok && checked.field === field ? checked.message : undefined);

  const start = async () => {
    if (busy || !checked.ok) return;
    setBusy(true);
    try {
      const name = await exportPriceHistory({ from: checked.from, to: checked.to });
      notifications.show({ color: 'green', title: 'Export ready', message: `Saved ${name}` });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: getErrorMessage(err, 'The price history could not be downloaded') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="price-history-export-title">
      <Title order={2} size="h3" id="price-history-export-title">
        Price history for audits
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Every price change of a period, as a CSV file: when, which product and price list, the prices before and after, and
        who or what made it (an edit, a work order and who approved it, an undo, a change in the store).
      </Text>
      {allowed === false && (
        <Text size="sm" c="dimmed" mt="xs">
          {whoCan('priceHistory.export')}.
        </Text>
      )}
      <Group mt="md" align="flex-start" gap="sm">
        <TextInput
          type="date"
          label="First day"
          value={period.from}
          error={error('from')}
          onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Last day"
          value={period.to}
          error={error('to')}
          onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })}
        />
      </Group>
      <NeedsPermission action="priceHistory.export">
        <Button
          mt="md"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={busy}
          disabled={!checked.ok}
          onClick={() => void start()}
        >
          {EXPORT_HISTORY_LABEL}
        </Button>
      </NeedsPermission>
    </Paper>
  );
}
