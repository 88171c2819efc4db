/**
 * The signed-in shell: header with the logo and the connection indicator, a sidebar with the
 * app's sections (a slide-in menu on small screens; Work Orders shows the pending orders and the
 * changes queued on this device), the store status, Install and the account, the banner that asks
 * an unverified address to verify itself, the current screen, and the tour for new users. Loaded lazily: signed-out visitors never download it.
 * It provides the app's outbox (app-outbox.ts) to everything inside it.
 */
import {
  AppShell,
  Badge,
  Burger,
  em,
  Group,
  NavLink as MantineNavLink,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useScreenQuery } from '../../lib/media-query';
import {
  IconBox,
  IconClipboardList,
  IconCreditCard,
  IconDatabase,
  IconLayoutDashboard,
  IconMessageCircle,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useCan } from '../../components/needs-permission';
import { PageLoader } from '../../components/page-loader';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { useDashboardStats } from '../../features/dashboard/api/get-dashboard-stats';
import { SentForApprovalToasts } from '../../features/products/components/sent-for-approval';
import { Walkthrough } from '../../features/walkthrough/components/walkthrough';
import { OutboxProvider, useOutboxSummary } from '../../local/outbox-hooks';
import { useLocalCatalog } from '../../local/use-local-catalog';
import { appOutbox } from '../app-outbox';
import { ConnectionIndicator } from './connection-indicator';
import classes from './layout.module.css';
import { PersistentStorageRequest } from './persistent-storage-request';
import { SidebarStatus } from './sidebar-status';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const SECTIONS: ReadonlyArray<{ to: string; label: string; icon: Icon }> = [
  { to: '/', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/products', label: 'Products', icon: IconBox },
  { to: '/work-orders', label: 'Work Orders', icon: IconClipboardList },
  { to: '/backups', label: 'Backups', icon: IconDatabase },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/subscription', label: 'Subscription', icon: IconCreditCard },
  { to: '/feedback', label: 'Feedback', icon: IconMessageCircle },
  { to: '/settings', label: 'Settings', icon: IconSettings },
];

const NAVBAR_ID = 'app-sidebar';

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

/**
 * Members' orders waiting for approval, next to Work Orders, for those who approve (owners and
 * admins, issue 19): orange, apart from the pending count; nothing while none wait.
 */
/** A dark orange: white on it, and it on white, are 5.8:1 (Mantine's orange 9 is 4.3:1). */
const AWAITING_BADGE_COLOR = '#b53c0c';

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

export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <OutboxProvider outbox={appOutbox}>
      <SignedInShell>{children}</SignedInShell>
    </OutboxProvider>
  );
}

function SignedInShell({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, key } = useLocation();
  // Below the sm breakpoint the closed sidebar is only slid off screen: keep it out of the tab order.
  const isMobile = useScreenQuery(`(max-width: ${em(767.98)})`);
  // The catalog on the device: opened for the signed-in user and kept up to date.
  useLocalCatalog();

  useEffect(() => {
    close();
  }, [key, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      // Mantine marks the shell data-resizing for its first 200 ms (and while the window
      // resizes), which sets its transition duration, an inherited custom property, to 0: the
      // flip back restyled the whole page, a 20-30 ms task after the first paint. The mark is
      // constant here (a later mod wins), so the duration is always 0; the navbar's own slide is
      // in layout.module.css.
      mod={{ resizing: 'always' }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap">
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={opened}
              onClick={toggle}
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Link to="/" style={{ display: 'inline-flex', textDecoration: 'none' }}>
              <Logo size={28} nameOnPhones={false} />
            </Link>
          </Group>
          <ConnectionIndicator />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label="App" inert={isMobile && !opened} className={classes.navbar}>
        <AppShell.Section grow className={classes.sidebarLinks}>
          {SECTIONS.map(({ to, label, icon: SectionIcon }) => {
            // A section stays current on its sub-pages (/work-orders/create).
            const current = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
            return (
              <MantineNavLink
                key={to}
                component={Link}
                to={to}
                label={label}
                active={current}
                aria-current={current ? 'page' : undefined}
                leftSection={<SectionIcon size={18} stroke={1.7} aria-hidden="true" />}
                rightSection={
                  to === '/work-orders' ? (
                    <Group gap={4} wrap="nowrap">
                      <QueuedBadge />
                      <AwaitingBadge onActiveLink={current} />
                      <PendingBadge onActiveLink={current} />
                    </Group>
                  ) : undefined
                }
                variant="filled"
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section pt="sm" className={classes.sidebarFooter}>
          <SidebarStatus />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <VerifyEmailBanner />
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
      <Walkthrough />
      <PersistentStorageRequest />
      {/* A price edit the outbox sends, now or later, that became an order awaiting approval (issue 31). */}
      <SentForApprovalToasts />
    </AppShell>
  );
}
