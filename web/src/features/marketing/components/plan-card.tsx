/** One plan on the pricing page: name, price, limits, features and the button to choose it. */
import type { Plan } from '@catalog/contracts/plans';
import { Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPackage, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  formatPlanAmount,
  formatPlanPeriod,
  formatProductLimit,
  formatUserLimit,
} from '../../../lib/plan-format';
import classes from './plan-card.module.css';

interface PlanCardProps {
  plan: Plan;
  /** Where the plan's button leads. */
  actionHref: string;
  actionLabel: string;
}

export function PlanCard({ plan, actionHref, actionLabel }: PlanCardProps) {
  const productLine = formatProductLimit(plan.productLimit);
  const userLine = formatUserLimit(plan.userLimit);
  // The plan table lists the limits among its features too; they are shown above the list.
  const features = plan.features.filter(
    (feature) => feature !== productLine && feature !== userLine,
  );
  const titleId = `plan-${plan.id}-title`;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="xl"
      shadow={plan.mostPopular ? 'md' : undefined}
      className={`${classes.card} ${plan.mostPopular ? classes.popular : ''}`}
    >
      <Group justify="space-between" align="center" mih={26}>
        <Title order={2} fz="h3" id={titleId}>
          {plan.name}
        </Title>
        {plan.mostPopular && <Badge variant="filled">Most popular</Badge>}
      </Group>

      {/* Reads as "$5 / month" or "$0 forever". */}
      <Text mt="md">
        <span className={classes.amount}>{formatPlanAmount(plan.priceCents)}</span>{' '}
        <Text span c="dimmed" fw={500}>
          {formatPlanPeriod(plan)}
        </Text>
      </Text>

      <Stack gap={6} mt="lg">
        <Group gap="xs" wrap="nowrap">
          <IconPackage size={18} aria-hidden="true" className={classes.check} />
          <Text fw={600} size="sm">
            {productLine}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={18} aria-hidden="true" className={classes.check} />
          <Text fw={600} size="sm">
            {userLine}
          </Text>
        </Group>
      </Stack>

      <Divider my="lg" />

      <ul className={classes.features} aria-label={`${plan.name} plan features`}>
        {features.map((feature) => (
          <li key={feature} className={classes.feature}>
            <IconCheck size={16} aria-hidden="true" className={classes.check} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <div className={classes.action}>
        <Button
          component={Link}
          to={actionHref}
          fullWidth
          mt="xl"
          size="md"
          variant={plan.mostPopular ? 'filled' : 'default'}
        >
          {actionLabel}
        </Button>
      </div>
    </Card>
  );
}
