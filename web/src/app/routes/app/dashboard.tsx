/** "/" for signed-in users: the dashboard (features/dashboard). */
import { Dashboard } from '../../../features/dashboard/components/dashboard';

export function DashboardRoute() {
  return <Dashboard />;
}
