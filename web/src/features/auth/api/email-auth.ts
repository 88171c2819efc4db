/**
 * Email and password with Firebase Auth: sign in, create an account (which also signs in), and
 * the password reset email whose link comes back to /login on this origin.
 */
import {
  createUserWithEmailAndPassword,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/firebase';

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
}

export async function createAccount(email: string, password: string): Promise<void> {
  await createUserWithEmailAndPassword(getFirebaseAuth(), email.trim(), password);
}

export async function sendResetEmail(email: string): Promise<void> {
  await sendPasswordResetEmail(getFirebaseAuth(), email.trim(), {
    url: `${window.location.origin}/login`,
  });
}
