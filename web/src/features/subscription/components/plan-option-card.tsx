/**
 * One plan on the subscription screen: name, price, limits and features from the plans table,
 * marked when it is the current plan, with the button that changes to it (Upgrade / Downgrade),
 * and a note when the plan keeps fewer products than the company has.
 */
import type { Plan, PlanId } from '@catalog/contracts/plans';
import { planChangeKind } from '@catalog/contracts/subscription';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NeedsPermission } from '../../../components/needs-permission';
import { PlanSummary } from '../../../components/plan-summary';
import classes from './plan-option-card.module.css';

export interface PlanOptionCardProps {
  plan: Plan;
  current: PlanId;
  productCount: number;
  /** false: the button is shown disabled (no payments for an upgrade). Roles: NeedsPermission. */
  canChange: boolean;
  onChoose: (plan: PlanId) => void;
}

export function PlanOptionCard({ plan, current, productCount, canChange, onChoose }: PlanOptionCardProps) {
  const kind = planChangeKind(current, plan.id);
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
      <PlanSummary plan={plan} size="md" />
      <div className={classes.action}>
        {tooSmall && (
          <Group gap={6} wrap="nowrap" align="flex-start" mt="md">
            <IconAlertTriangle size={16} aria-hidden="true" className={classes.warn} />
            <Text size="sm">
              Keeps {plan.productLimit.toLocaleString('en-US')} of your {productCount.toLocaleString('en-US')} products at the next sync.
            </Text>
          </Group>
        )}
        {kind === 'same' ? (
          <Button fullWidth mt="md" variant="default" disabled>
            {label}
          </Button>
        ) : (
          <NeedsPermission action="subscription.change">
            <Button fullWidth mt="md" variant={kind === 'upgrade' ? 'filled' : 'default'} disabled={!canChange} onClick={() => onChoose(plan.id)}>
              {label}
            </Button>
          </NeedsPermission>
        )}
      </div>
    </Card>
  );
}
