/**
 * Work orders that need someone (issue 18): a scheduled run or an end that failed, or whose
 * prices the store did not keep when read back. Shown until someone opens Work Orders, which
 * marks them seen; each links there.
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { AttentionOrder } from '@catalog/contracts/dashboard';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './attention-orders.module.css';

export function AttentionOrders({ orders }: { orders: readonly AttentionOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Work orders that need your attention">
      {orders.map((order) => (
        <Alert
          key={order.id}
          color={order.status === 'failed' ? 'red' : 'yellow'}
          variant="light"
          classNames={{ title: order.status === 'failed' ? classes.danger : classes.warning, icon: order.status === 'failed' ? classes.danger : classes.warning }}
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={`“${order.title}” needs your attention`}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {order.problem}
          </Text>
          <Anchor component={Link} to="/work-orders" size="sm" fw={600}>
            Open Work Orders
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
