/**
 * The signed-in shell: header with the logo, a sidebar with the app's sections (a slide-in menu
 * on small screens) and the current screen. Loaded lazily: signed-out visitors never download it.
 * The pending work-order badge and the store connection status come with their issues.
 */
import { AppShell, Burger, em, Group, NavLink as MantineNavLink } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconBox,
  IconClipboardList,
  IconCreditCard,
  IconMessageCircle,
  IconSettings,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import classes from './layout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const SECTIONS: ReadonlyArray<{ to: string; label: string; icon: Icon }> = [
  { to: '/products', label: 'Products', icon: IconBox },
  { to: '/work-orders', label: 'Work Orders', icon: IconClipboardList },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/subscription', label: 'Subscription', icon: IconCreditCard },
  { to: '/feedback', label: 'Feedback', icon: IconMessageCircle },
  { to: '/settings', label: 'Settings', icon: IconSettings },
];

const NAVBAR_ID = 'app-sidebar';

export function SignedInLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, key } = useLocation();
  // Below the sm breakpoint the closed sidebar is only slid off screen: keep it out of the tab order.
  const isMobile = useMediaQuery(`(max-width: ${em(767.98)})`);

  useEffect(() => {
    close();
  }, [key, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
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
            <Logo size={28} />
          </Link>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label="App" inert={isMobile && !opened}>
        {SECTIONS.map(({ to, label, icon: SectionIcon }) => {
          // A section stays current on its sub-pages (/work-orders/create).
          const current = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <MantineNavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              active={current}
              aria-current={current ? 'page' : undefined}
              leftSection={<SectionIcon size={18} stroke={1.7} aria-hidden="true" />}
              variant="filled"
            />
          );
        })}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
