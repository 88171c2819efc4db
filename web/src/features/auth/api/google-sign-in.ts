/** Sign-in with a Google account in a popup window (Firebase's GoogleAuthProvider). */
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/firebase';

export async function signInWithGoogle(): Promise<void> {
  const provider = new GoogleAuthProvider();
  // Let people with several Google accounts choose which one to use.
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(getFirebaseAuth(), provider, browserPopupRedirectResolver);
}
