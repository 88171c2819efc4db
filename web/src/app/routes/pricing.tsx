/** /pricing: the public plans page. */
import { Container, Text, Title } from '@mantine/core';
import { PricingPlans } from '../../features/marketing/components/pricing-plans';
import { useAuth } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

export function PricingRoute() {
  usePageTitle('Pricing');
  const { user } = useAuth();
  return (
    <Container size="lg" py={{ base: 48, sm: 80 }}>
      <Title order={1} ta="center">
        Simple pricing that grows with your catalog
      </Title>
      <Text ta="center" size="lg" mt="sm" maw={640} mx="auto">
        Start with a free trial, no credit card required. Upgrade when you need more products or
        more people on your team.
      </Text>
      <div style={{ marginTop: 48 }}>
        <PricingPlans signedIn={user !== null} />
      </div>
      <Text ta="center" size="sm" c="dimmed" mt={40} maw={640} mx="auto">
        Prices in US dollars. Paid plans come with a 30-day money-back guarantee, and plan changes
        take effect immediately.
      </Text>
    </Container>
  );
}
