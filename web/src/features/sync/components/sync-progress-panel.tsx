/**
 * The progress of a running sync: the stage message (announced politely), the percentage, the
 * bar, and the Cancel action while the server is streaming.
 */
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { SyncState } from '../utils/sync-state';

interface SyncProgressPanelProps {
  state: SyncState;
  onCancel: () => void;
}

export function SyncProgressPanel({ state, onCancel }: SyncProgressPanelProps) {
  const { phase, progress } = state;
  if (!progress) return null;
  const running = phase === 'starting' || phase === 'syncing' || phase === 'cancelling';
  const percentage = Math.round(progress.percentage);

  return (
    <Stack gap={6} mt="md" data-stage={progress.stage}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
          {phase === 'cancelling' ? 'Cancelling...' : progress.message}
        </Text>
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden="true">
          {percentage}%
        </Text>
      </Group>
      <Progress
        value={percentage}
        size="lg"
        radius="xl"
        striped={running}
        animated={running}
        color={phase === 'done' ? 'teal.8' : undefined}
        aria-label="Sync progress"
        transitionDuration={200}
      />
      {running && (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconX size={14} aria-hidden="true" />}
            onClick={onCancel}
            disabled={phase === 'starting'}
            loading={phase === 'cancelling'}
          >
            Cancel sync
          </Button>
        </Group>
      )}
    </Stack>
  );
}
