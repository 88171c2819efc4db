/**
 * App-wide services that the first paint does not need, loaded right after it (provider.tsx):
 * the notifications container and the service worker registration with its update notice.
 * Notifications shown before this loads are queued by @mantine/notifications and appear then.
 */
import { Notifications } from '@mantine/notifications';
import { PwaUpdateNotice } from './pwa-update-notice';

export function AppServices() {
  return (
    <>
      <Notifications />
      <PwaUpdateNotice />
    </>
  );
}
