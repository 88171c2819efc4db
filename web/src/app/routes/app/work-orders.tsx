/** /work-orders: the list of bulk price changes. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function WorkOrdersRoute() {
  return (
    <ComingSoonPage title="Work Orders" description="Manage batch product updates and schedules" />
  );
}
