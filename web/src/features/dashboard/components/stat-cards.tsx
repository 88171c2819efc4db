/**
 * The dashboard's four stat cards (GET /api/dashboard): Total Products, Pending Orders,
 * Completed Orders and Last Sync, the real time since the last sync ('Never' before the first;
 * DESIGN.md section 6). Skeletons while loading, and an error with a retry.
 */
import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { lastSyncLabel } from '@catalog/contracts/dashboard';
import { getErrorMessage } from '@catalog/contracts/errors';
import {
  IconAlertCircle,
  IconBox,
  IconCircleCheck,
  IconClock,
  IconRefresh,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDashboardStats } from '../api/get-dashboard-stats';

/** How often the Last Sync label is brought up to date while the dashboard shows. */
const CLOCK_TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function StatCard({ label, value, icon: CardIcon }: { label: string; value: string; icon: Icon }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={label}>
      <ThemeIcon variant="light" radius="md" size={36} aria-hidden="true">
        <CardIcon size={20} stroke={1.7} />
      </ThemeIcon>
      <Text size="sm" c="dimmed" mt="sm">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
    </Paper>
  );
}

export function StatCards() {
  const { data, error, isLoading, isFetching, refetch } = useDashboardStats();
  const now = useNow();

  if (error && !data) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Could not load your stats">
        <Text size="sm">{getErrorMessage(error, 'Failed to load the dashboard')}</Text>
        <Button
          mt="sm"
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          loading={isFetching}
          onClick={() => void refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }

  if (isLoading || !data) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} aria-busy="true">
        <VisuallyHidden role="status">Loading your stats...</VisuallyHidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={126} radius="md" />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      <StatCard label="Total Products" value={data.totalProducts.toLocaleString('en-US')} icon={IconBox} />
      <StatCard label="Pending Orders" value={data.pendingOrders.toLocaleString('en-US')} icon={IconClock} />
      <StatCard
        label="Completed Orders"
        value={data.completedOrders.toLocaleString('en-US')}
        icon={IconCircleCheck}
      />
      <StatCard label="Last Sync" value={lastSyncLabel(data.lastSyncAt, now)} icon={IconRefresh} />
    </SimpleGrid>
  );
}
