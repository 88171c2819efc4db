/**
 * The dashboard's four stat cards (GET /api/dashboard): Total Products, Pending Orders,
 * Completed Orders and Last Sync, the real time since the last sync ('Never' before the first;
 * contracts' lastSyncLabel). Skeletons while loading, and an error with a retry.
 */
import { Paper, SimpleGrid, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { lastSyncLabel } from '@catalog/contracts/dashboard';
import { IconBox, IconCircleCheck, IconClock, IconRefresh, type Icon } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error';
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
      <LoadError
        title="Could not load your stats"
        error={error}
        fallback="Failed to load the dashboard"
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
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
