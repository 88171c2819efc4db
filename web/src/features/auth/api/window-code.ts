/**
 * POST /api/bigcommerce/window-code (issue 34): a one-time sign-in page for the signed-in user
 * (`/sign-in/code#code=...`), so "Open in its own window" can open the app outside BigCommerce's
 * control panel with the same user (the frame's session is the frame's own: a new window's
 * storage is another).
 */
import { WindowCodeResponse } from '@catalog/contracts/bigcommerce-app';
import { apiFetch } from '../../../lib/api-client';

/** The address of the sign-in page for a new window, on this origin. */
export async function requestWindowUrl(): Promise<string> {
  const { path } = await apiFetch('/api/bigcommerce/window-code', { method: 'POST', schema: WindowCodeResponse });
  const url = new URL(path, window.location.origin);
  // Only a page of this app: the window is opened as this origin's.
  if (url.origin !== window.location.origin) throw new Error('The server answered with an address outside the app');
  return url.href;
}
