/**
 * The signed-in session as the UI sees it. There is no sign-in yet, so every visitor is signed
 * out; the auth issue replaces the body of useAuth() with the Firebase-backed session and keeps
 * this shape, so routes and layouts that switch on it need no change.
 */

/** The signed-in person, as far as the interface needs to know them. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface Session {
  /** null while signed out (or while still loading). */
  user: SessionUser | null;
  /** true until the stored session has been restored; routes show a loader meanwhile. */
  isLoading: boolean;
}

const SIGNED_OUT: Session = { user: null, isLoading: false };

export function useAuth(): Session {
  return SIGNED_OUT;
}
