/**
 * The Firebase app and Auth instance, created on first use. Only lazily loaded code imports this
 * module (the session loads it with a dynamic import), so the landing page's entry chunk never
 * carries the SDK.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  signOut,
  type Auth,
} from 'firebase/auth';
import { firebaseSettings, readRuntimeConfig } from './firebase-config';

let auth: Auth | undefined;

/** The app's Auth instance; the first call creates it and starts restoring the stored session. */
export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const settings = firebaseSettings(import.meta.env, readRuntimeConfig());
  const created = initializeAuth(initializeApp(settings.options), {
    // IndexedDB first; local and then session storage where IndexedDB is unavailable.
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    // No popupRedirectResolver here: it would preload Google's api.js on every page (a failed
    // request offline); the Google sign-in passes it when it opens the popup.
  });
  if (settings.emulatorUrl) {
    connectAuthEmulator(created, settings.emulatorUrl, { disableWarnings: true });
  }
  auth = created;
  return created;
}

/**
 * The signed-in user's ID token (refreshed by the SDK when it is about to expire), or null
 * when nobody is signed in.
 */
export async function getIdToken(): Promise<string | null> {
  const instance = getFirebaseAuth();
  await instance.authStateReady();
  return instance.currentUser ? instance.currentUser.getIdToken() : null;
}

/** The signed-in person as the UI needs them (a plain copy of Firebase's User). */
export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  /** Firebase says the email address is proven (its link was opened; Google accounts are). */
  emailVerified: boolean;
}

/** What the session (src/lib/session.ts) needs from the identity service. */
export interface IdentitySource {
  /**
   * Calls back with the restored user (or null) once the stored session is read, and again on
   * every sign-in, sign-out and token refresh; returns the unsubscribe function.
   */
  subscribe(onUser: (user: IdentityUser | null) => void): () => void;
  signOut(): Promise<void>;
  getIdToken(): Promise<string | null>;
}

/** Firebase as the session's identity source. */
export function connectFirebase(): IdentitySource {
  const instance = getFirebaseAuth();
  return {
    subscribe: (onUser) =>
      onIdTokenChanged(instance, (user) =>
        onUser(
          user && {
            uid: user.uid,
            email: user.email,
            displayName: user.displayName,
            photoURL: user.photoURL,
            emailVerified: user.emailVerified,
          },
        ),
      ),
    signOut: () => signOut(instance),
    getIdToken,
  };
}
