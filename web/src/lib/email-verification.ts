/**
 * Proving the email address of an account made with email and password: Firebase's verification
 * email (its link comes back to /login on this origin), and reading the account again once the
 * person says they opened it. Google accounts are verified already. The API lists and accepts
 * invitations only for an ID token that says `email_verified: true`, so after verifying, the token
 * is refreshed at once (the session sees the new flag through onIdTokenChanged).
 *
 * A store's user signed in from BigCommerce's control panel (issue 34) has no email in their
 * Firebase profile, so Firebase never calls it verified: BigCommerce vouches for their address
 * (the API trusts their token as verified), so nothing here asks them to verify it.
 */
import { isBigCommerceUid } from '@catalog/contracts/bigcommerce-app';
import type { User } from 'firebase/auth';

/**
 * The session's user has a proven address: Firebase says so, or they are a store's user from
 * BigCommerce (contracts' rule for their uid). What the banner and the invitation screens gate on.
 */
export function hasVerifiedEmail(user: { uid: string; emailVerified: boolean }): boolean {
  return user.emailVerified || isBigCommerceUid(user.uid);
}

/** What the verification controls need; component tests pass a stand-in. */
export interface EmailVerificationActions {
  /** Sends (again) the verification email to the signed-in user. */
  resend: () => Promise<void>;
  /** Reloads the signed-in user and refreshes their ID token; true when the email is verified now. */
  refresh: () => Promise<boolean>;
}

/** The continue URL of the email's link: the app's sign-in page on this origin. */
export const verificationContinueUrl = () => `${window.location.origin}/login`;

/** Sends Firebase's verification email to `user` (right after sign-up, or on "Resend email"). */
export async function sendVerificationEmail(user: User): Promise<void> {
  const { sendEmailVerification } = await import('firebase/auth');
  await sendEmailVerification(user, { url: verificationContinueUrl() });
}

async function currentUser(): Promise<User> {
  // Loaded on use, as the session does: the shell's chunk does not carry the SDK.
  const { getFirebaseAuth } = await import('./firebase');
  const auth = getFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) throw new Error('Nobody is signed in');
  return auth.currentUser;
}

export const firebaseEmailVerification: EmailVerificationActions = {
  async resend() {
    await sendVerificationEmail(await currentUser());
  },
  async refresh() {
    const user = await currentUser();
    // The token first: it is issued with the account's current email_verified (what the API
    // checks), so by the time reload() tells the session the user is verified, the token that
    // screens then send says so too.
    await user.getIdToken(true);
    await user.reload();
    return user.emailVerified;
  },
};
