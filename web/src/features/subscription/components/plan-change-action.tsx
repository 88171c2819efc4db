/**
 * The bottom of a plan's card on the subscription screen: the button that changes to the plan
 * (Upgrade / Downgrade, or 'Current Plan' disabled), and a note when the plan keeps fewer
 * products than the company has. The card itself is components/plan-card.tsx.
 */
import type { Plan, PlanId } from '@catalog/contracts/plans';
import { planChangeKind } from '@catalog/contracts/subscription';
import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NeedsPermission } from '../../../components/needs-permission';
import classes from './plan-change-action.module.css';

export interface PlanChangeActionProps {
  plan: Plan;
  current: PlanId;
  productCount: number;
  /** false: the button is shown disabled (no payments for an upgrade). Roles: NeedsPermission. */
  canChange: boolean;
  onChoose: (plan: PlanId) => void;
}

export function PlanChangeAction({ plan, current, productCount, canChange, onChoose }: PlanChangeActionProps) {
  const kind = planChangeKind(current, plan.id);
  const label = kind === 'same' ? 'Current Plan' : `${kind === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${plan.name}`;
  const tooSmall = kind === 'downgrade' && productCount > plan.productLimit;
  return (
    <>
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
    </>
  );
}
