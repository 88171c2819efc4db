/** One plan on the pricing page: name, price, limits, features and the button to choose it. */
import type { Plan } from '@catalog/contracts/plans';
import { Badge, Button, Card, Group, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PlanSummary } from '../../../components/plan-summary';
import classes from './plan-card.module.css';

interface PlanCardProps {
  plan: Plan;
  /** Where the plan's button leads. */
  actionHref: string;
  actionLabel: string;
}

export function PlanCard({ plan, actionHref, actionLabel }: PlanCardProps) {
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

      <PlanSummary plan={plan} size="lg" />

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
