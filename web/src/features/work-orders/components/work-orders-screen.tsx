/**
 * /work-orders: the company's work orders, newest first, refreshed every 5 seconds (also in a
 * background tab) so a merchant watches an order go from pending to completed. Show/Hide
 * Archived, Refresh and Create Work Order; each action on a card is confirmed first.
 *
 * Other screens learn of changes through the props: `onOrdersChanged` (the sidebar's pending
 * count) and `onPricesChanged` (an order completed or was undone: the local catalog pulls).
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { getErrorMessage } from '@catalog/contracts/errors';
import type { WorkOrder } from '@catalog/contracts/work-orders';
import { IconAlertCircle, IconArchive, IconClipboardList, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { invalidateWorkOrders, useWorkOrders } from '../api/get-work-orders';
import { useStatusChanges, type StatusChangeHandlers } from '../hooks/use-status-changes';
import { useWorkOrderActions } from '../hooks/use-work-order-actions';
import { WorkOrderActionModal } from './work-order-action-modal';
import { WorkOrderCard } from './work-order-card';
import tones from './tones.module.css';

export type WorkOrdersScreenProps = StatusChangeHandlers;

function LoadingCards() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">Loading work orders...</VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={132} radius="md" />
      ))}
    </Stack>
  );
}

function EmptyState({ showArchived }: { showArchived: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true" mx="auto">
        <IconClipboardList size={24} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} size="h4" mt="md">
        No work orders
      </Title>
      <Text c="dimmed" mt={4}>
        {showArchived
          ? 'Nothing here yet, archived or not.'
          : 'Create a work order to change many prices at once, now or at a time you choose.'}
      </Text>
      <Button component={Link} to="/work-orders/create" mt="md" leftSection={<IconPlus size={16} aria-hidden="true" />}>
        Create Work Order
      </Button>
    </Paper>
  );
}

export function WorkOrdersScreen({ onOrdersChanged, onPricesChanged }: WorkOrdersScreenProps) {
  usePageTitle('Work Orders');
  const [showArchived, setShowArchived] = useState(false);
  const { data, error, isLoading, refetch } = useWorkOrders(showArchived);
  const [refreshing, setRefreshing] = useState(false);
  useStatusChanges(data, { onOrdersChanged, onPricesChanged });
  const actions = useWorkOrderActions({
    onDone: () => {
      invalidateWorkOrders();
      onOrdersChanged?.();
    },
  });

  const refresh = async () => {
    setRefreshing(true);
    await refetch();
    setRefreshing(false);
  };

  let content;
  if (error && !data) {
    content = (
      <Alert
        color="red"
        classNames={{ title: tones.danger, icon: tones.danger }}
        icon={<IconAlertCircle aria-hidden="true" />}
        title="Could not load your work orders"
      >
        <Text size="sm">{getErrorMessage(error, 'Failed to load work orders')}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void refresh()} loading={refreshing}>
          Try again
        </Button>
      </Alert>
    );
  } else if (isLoading || !data) {
    content = <LoadingCards />;
  } else if (data.length === 0) {
    content = <EmptyState showArchived={showArchived} />;
  } else {
    content = (
      <Stack gap="md" component="section" aria-label="Work orders">
        {data.map((order: WorkOrder) => (
          <WorkOrderCard key={order.id} order={order} onAction={actions.ask} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1}>Work Orders</Title>
          <Text c="dimmed" mt={4}>
            Manage batch product updates and schedules
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconArchive size={16} aria-hidden="true" />}
            aria-pressed={showArchived}
            onClick={() => setShowArchived((v) => !v)}
          >
            {showArchived ? 'Hide Archived' : 'Show Archived'}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            loading={refreshing}
            onClick={() => void refresh()}
          >
            Refresh
          </Button>
          <Button component={Link} to="/work-orders/create" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Create Work Order
          </Button>
        </Group>
      </Group>
      {content}
      <WorkOrderActionModal pending={actions.pending} running={actions.running} onConfirm={actions.confirm} onClose={actions.cancel} />
    </Stack>
  );
}
