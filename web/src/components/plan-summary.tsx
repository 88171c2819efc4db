/**
 * The middle of a plan's card, shared by the pricing page and the subscription screen: the price,
 * the product and user limits, and the plan's other features from the plans table
 * (lib/plan-format words the numbers). The card around it is plan-card.tsx; its button stays
 * with each screen.
 */
import type { Plan } from '@catalog/contracts/plans';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPackage, IconUsers } from '@tabler/icons-react';
import { formatPlanAmount, formatPlanPeriod, formatProductLimit, formatUserLimit } from '../lib/plan-format';
import classes from './plan-summary.module.css';

/** How much room the summary takes in its card. */
const SIZES = {
  /** The pricing page's cards: a larger price, more space, limit icons in the primary colour. */
  lg: { space: 'lg', priceSpace: 'md', amount: classes.amountLg, limitIcon: classes.check },
  /** The subscription screen's denser cards. */
  md: { space: 'md', priceSpace: 'sm', amount: classes.amountMd, limitIcon: undefined },
} as const;

interface PlanSummaryProps {
  plan: Plan;
  size: keyof typeof SIZES;
}

export function PlanSummary({ plan, size }: PlanSummaryProps) {
  const { space, priceSpace, amount, limitIcon } = SIZES[size];
  const productLine = formatProductLimit(plan.productLimit);
  const userLine = formatUserLimit(plan.userLimit);
  // The plans table lists the limits among its features too; they are shown above the list.
  const features = plan.features.filter((feature) => feature !== productLine && feature !== userLine);
  const limits = [
    { Icon: IconPackage, line: productLine },
    { Icon: IconUsers, line: userLine },
  ];

  return (
    <>
      {/* Reads as "$5 / month" or "$0 forever". */}
      <Text mt={priceSpace}>
        <span className={`${classes.amount} ${amount}`}>{formatPlanAmount(plan.priceCents)}</span>{' '}
        <Text span c="dimmed" fw={500}>
          {formatPlanPeriod(plan)}
        </Text>
      </Text>

      <Stack gap={6} mt={space}>
        {limits.map(({ Icon, line }) => (
          <Group key={line} gap="xs" wrap="nowrap">
            <Icon size={18} aria-hidden="true" className={limitIcon} />
            <Text fw={600} size="sm">
              {line}
            </Text>
          </Group>
        ))}
      </Stack>

      <Divider my={space} />

      <ul className={classes.features} aria-label={`${plan.name} plan features`}>
        {features.map((feature) => (
          <li key={feature} className={classes.feature}>
            <IconCheck size={16} aria-hidden="true" className={classes.check} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
