/**
 * "Open in its own window": in the signed-in header while the app runs inside another page's
 * frame (BigCommerce's control panel, issue 34). It asks the API for a one-time sign-in page for
 * the same user and opens it in a new window, where the app has the whole screen (and the
 * browser's own storage: a frame's is its own).
 *
 * The window opens in the press itself, blank, and is sent to the page once the API answers: a
 * window opened after waiting for the network is a popup that browsers block. Its opener is
 * cleared before it leaves about:blank, as `noopener` would (which also takes away the handle
 * needed to send it on). Should the API fail, the blank window closes and a red toast says why.
 */
import { getErrorMessage } from '@catalog/contracts/errors';
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Deferred } from '../../components/deferred';
import { requestWindowUrl } from '../../features/auth/api/window-code';
import { isFramed } from '../../lib/framed';
import { PRODUCT_NAME } from '../../lib/use-page-title';

export const OPEN_IN_WINDOW = {
  label: 'Open in its own window',
  failedTitle: 'Could not open a new window',
  failed: 'The new window could not be opened. Try again in a moment.',
  blocked: 'Your browser blocked the new window. Allow pop-ups for this app, then try again.',
} as const;

/** A blank window until the sign-in page's address is known; null when the browser refused one. */
function openBlankWindow(): Window | null {
  const popup = window.open('about:blank', '_blank');
  if (!popup) return null;
  try {
    popup.document.title = PRODUCT_NAME;
    popup.document.body.textContent = `Opening ${PRODUCT_NAME}…`;
  } catch {
    // Nothing to show meanwhile: the window still opens the app.
  }
  return popup;
}

export function OpenInWindowButton() {
  const [framed] = useState(isFramed);
  const [opening, setOpening] = useState(false);
  if (!framed) return null;

  const open = async () => {
    const popup = openBlankWindow();
    if (!popup) {
      notifications.show({ color: 'red', title: OPEN_IN_WINDOW.failedTitle, message: OPEN_IN_WINDOW.blocked });
      return;
    }
    setOpening(true);
    try {
      const url = await requestWindowUrl();
      popup.opener = null;
      popup.location.replace(url);
    } catch (err) {
      console.error('Could not open the app in a new window', err);
      popup.close();
      notifications.show({ color: 'red', title: OPEN_IN_WINDOW.failedTitle, message: getErrorMessage(err, OPEN_IN_WINDOW.failed) });
    } finally {
      setOpening(false);
    }
  };

  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => void open()}
      loading={opening}
      aria-label={OPEN_IN_WINDOW.label}
    >
      <IconExternalLink size={18} stroke={1.7} aria-hidden="true" />
    </ActionIcon>
  );
  // The tooltip's machinery mounts after the first screen is painted (decision 044).
  return (
    <Deferred plain={() => button}>
      <Tooltip label={OPEN_IN_WINDOW.label} withArrow events={{ hover: true, focus: true, touch: true }}>
        {button}
      </Tooltip>
    </Deferred>
  );
}
