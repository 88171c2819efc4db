/**
 * Email and password with Firebase Auth: sign in, create an account (which also signs in and
 * sends the verification email), and the password reset email whose link comes back to /login on
 * this origin.
 */
import {
  createUserWithEmailAndPassword,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/firebase';
import { sendVerificationEmail } from '../../../lib/email-verification';

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
}

/**
 * Creates the account, then asks Firebase to send the verification email. The account exists
 * whether or not that email could be sent: `verificationSent` says which (the banner of the
 * signed-in shell offers to send it again).
 */
export async function createAccount(email: string, password: string): Promise<{ verificationSent: boolean }> {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
  try {
    await sendVerificationEmail(user);
    return { verificationSent: true };
  } catch (err) {
    console.error('Could not send the verification email', err);
    return { verificationSent: false };
  }
}

export async function sendResetEmail(email: string): Promise<void> {
  await sendPasswordResetEmail(getFirebaseAuth(), email.trim(), {
    url: `${window.location.origin}/login`,
  });
}
