/** The marketing footer: logo, one-line pitch, site links and copyright. */
import { Container, Group, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/logo';
import classes from './marketing-footer.module.css';

const FOOTER_LINKS = [
  { to: '/#features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/feedback', label: 'Contact' },
  { to: '/login', label: 'Sign In' },
] as const;

const currentYear = () => new Date().getFullYear();
/** The year of the build-time render (scripts/prerender-landing.ts); unset outside a build. */
const buildYear = () => Number(import.meta.env.VITE_BUILD_YEAR) || currentYear();
const never = () => () => {};

/**
 * This year. Hydrating the pre-rendered landing page, the year it was built in first (what the
 * markup says, so no mismatch), then this year if that differs.
 */
function useYear(): number {
  return useSyncExternalStore(never, currentYear, buildYear);
}

export function MarketingFooter() {
  const year = useYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={360}>
            <Link to="/" className={classes.logoLink}>
              <Logo size={28} />
            </Link>
            <Text size="sm" c="dimmed">
              Offline-ready catalog browsing and bulk price changes for BigCommerce stores.
            </Text>
          </Stack>
          <nav aria-label="Footer">
            <ul className={classes.links}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Group>
        <Text size="xs" c="dimmed" mt="xl">
          © {year} Catalog Pilot. BigCommerce is a trademark of its owner;
          Catalog Pilot is an independent app.
        </Text>
      </Container>
    </footer>
  );
}
