/**
 * One plan on the subscription screen: name, price, limits and features from the plans table,
 * marked when it is the current plan, with the button that changes to it (Upgrade / Downgrade),
 * and a note when the plan keeps fewer products than the company has.
 */
import type { Plan, PlanId } from '@catalog/contracts/plans';
import { planChangeKind } from '@catalog/contracts/subscription';
import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPackage, IconUsers } from '@tabler/icons-react';
import { NeedsConnection } from '../../../components/needs-connection';
import { formatPlanAmount, formatPlanPeriod, formatProductLimit, formatUserLimit } from '../../../lib/plan-format';
import classes from './plan-option-card.module.css';

export interface PlanOptionCardProps {
  plan: Plan;
  current: PlanId;
  productCount: number;
  /** false: the button is shown disabled (members; or no payments for an upgrade). */
  canChange: boolean;
  onChoose: (plan: PlanId) => void;
}

export function PlanOptionCard({ plan, current, productCount, canChange, onChoose }: PlanOptionCardProps) {
  const kind = planChangeKind(current, plan.id);
  const productLine = formatProductLimit(plan.productLimit);
  const userLine = formatUserLimit(plan.userLimit);
  const features = plan.features.filter((f) => f !== productLine && f !== userLine);
  const titleId = `plan-option-${plan.id}`;
  const label = kind === 'same' ? 'Current Plan' : `${kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${plan.name}`;
  const tooSmall = kind === 'downgrade' && productCount > plan.productLimit;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="lg"
      className={`${classes.card} ${kind === 'same' ? classes.current : ''}`}
    >
      <Group justify="space-between" mih={26}>
        <Title order={3} id={titleId}>
          {plan.name}
        </Title>
        {kind === 'same' ? (
          <Badge color="green.3" variant="filled" autoContrast>
            Your plan
          </Badge>
        ) : (
          plan.mostPopular && <Badge variant="filled">Most popular</Badge>
        )}
      </Group>
      <Text mt="sm">
        <span className={classes.amount}>{formatPlanAmount(plan.priceCents)}</span>{' '}
        <Text span c="dimmed" fw={500}>
          {formatPlanPeriod(plan)}
        </Text>
      </Text>
      <Stack gap={6} mt="md">
        <Group gap="xs" wrap="nowrap">
          <IconPackage size={18} aria-hidden="true" />
          <Text fw={600} size="sm">{productLine}</Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={18} aria-hidden="true" />
          <Text fw={600} size="sm">{userLine}</Text>
        </Group>
      </Stack>
      <Divider my="md" />
      <ul className={classes.features} aria-label={`${plan.name} plan features`}>
        {features.map((feature) => (
          <li key={feature} className={classes.feature}>
            <IconCheck size={16} aria-hidden="true" className={classes.check} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className={classes.action}>
        {tooSmall && (
          <Group gap={6} wrap="nowrap" align="flex-start" mt="md">
            <IconAlertTriangle size={16} aria-hidden="true" className={classes.warn} />
            <Text size="sm">
              Keeps {plan.productLimit.toLocaleString('en-US')} of your {productCount.toLocaleString('en-US')} products at the next sync.
            </Text>
          </Group>
        )}
        <NeedsConnection>
          <Button
            fullWidth
            mt="md"
            variant={kind === 'upgrade' ? 'filled' : 'default'}
            disabled={kind === 'same' || !canChange}
            onClick={() => onChoose(plan.id)}
          >
            {label}
          </Button>
        </NeedsConnection>
      </div>
    </Card>
  );
}
