/** "/" for signed-in users: the dashboard. Placeholder until its issue lands. */
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function DashboardRoute() {
  return (
    <ComingSoonPage
      title="Welcome back"
      description="Your catalog at a glance: products, pending and completed work orders, and the last sync."
      documentTitle="Dashboard"
    />
  );
}
