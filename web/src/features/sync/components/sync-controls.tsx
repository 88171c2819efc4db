/**
 * The products screen's sync bar: when the catalog was last synced, the Sync button (waiting
 * while offline, with a tooltip saying why, and while no store is connected, with a link to
 * Settings), and the progress of a running sync with its Cancel action: its own stream's, or,
 * while it runs none, that of a sync started elsewhere (another device, a teammate), polled from
 * GET /api/sync/status.
 */
import { Anchor, Button, Flex, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { NeedsConnection } from '../../../components/needs-connection';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { cancelSync } from '../api/cancel-sync';
import { useSyncStatus } from '../api/get-sync-status';
import { useSync } from '../hooks/use-sync';
import { lastSyncText } from '../utils/sync-messages';
import { isSyncBusy } from '../utils/sync-state';
import { SyncProgressPanel } from './sync-progress-panel';

export interface SyncControlsProps {
  /** After a completed sync: refresh what shows products, stats or the last sync time. */
  onSynced?: () => void;
  /** When the last sync finished (GET /api/settings); undefined while unknown. */
  lastSyncAt?: string | null;
  /** false: no store is connected yet, so Sync waits and a link leads to Settings. */
  connected?: boolean;
}

export function SyncControls({ onSynced, lastSyncAt, connected = true }: SyncControlsProps) {
  const { state, start, cancel } = useSync({ onSynced });
  const now = useMinuteClock();
  const ownBusy = isSyncBusy(state);
  const remote = useSyncStatus(connected && !ownBusy && state.progress === null);
  const elsewhere = !ownBusy && state.progress === null && remote.data?.running ? remote.data : null;
  const busy = ownBusy || elsewhere !== null;
  // A sync that ran elsewhere changed the catalog: refresh like after our own.
  const wasElsewhere = useRef(false);
  useEffect(() => {
    if (wasElsewhere.current && !elsewhere) onSynced?.();
    wasElsewhere.current = elsewhere !== null;
  }, [elsewhere, onSynced]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Store sync">
      {/*
        A column on phones and a row from sm up, whatever the text says: when the last sync time
        arrives the button does not jump from below the text to beside it (a layout shift).
      */}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'flex-start', sm: 'center' }}
        gap="sm"
      >
        <div>
          <Text fw={600}>Store sync</Text>
          {connected ? (
            <Text size="sm" c="dimmed">
              {lastSyncAt === undefined
                ? // Short enough for one line on a phone, like 'Last sync: 5m ago' that replaces it.
                  'Pull the latest products from your store.'
                : lastSyncText(lastSyncAt, now)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Connect your store in{' '}
              <Anchor component={Link} to="/settings" inherit underline="always">
                Settings
              </Anchor>{' '}
              to sync its products.
            </Text>
          )}
        </div>
        {/* Offline it waits, and its tooltip says why (OFFLINE_ACTION_MESSAGE). */}
        <NeedsConnection>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            disabled={busy || !connected}
            onClick={() => void start()}
          >
            Sync Products
          </Button>
        </NeedsConnection>
      </Flex>
      {elsewhere ? (
        <SyncProgressPanel
          state={{ phase: 'syncing', progress: { stage: elsewhere.stage, percentage: elsewhere.percentage, message: elsewhere.message } }}
          onCancel={() => void cancelSync().catch(() => {}).finally(() => void remote.refetch())}
        />
      ) : (
        <SyncProgressPanel state={state} onCancel={() => void cancel()} />
      )}
    </Paper>
  );
}
