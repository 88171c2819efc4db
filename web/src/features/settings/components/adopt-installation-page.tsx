/**
 * /adopt-installation#code=...: the owner of a company, signed in (the route requires it; the
 * code survives the sign-in in the fragment), adopts a store's installation from BigCommerce
 * (decision 056). The code is read from the fragment once and cleared from the address; it is
 * sent once; then Settings show the store connected, or the page says why not.
 */
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getErrorMessage } from '@catalog/contracts/errors';
import { adoptInstallation } from '../api/adopt-installation';

const NOT_VALID = 'This adoption link is not valid any more: install the app again from your BigCommerce control panel.';

export function AdoptInstallationPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once (StrictMode runs effects twice; the code works once).
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) {
      setError(NOT_VALID);
      return;
    }
    adoptInstallation(code).then(
      ({ storeHash }) => {
        notifications.show({ color: 'green', title: 'Store adopted', message: `Store ${storeHash} is now connected through its BigCommerce installation.` });
        void navigate('/settings', { replace: true });
      },
      (err: unknown) => setError(getErrorMessage(err, NOT_VALID)),
    );
  }, [navigate]);

  useEffect(() => {
    if (error) heading.current?.focus();
  }, [error]);

  if (!error) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text role="status">Adopting the installation…</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack maw={560} mx="auto" py="xl" gap="md">
      <Title order={1} size="h3" ref={heading} tabIndex={-1}>
        The installation could not be adopted
      </Title>
      <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {error}
      </Alert>
      <Anchor component={Link} to="/settings">
        Go to Settings
      </Anchor>
    </Stack>
  );
}
