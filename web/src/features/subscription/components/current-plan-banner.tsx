/**
 * The current plan as Stripe last confirmed it: name, price and limits, its status, when it
 * renews (or, once cancelled, the day it ends and that the Trial plan follows), and what the
 * product limit means for the products the company has.
 */
import { PLANS } from '@catalog/contracts/plans';
import type { SubscriptionState } from '@catalog/contracts/subscription';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { formatPlanPrice, formatProductLimit, formatUserLimit } from '../../../lib/plan-format';
import { endOfPeriodNotice, formatDay, productLimitNote, statusLabel } from '../utils/subscription-copy';

const GOOD = new Set(['active', 'trialing']);

export function CurrentPlanBanner({ state }: { state: SubscriptionState }) {
  const plan = PLANS[state.plan];
  const paid = plan.priceCents > 0;
  const ending = state.cancelAtPeriodEnd && state.currentPeriodEnd;
  return (
    <Paper component="section" aria-labelledby="current-plan-label current-plan-title" withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text size="sm" c="dimmed" fw={600} id="current-plan-label">
            Current plan
          </Text>
          <Title order={2} size="h3" id="current-plan-title">
            {plan.name}
          </Title>
          <Text size="sm" mt={4}>
            {formatPlanPrice(plan)} · {formatProductLimit(state.productLimit)} · {formatUserLimit(plan.userLimit)}
          </Text>
        </div>
        <Badge color={GOOD.has(state.status) ? (ending ? 'yellow.3' : 'green.3') : 'red.3'} variant="filled" autoContrast size="lg">
          {ending ? 'Ending' : statusLabel(state.status)}
        </Badge>
      </Group>
      <Stack gap="xs" mt="md">
        {paid && state.currentPeriodEnd && !state.cancelAtPeriodEnd && (
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden="true" />
            <Text size="sm">Renews on {formatDay(state.currentPeriodEnd)}</Text>
          </Group>
        )}
        {ending && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCalendarEvent size={18} aria-hidden="true" />}
            styles={{ message: { color: 'var(--mantine-color-text)' } }}
          >
            {endOfPeriodNotice(state.currentPeriodEnd!)}
          </Alert>
        )}
        <Text size="sm">{productLimitNote(state.productCount, { name: plan.name, productLimit: state.productLimit })}</Text>
      </Stack>
    </Paper>
  );
}
