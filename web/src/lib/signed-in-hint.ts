/**
 * This device's memory of who was signed in (localStorage), read before any of the app loads:
 * by index.html's inline script (the '1' flag), by the entry to decide whether the pre-rendered
 * landing page is what this visit shows (app/prerendered-landing.ts) and to start a returning
 * user's screen early (app/start-early.ts), and by the session (lib/session.ts), which writes it
 * and shows the remembered user until the identity service has restored the session
 * (decision 041). A leaf module, so the entry stays free of the app's code.
 */

/** localStorage key: '1' while someone is signed in on this device. */
export const SIGNED_IN_HINT_KEY = 'catalog-pilot:signed-in';
/** localStorage key: the signed-in user as the interface shows them (JSON of RememberedUser). */
export const REMEMBERED_USER_KEY = 'catalog-pilot:signed-in-user';

/** The signed-in person as the interface needs them (the session's user; lib/firebase.ts IdentityUser). */
export interface RememberedUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export function readSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false; // storage disabled: behave as for a first visit
  }
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The user signed in on this device when it last knew; null when none (or unreadable). */
export function readRememberedUser(): RememberedUser | null {
  try {
    if (!readSignedInHint()) return null;
    const value: unknown = JSON.parse(window.localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { uid, email, displayName, photoURL, emailVerified } = value as Record<string, unknown>;
    if (typeof uid !== 'string' || uid === '' || !stringOrNull(email) || !stringOrNull(displayName) || !stringOrNull(photoURL) || typeof emailVerified !== 'boolean') return null;
    return { uid, email, displayName, photoURL, emailVerified };
  } catch {
    return null; // storage disabled or not JSON: wait for the identity service
  }
}

/** Remembers who is signed in now (null: nobody). */
export function writeSignedInHint(user: RememberedUser | null): void {
  try {
    if (user) {
      const { uid, email, displayName, photoURL, emailVerified } = user;
      window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
      window.localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify({ uid, email, displayName, photoURL, emailVerified }));
    } else {
      window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
      window.localStorage.removeItem(REMEMBERED_USER_KEY);
    }
  } catch {
    // storage disabled: the next visit starts with the signed-out pages
  }
}
