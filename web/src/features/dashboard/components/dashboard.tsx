/**
 * The signed-in home: 'Welcome back' with the first name (GET /api/auth/user), a Sign Out
 * button, the work orders that need attention, the stat cards and the quick actions.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useCurrentUser } from '../../../lib/current-user';
import { useSignOut } from '../../../lib/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { AttentionOrders } from './attention-orders';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';

export function Dashboard() {
  usePageTitle('Dashboard');
  const { data: user } = useCurrentUser();
  const signOut = useSignOut();
  const firstName = user?.firstName?.trim();
  const { data: stats } = useDashboardStats();

  return (
    <Stack gap="xl" maw={1200}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1}>{firstName ? `Welcome back, ${firstName}` : 'Welcome back'}</Title>
          <Text c="dimmed" mt={4}>
            Your catalog at a glance: products, work orders and the last sync.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => void signOut()}
        >
          Sign Out
        </Button>
      </Group>
      <AttentionOrders orders={stats?.needsAttention ?? []} />
      <StatCards />
      <QuickActions />
    </Stack>
  );
}
