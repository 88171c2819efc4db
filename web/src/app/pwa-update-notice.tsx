/**
 * Registers the service worker and, when a new version has been downloaded, keeps a notice on
 * screen until the user reloads. registerType is 'prompt' (vite.config.ts): a new version never
 * replaces the running one by surprise, e.g. in the middle of editing a work order.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_NOTICE_ID = 'pwa-update';
/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function PwaUpdateNotice() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    notifications.show({
      id: UPDATE_NOTICE_ID,
      title: 'A new version is available',
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">Reload to start using it.</Text>
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      ),
      autoClose: false,
      withCloseButton: true,
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}
