/**
 * The sidebar's links to the app's sections. Next to Work Orders it shows the pending orders, the
 * orders awaiting approval and the changes queued on this device. As an icon rail (tablets,
 * signed-in-layout.tsx) each link shows its icon, with its name as a tooltip and in its text for
 * screen readers; the counts sit on the icon's corner.
 */
import { Badge, Group, NavLink as MantineNavLink, VisuallyHidden } from '@mantine/core';
import {
  IconBox,
  IconCalendarEvent,
  IconClipboardList,
  IconCreditCard,
  IconDatabase,
  IconLayoutDashboard,
  IconMessageCircle,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCan } from '../../components/needs-permission';
import { useDashboardStats } from '../../features/dashboard/api/get-dashboard-stats';
import { useOutboxSummary } from '../../local/outbox-hooks';
import { RailTooltip } from './rail-tooltip';
import classes from './sidebar.module.css';

const SECTIONS: ReadonlyArray<{ to: string; label: string; icon: Icon }> = [
  { to: '/', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/products', label: 'Products', icon: IconBox },
  { to: '/work-orders', label: 'Work Orders', icon: IconClipboardList },
  { to: '/calendar', label: 'Calendar', icon: IconCalendarEvent },
  { to: '/backups', label: 'Backups', icon: IconDatabase },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/subscription', label: 'Subscription', icon: IconCreditCard },
  { to: '/feedback', label: 'Feedback', icon: IconMessageCircle },
  { to: '/settings', label: 'Settings', icon: IconSettings },
];

/** The count of pending work orders next to Work Orders; nothing while there are none. */
function PendingBadge({ onActiveLink }: { onActiveLink: boolean }) {
  const { data } = useDashboardStats();
  const pending = data?.pendingOrders ?? 0;
  if (pending === 0) return null;
  return (
    <Badge size="sm" circle={pending < 10} variant={onActiveLink ? 'white' : 'filled'}>
      {pending}
      <VisuallyHidden> pending</VisuallyHidden>
    </Badge>
  );
}

/** A dark orange: white on it, and it on white, are 5.8:1 (Mantine's orange 9 is 4.3:1). */
const AWAITING_BADGE_COLOR = '#b53c0c';

/**
 * Members' orders waiting for approval, next to Work Orders, for those who approve (owners and
 * admins, issue 19): orange, apart from the pending count; nothing while none wait.
 */
function AwaitingBadge({ onActiveLink }: { onActiveLink: boolean }) {
  const { data } = useDashboardStats();
  const canApprove = useCan('workOrders.approve') === true;
  const waiting = data?.awaitingApproval ?? 0;
  if (!canApprove || waiting === 0) return null;
  return (
    <Badge size="sm" circle={waiting < 10} color={AWAITING_BADGE_COLOR} variant={onActiveLink ? 'white' : 'filled'} title={`${waiting} awaiting approval`}>
      {waiting}
      <VisuallyHidden> awaiting approval</VisuallyHidden>
    </Badge>
  );
}

/**
 * Changes made on this device that wait to be sent (the outbox), next to Work Orders: outlined,
 * so it reads apart from the filled pending-orders badge. Nothing while none wait.
 */
function QueuedBadge() {
  const { queued } = useOutboxSummary();
  if (queued === 0) return null;
  return (
    <Badge size="sm" variant="default" title={`${queued} waiting to be sent`}>
      {queued}
      <VisuallyHidden> queued</VisuallyHidden>
    </Badge>
  );
}

export function SidebarLinks({ pathname, rail }: { pathname: string; rail: boolean }) {
  return SECTIONS.map(({ to, label, icon: SectionIcon }) => {
    // A section stays current on its sub-pages (/work-orders/create).
    const current = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
    return (
      <RailTooltip key={to} rail={rail} label={label}>
        <MantineNavLink
          component={Link}
          to={to}
          label={label}
          active={current}
          aria-current={current ? 'page' : undefined}
          classNames={{ root: classes.railItem, body: classes.railBody, label: classes.railHidden }}
          leftSection={<SectionIcon size={18} stroke={1.7} aria-hidden="true" />}
          rightSection={
            to === '/work-orders' ? (
              <Group gap={4} wrap="nowrap" className={classes.railCounts}>
                <QueuedBadge />
                <AwaitingBadge onActiveLink={current} />
                <PendingBadge onActiveLink={current} />
              </Group>
            ) : undefined
          }
          variant="filled"
        />
      </RailTooltip>
    );
  });
}
