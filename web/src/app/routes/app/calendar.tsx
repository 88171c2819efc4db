/**
 * /calendar: the campaign calendar (features/calendar, issue 36 item 4). A move of an order
 * changes what the dashboard counts (an approval cleared): its stats are fetched again.
 */
import { DASHBOARD_STATS_QUERY } from '../../../features/dashboard/api/get-dashboard-stats';
import { CalendarScreen } from '../../../features/calendar/components/calendar-screen';
import { invalidateApiQuery } from '../../../lib/api-query';

const refreshDashboard = () => invalidateApiQuery(DASHBOARD_STATS_QUERY);

export function CalendarRoute() {
  return <CalendarScreen onOrderMoved={refreshDashboard} />;
}
