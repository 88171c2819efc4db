/** /work-orders/create: a new bulk price change. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CreateWorkOrderRoute() {
  return (
    <ComingSoonPage
      title="Create Work Order"
      description="Pick products, set their new prices, and run the change now or at a scheduled time."
    />
  );
}
