/**
 * App-wide services that the first paint does not need, loaded right after it (provider.tsx):
 * the notifications container, the service worker registration with its update notice, and the
 * "Storage is full" notice.
 * Notifications shown before this loads are queued by @mantine/notifications and appear then.
 * No service worker in a frame (BigCommerce's control panel, issue 34): a frame is not
 * installable, and its worker would be a third-party one, which a browser blocking third-party
 * storage refuses ("Open in its own window" opens the installable app).
 */
// Their styles only: Mantine's whole stylesheet waits for a screen that needs it (lazy-named.ts).
import './mantine-notifications.css';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isFramed } from '../lib/framed';
import { PwaUpdateNotice } from './pwa-update-notice';
import { StorageFullNotice } from './storage-full-notice';

export function AppServices() {
  const [framed] = useState(isFramed);
  return (
    <>
      <Notifications />
      {!framed && <PwaUpdateNotice />}
      <StorageFullNotice />
    </>
  );
}
