/**
 * One plan as a card, on the pricing page and on the subscription screen: its name (the card's
 * heading, which names the article), a badge, the price, limits and features (plan-summary.tsx),
 * and, pinned to the bottom, what the screen offers for it (children: a link to sign up or buy,
 * an upgrade or downgrade button).
 */
import type { Plan } from '@catalog/contracts/plans';
import { Badge, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlanSummary } from './plan-summary';
import classes from './plan-card.module.css';

/** Where the card is shown. */
const PLACES = {
  /** The pricing page: the plans are the page's sections (h2), roomier, the highlighted one raised. */
  pricing: { padding: 'xl', order: 2, fz: 'h3', summary: 'lg', raised: true },
  /** The subscription screen, under its 'Plans' heading (h3), denser. */
  subscription: { padding: 'lg', order: 3, fz: undefined, summary: 'md', raised: false },
} as const;

export interface PlanCardProps {
  plan: Plan;
  place: keyof typeof PLACES;
  /** Bordered in the primary colour: the plan the screen points at. */
  highlighted?: boolean;
  /** Beside the name; by default 'Most popular' on the plan the plans table marks so. */
  badge?: ReactNode;
  /** The card's action, at its bottom. */
  children: ReactNode;
}

export function PlanCard({ plan, place, highlighted = false, badge, children }: PlanCardProps) {
  const { padding, order, fz, summary, raised } = PLACES[place];
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding={padding}
      shadow={raised && highlighted ? 'md' : undefined}
      className={`${classes.card} ${highlighted ? classes.highlighted : ''}`}
    >
      <Group justify="space-between" align="center" mih={26}>
        <Title order={order} fz={fz} id={titleId}>
          {plan.name}
        </Title>
        {badge ?? (plan.mostPopular && <Badge variant="filled">Most popular</Badge>)}
      </Group>
      <PlanSummary plan={plan} size={summary} />
      <div className={classes.action}>{children}</div>
    </Card>
  );
}
