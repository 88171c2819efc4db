/**
 * What must happen on this device when someone signs out, registered by the layers that keep
 * per-user data (src/local deletes the user's catalog database: a shared tablet must not show
 * the last user's catalog). The session calls `runSignOutCallbacks(uid)` after signing out, so
 * the session does not need to know who keeps what.
 */

/** Receives the uid of the user who signed out. */
export type SignOutCallback = (uid: string) => void | Promise<void>;

const callbacks = new Set<SignOutCallback>();

/** Registers `callback` for every sign-out; returns the function that unregisters it. */
export function onSignOut(callback: SignOutCallback): () => void {
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}

/** Runs every callback (all of them, even when one fails); failures are logged, never thrown. */
export async function runSignOutCallbacks(uid: string): Promise<void> {
  const results = await Promise.allSettled([...callbacks].map(async (callback) => callback(uid)));
  for (const result of results) {
    if (result.status === 'rejected') console.error('A sign-out clean-up failed', result.reason);
  }
}
