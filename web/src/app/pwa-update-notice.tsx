/**
 * Registers the service worker and, when a new version has been downloaded, keeps a notice on
 * screen until the user reloads. registerType is 'prompt' (vite.config.ts): a new version never
 * replaces the running one by surprise, e.g. in the middle of editing a work order. Reload first
 * waits for everything registered with lib/before-reload (drafts written now, not after their
 * autosave delay), so nothing typed is lost. Not rendered in a frame (app-services.tsx).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { isOnline } from '../lib/connectivity';
import { reloadIntoNewVersion } from './reload-into-new-version';

const UPDATE_NOTICE_ID = 'pwa-update';
/** How often an open tab asks the server whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function ReloadButton({ onReload }: { onReload: () => Promise<void> }) {
  const [saving, setSaving] = useState(false);
  return (
    <Button
      size="xs"
      loading={saving}
      onClick={() => {
        setSaving(true);
        void onReload().catch((err: unknown) => {
          console.error('Could not reload into the new version', err);
          setSaving(false);
        });
      }}
    >
      Reload
    </Button>
  );
}

export function PwaUpdateNotice() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (isOnline()) void registration.update();
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
          <ReloadButton onReload={() => reloadIntoNewVersion(updateServiceWorker)} />
        </Group>
      ),
      autoClose: false,
      withCloseButton: true,
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}
