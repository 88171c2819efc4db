/**
 * "Install app": shown only while the browser offers installation (install-prompt.ts), in the
 * signed-in sidebar (layouts/sidebar-status.tsx) and the marketing header; hidden once the app is
 * installed.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { canInstallNow, promptInstall, subscribeInstallOffer } from './install-prompt';

export function InstallButton(props: ButtonProps) {
  const canInstall = useSyncExternalStore(subscribeInstallOffer, canInstallNow, () => false);
  if (!canInstall) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={() => void promptInstall()}
      {...props}
    >
      Install app
    </Button>
  );
}
