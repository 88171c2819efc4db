/**
 * Signing in with a one-time code (issue 34): BigCommerce's control panel opens the app at
 * /sign-in/code#code=..., and "Open in its own window" opens the same page in a new window. The
 * code is traded for a Firebase custom token (POST /api/bigcommerce/sign-in, public), which signs
 * the store's user in to Firebase Auth with the persistence the app configures (lib/firebase.ts):
 * no popup, no cookie, so it works inside the control panel's iframe.
 */
import { SignInWithCodeResponse } from '@catalog/contracts/bigcommerce-app';
import { signInWithCustomToken } from 'firebase/auth';
import { apiFetch } from '../../../lib/api-client';
import { getFirebaseAuth } from '../../../lib/firebase';
import { runSignOutCallbacks } from '../../../lib/sign-out-callbacks';

/** The code in the page's fragment (`#code=...`); null when there is none. */
export function codeFromHash(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code')?.trim();
  return code || null;
}

/**
 * Trades `code` for a custom token and signs in with it; resolves with the signed-in uid. Another
 * user signed in on this device before is signed out by it: their data on the device goes, as
 * at any sign-out (lib/sign-out-callbacks.ts).
 */
export async function signInWithCode(code: string): Promise<string> {
  const { customToken } = await apiFetch('/api/bigcommerce/sign-in', {
    method: 'POST',
    body: { code },
    auth: false,
    schema: SignInWithCodeResponse,
  });
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  const before = auth.currentUser?.uid;
  const { user } = await signInWithCustomToken(auth, customToken);
  if (before && before !== user.uid) await runSignOutCallbacks(before);
  return user.uid;
}
