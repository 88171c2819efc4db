/**
 * The signed-in shell: header with the logo, the connection indicator and, inside BigCommerce's
 * control panel's frame, "Open in its own window" (open-in-window-button.tsx), a sidebar with the
 * app's sections (sidebar-links.tsx), the store status, Install and the account
 * (sidebar-status.tsx), the banner that asks an unverified address to verify itself, the current
 * screen, and the tour for new users. Loaded lazily: signed-out visitors never download it.
 * It provides the app's outbox (app-outbox.ts) to everything inside it.
 *
 * The sidebar by width: on a phone (under 768 px) a slide-in menu behind the header's burger; on
 * a tablet (768 to 1199 px) an icon rail, its names as tooltips and for screen readers, that the
 * header's button expands over the screen on demand; from 1200 px the full sidebar (decision 054).
 */
import { ActionIcon, AppShell, Burger, em, Group } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { SentForApprovalToasts } from '../../features/products/components/sent-for-approval';
import { Walkthrough } from '../../features/walkthrough/components/walkthrough';
import { useScreenQuery } from '../../lib/media-query';
import { OutboxProvider } from '../../local/outbox-hooks';
import { useLocalCatalog } from '../../local/use-local-catalog';
import { appOutbox } from '../app-outbox';
import '../touch-targets.css';
import { ConnectionIndicator } from './connection-indicator';
import classes from './layout.module.css';
import { PersistentStorageRequest } from './persistent-storage-request';
import { OpenInWindowButton } from './open-in-window-button';
import { NAVBAR_ID } from './rail-tooltip';
import { SidebarLinks } from './sidebar-links';
import { SidebarStatus } from './sidebar-status';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The full sidebar's width: on a desktop, and on a tablet when its rail is expanded. */
const SIDEBAR_WIDTH = 248;
/** The icon rail's width on a tablet: a 44 px target and the navbar's padding either side. */
const RAIL_WIDTH = 72;

export function SignedInLayout({ children }: { children?: ReactNode }) {
  return (
    <OutboxProvider outbox={appOutbox}>
      <SignedInShell>{children}</SignedInShell>
    </OutboxProvider>
  );
}

function SignedInShell({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [railOpen, { toggle: toggleRail, close: closeRail }] = useDisclosure(false);
  const { pathname, key } = useLocation();
  // Below the sm breakpoint the closed sidebar is only slid off screen: keep it out of the tab order.
  const isMobile = useScreenQuery(`(max-width: ${em(767.98)})`);
  const isTablet = useScreenQuery(`(min-width: ${em(768)}) and (max-width: ${em(1199.98)})`);
  const railExpanded = isTablet && railOpen;
  // The catalog on the device: opened for the signed-in user and kept up to date.
  useLocalCatalog();

  useEffect(() => {
    close();
    closeRail();
  }, [key, close, closeRail]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && railExpanded) closeRail();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      // The main column makes room for the rail only: the expanded rail lies over the screen.
      navbar={{ width: { base: SIDEBAR_WIDTH, sm: RAIL_WIDTH, lg: SIDEBAR_WIDTH }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
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
            <ActionIcon
              visibleFrom="sm"
              hiddenFrom="lg"
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleRail}
              aria-label={railExpanded ? 'Collapse navigation' : 'Expand navigation'}
              aria-expanded={railExpanded}
              aria-controls={NAVBAR_ID}
            >
              {railExpanded ? <IconLayoutSidebarLeftCollapse size={22} stroke={1.7} aria-hidden="true" /> : <IconLayoutSidebarLeftExpand size={22} stroke={1.7} aria-hidden="true" />}
            </ActionIcon>
            <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', minWidth: 44, minHeight: 44, textDecoration: 'none' }}>
              <Logo size={28} nameOnPhones={false} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <OpenInWindowButton />
            <ConnectionIndicator />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAVBAR_ID}
        p="sm"
        aria-label="App"
        inert={isMobile && !opened}
        className={classes.navbar}
        mod={{ rail: isTablet && !railOpen, expanded: railExpanded }}
      >
        <AppShell.Section grow className={classes.sidebarLinks}>
          <SidebarLinks pathname={pathname} rail={isTablet && !railOpen} />
        </AppShell.Section>
        <AppShell.Section pt="sm" className={classes.sidebarFooter}>
          <SidebarStatus rail={isTablet && !railOpen} />
        </AppShell.Section>
      </AppShell.Navbar>

      {/* A press on the screen folds an expanded rail back. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main} onPointerDown={railExpanded ? closeRail : undefined}>
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
