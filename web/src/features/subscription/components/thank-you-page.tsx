/**
 * /thank-you (spec section 2): after a purchase. The plan comes from the query (`plan`,
 * premium when absent or unknown); the page sends the purchase conversion once (value 5 for
 * Starter, otherwise 10, in USD) through lib/analytics, which does nothing unless an analytics
 * id is configured, and offers the three next steps and the ways on.
 */
import { PLANS, PlanId } from '@catalog/contracts/plans';
import { Button, Container, Group, List, Paper, Text, ThemeIcon, Title, Anchor } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { trackPurchase, type PurchaseEvent } from '../../../lib/analytics';
import { usePageTitle } from '../../../lib/use-page-title';

/** The conversion a purchase of `plan` counts for. */
export function purchaseConversion(plan: PlanId): PurchaseEvent {
  return { plan, value: plan === 'starter' ? 5 : 10, currency: 'USD' };
}

const NEXT_STEPS: ReadonlyArray<{ to: string; label: string; text: string }> = [
  { to: '/settings', label: 'Go to Settings', text: 'to connect your store and sync your catalog.' },
  { to: '/work-orders/create', label: 'Create a work order', text: 'to change prices in bulk, now or on a schedule.' },
  { to: '/team', label: 'Manage your team', text: 'to invite the people who work on your catalog.' },
];

export function ThankYouPage({ track = trackPurchase }: { track?: (event: PurchaseEvent) => unknown }) {
  usePageTitle('Thank you');
  const [params] = useSearchParams();
  const parsed = PlanId.safeParse(params.get('plan'));
  const plan = parsed.success ? parsed.data : 'premium';
  const tracked = useRef(false);

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track(purchaseConversion(plan));
  }, [plan, track]);

  return (
    <Container size="sm" px={0}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <ThemeIcon size={48} radius="xl" color="green.8" aria-hidden="true">
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Title order={1} mt="md">
          Thank you for your purchase!
        </Title>
        <Text mt="xs">Welcome to the {PLANS[plan].name} plan. Here is how to get the most out of it:</Text>
        <Title order={2} size="h4" mt="lg">
          Next steps
        </Title>
        <List type="ordered" spacing="sm" mt="xs">
          {NEXT_STEPS.map((step) => (
            <List.Item key={step.to}>
              <Anchor component={Link} to={step.to} fw={600}>
                {step.label}
              </Anchor>{' '}
              {step.text}
            </List.Item>
          ))}
        </List>
        <Group mt="xl" gap="sm">
          <Button component={Link} to="/settings">
            Connect Your Store
          </Button>
          <Button component={Link} to="/" variant="default">
            Go to Dashboard
          </Button>
          <Button component={Link} to="/feedback" variant="default">
            Contact Support
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
