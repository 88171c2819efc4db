/** The pricing page's plan cards, rendered from the one plan table in @catalog/contracts. */
import { PLAN_LIST, type Plan } from '@catalog/contracts/plans';
import { Button, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PlanCard } from '../../../components/plan-card';

/**
 * The trial leads to the app (signed in) or to sign-up; a paid plan to the subscription screen,
 * which starts checkout for the plan named in `upgrade`.
 */
function actionFor(plan: Plan, signedIn: boolean): { href: string; label: string } {
  if (plan.priceCents === 0) {
    return { href: signedIn ? '/' : '/login', label: 'Start Free Trial' };
  }
  return {
    href: `/subscription?upgrade=${encodeURIComponent(plan.id)}`,
    label: `Choose ${plan.name}`,
  };
}

export function PricingPlans({ signedIn }: { signedIn: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {PLAN_LIST.map((plan) => {
        const action = actionFor(plan, signedIn);
        return (
          <PlanCard key={plan.id} plan={plan} place="pricing" highlighted={plan.mostPopular}>
            <Button component={Link} to={action.href} fullWidth mt="xl" size="md" variant={plan.mostPopular ? 'filled' : 'default'}>
              {action.label}
            </Button>
          </PlanCard>
        );
      })}
    </SimpleGrid>
  );
}
