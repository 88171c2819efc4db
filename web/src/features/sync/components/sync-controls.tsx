/**
 * The products screen's sync bar: when the catalog was last synced, the Sync button (waiting
 * while offline, with a tooltip saying why, and while no store is connected, with a link to
 * Settings), and the progress of a running sync with its Cancel action.
 */
import { Anchor, Button, Group, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSync } from '../hooks/use-sync';
import { lastSyncText, OFFLINE_MESSAGE } from '../utils/sync-messages';
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

/** Re-renders every 30 s so 'Last sync: 5m ago' stays true. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function SyncControls({ onSynced, lastSyncAt, connected = true }: SyncControlsProps) {
  const { state, start, cancel } = useSync({ onSynced });
  const { online } = useNetwork();
  const now = useMinuteClock();
  const offlineNoteId = useId();
  const busy = isSyncBusy(state);
  const offline = !online;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Store sync">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Text fw={600}>Store sync</Text>
          {connected ? (
            <Text size="sm" c="dimmed">
              {lastSyncAt === undefined
                ? 'Pull the latest products and prices from your store.'
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
        <Tooltip label={OFFLINE_MESSAGE} disabled={!offline} withArrow>
          {/*
            Offline, the button keeps its focus and hover (data-disabled rather than disabled),
            so the tooltip can say why it waits; a click then does nothing.
          */}
          <Button
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            disabled={busy || !connected}
            data-disabled={offline || undefined}
            aria-disabled={offline || undefined}
            aria-describedby={offline ? offlineNoteId : undefined}
            onClick={(event) => {
              if (offline) {
                event.preventDefault();
                return;
              }
              void start();
            }}
          >
            Sync Products
          </Button>
        </Tooltip>
        {offline && (
          <VisuallyHidden id={offlineNoteId}>{OFFLINE_MESSAGE}</VisuallyHidden>
        )}
      </Group>
      <SyncProgressPanel state={state} onCancel={() => void cancel()} />
    </Paper>
  );
}
