/**
 * The marketing navigation bar: logo, section links, and the sign-in buttons (or a Dashboard
 * button when signed in), and Install app while the browser offers installation. The current
 * route is marked with aria-current and highlighted; below the `sm` breakpoint the links fold
 * into a menu opened by a burger button.
 */
import { Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useAuth } from '../../lib/session';
import { InstallButton } from '../install-button';
import { landingHydrated } from '../landing-until-intent';
import classes from './marketing-header.module.css';

const MOBILE_MENU_ID = 'marketing-mobile-menu';

function NavLinks({ linkClassName }: { linkClassName: string | undefined }) {
  const { pathname, hash } = useLocation();
  return (
    <>
      {/* An in-page anchor, not a route: current only while the landing page shows that section. */}
      <Link
        to="/#features"
        className={linkClassName}
        aria-current={pathname === '/' && hash === '#features' ? 'location' : undefined}
      >
        Features
      </Link>
      <NavLink to="/pricing" className={linkClassName}>
        Pricing
      </NavLink>
      <NavLink to="/feedback" className={linkClassName}>
        Contact
      </NavLink>
    </>
  );
}

function AccountButtons({ fullWidth = false }: { fullWidth?: boolean }) {
  const { user } = useAuth();
  if (user) {
    return (
      <Button component={Link} to="/" fullWidth={fullWidth}>
        Dashboard
      </Button>
    );
  }
  return (
    <>
      <Button component={NavLink} to="/login" variant="default" fullWidth={fullWidth}>
        Sign In
      </Button>
      <Button component={Link} to="/login" fullWidth={fullWidth}>
        Get Started
      </Button>
    </>
  );
}

export function MarketingHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const { key: locationKey } = useLocation();
  const closeMenu = menu.close;

  // Following a link (a new location) closes the mobile menu.
  useEffect(() => {
    closeMenu();
  }, [locationKey, closeMenu]);

  // A tap on a button made before the landing page hydrated is clicked again now (after the
  // effect above, which would close a menu the tap opened).
  useEffect(landingHydrated, []);

  return (
    <header className={classes.header}>
      <Container size="lg">
        <Group className={classes.bar} justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.logoLink}>
            <Logo />
          </Link>

          <Box component="nav" aria-label="Main" visibleFrom="sm">
            <Group gap={4} wrap="nowrap">
              <NavLinks linkClassName={classes.link} />
            </Group>
          </Box>

          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            <InstallButton />
            <AccountButtons />
          </Group>

          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
            aria-controls={MOBILE_MENU_ID}
          />
        </Group>
      </Container>

      <Box hiddenFrom="sm">
        <Collapse in={menuOpened} id={MOBILE_MENU_ID}>
          <Container size="lg" pb="md" pt="xs" className={classes.mobileMenu}>
            <nav aria-label="Main">
              <Stack gap={2}>
                <NavLinks linkClassName={`${classes.link} ${classes.mobileLink}`} />
              </Stack>
            </nav>
            <Stack gap="sm" mt="md">
              <InstallButton fullWidth />
              <AccountButtons fullWidth />
            </Stack>
          </Container>
        </Collapse>
      </Box>
    </header>
  );
}
