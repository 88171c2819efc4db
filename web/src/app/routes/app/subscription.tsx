/** /subscription: plans, checkout and cancellation. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function SubscriptionRoute() {
  return (
    <ComingSoonPage
      title="Choose Your Plan"
      description="Compare plans, upgrade or change your subscription."
      documentTitle="Subscription"
    />
  );
}
