/**
 * App-wide services that the first paint does not need, loaded right after it (provider.tsx):
 * the notifications container, the service worker registration with its update notice, and the
 * "Storage is full" notice.
 * Notifications shown before this loads are queued by @mantine/notifications and appear then.
 */
// Their styles only: Mantine's whole stylesheet waits for a screen that needs it (lazy-named.ts).
import './mantine-notifications.css';
import { Notifications } from '@mantine/notifications';
import { PwaUpdateNotice } from './pwa-update-notice';
import { StorageFullNotice } from './storage-full-notice';

export function AppServices() {
  return (
    <>
      <Notifications />
      <PwaUpdateNotice />
      <StorageFullNotice />
    </>
  );
}
