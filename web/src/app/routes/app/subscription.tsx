/** /subscription: plans, checkout and cancellation (features/subscription). */
import { SubscriptionPage } from '../../../features/subscription/components/subscription-page';

export function SubscriptionRoute() {
  return <SubscriptionPage />;
}
