/**
 * The signed-in session as the UI sees it: `AuthProvider` follows Firebase's ID token
 * (onIdTokenChanged) and `useAuth()` gives user, isLoading, isAuthenticated, signOut and
 * getIdToken to routes, layouts and the API client.
 *
 * The Firebase SDK is loaded in the background, never before the first paint. This device
 * remembers (localStorage, signed-in-hint.ts) who was signed in: a visitor who never was sees the
 * signed-out pages at once, and a returning user sees their screens at once, as the remembered
 * user, while Firebase restores the session (decision 041). Nothing the server holds is read
 * before that: every API call waits for Firebase's token. Should Firebase find no session (it
 * expired, or was ended elsewhere), the session becomes signed out and the screens ask to sign
 * in. A device that remembers only that someone was signed in (written before the user was)
 * shows a loader until the session is restored rather than a flash of the landing page.
 */
import {
  createContext,
  createElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { IdentitySource, IdentityUser } from './firebase';
import { onIdle } from './idle';
import { runSignOutCallbacks } from './sign-out-callbacks';
import { readRememberedUser, readSignedInHint, writeSignedInHint } from './signed-in-hint';

/** The signed-in person, as far as the interface needs to know them. */
export type SessionUser = IdentityUser;

export interface Session {
  /** null while signed out (or while still loading). */
  user: SessionUser | null;
  /** true until the stored session has been restored; routes show a loader meanwhile. */
  isLoading: boolean;
  /**
   * The identity service has answered: `user` is the session it restored, not this device's
   * memory of the last one (which `user` is until then, when there is one).
   */
  isRestored: boolean;
  /** A user is signed in (and loading is over). */
  isAuthenticated: boolean;
  /** Signs out on this device; the session becomes signed out when it resolves. */
  signOut: () => Promise<void>;
  /** The current ID token for API calls, or null when signed out. */
  getIdToken: () => Promise<string | null>;
}

/** Loads the Firebase SDK (a separate chunk) and connects to it. */
const connectFirebase = async (): Promise<IdentitySource> =>
  (await import('./firebase')).connectFirebase();

/** How long a visitor's page may stay idle before Firebase loads anyway. */
const IDLE_LOAD_TIMEOUT_MS = 2000;

/** User Timing mark of the identity service's first answer (benchmarks and DevTools read it). */
const SESSION_RESTORED_MARK = 'session-restored';

const SIGNED_OUT: Session = {
  user: null,
  isLoading: false,
  isRestored: true,
  isAuthenticated: false,
  signOut: async () => {},
  getIdToken: async () => null,
};

const AuthContext = createContext<Session>(SIGNED_OUT);

/** The mounted AuthProvider's identity source, for code outside React (the API client). */
let activeSource: (() => Promise<IdentitySource>) | null = null;

/**
 * The signed-in user's ID token (refreshed by Firebase when about to expire), or null when
 * signed out: what the API client sends as its bearer token.
 */
export async function getIdToken(): Promise<string | null> {
  const source = await (activeSource ?? connectFirebase)();
  return source.getIdToken();
}

function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.uid === b.uid &&
      a.email === b.email &&
      a.displayName === b.displayName &&
      a.photoURL === b.photoURL &&
      a.emailVerified === b.emailVerified)
  );
}

export interface AuthProviderProps {
  children: ReactNode;
  /** The identity service; Firebase unless a test passes a stand-in. */
  connect?: () => Promise<IdentitySource>;
}

export function AuthProvider({ children, connect = connectFirebase }: AuthProviderProps) {
  const [wasSignedIn] = useState(readSignedInHint);
  const [state, setState] = useState<{ user: SessionUser | null; isLoading: boolean; isRestored: boolean }>(() => {
    const remembered = readRememberedUser();
    return { user: remembered, isLoading: wasSignedIn && !remembered, isRestored: false };
  });
  const sourceRef = useRef<Promise<IdentitySource> | null>(null);
  const getSource = useCallback(() => {
    sourceRef.current ??= connect().catch((err: unknown) => {
      sourceRef.current = null;
      throw err;
    });
    return sourceRef.current;
  }, [connect]);

  // A layout effect: it runs before any passive effect inside, where a remembered user's screens
  // already fetch (lib/api-client.ts asks getIdToken, which must reach this provider's source).
  useLayoutEffect(() => {
    activeSource = getSource;
    return () => {
      if (activeSource === getSource) activeSource = null;
    };
  }, [getSource]);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    const start = () => {
      getSource().then(
        (source) => {
          if (!active) return;
          unsubscribe = source.subscribe((user) => {
            if (!performance.getEntriesByName(SESSION_RESTORED_MARK).length) performance.mark(SESSION_RESTORED_MARK);
            writeSignedInHint(user);
            // A transition: the screens the session opens render in slices, not one long task.
            startTransition(() => {
              setState((prev) =>
                sameUser(prev.user, user) && prev.isRestored
                  ? prev
                  : // The same user keeps its object: what depends on it does not run again.
                    { user: sameUser(prev.user, user) ? prev.user : user, isLoading: false, isRestored: true },
              );
            });
          });
        },
        (err: unknown) => {
          console.error('Could not start the sign-in service', err);
          if (active) setState({ user: null, isLoading: false, isRestored: true });
        },
      );
    };
    // A returning user waits for the session anyway; a visitor's first paint comes first.
    let cancelIdle: (() => void) | undefined;
    if (wasSignedIn) start();
    else cancelIdle = onIdle(start, IDLE_LOAD_TIMEOUT_MS, 200);
    return () => {
      active = false;
      cancelIdle?.();
      unsubscribe?.();
    };
  }, [getSource, wasSignedIn]);

  // The signed-in uid, for the sign-out clean-ups (the state is already null when they run).
  const uidRef = useRef<string | null>(null);
  useEffect(() => {
    if (state.user) uidRef.current = state.user.uid;
  }, [state.user]);

  const signOut = useCallback(async () => {
    const source = await getSource();
    const uid = uidRef.current;
    await source.signOut();
    writeSignedInHint(null);
    uidRef.current = null;
    // Per-user data on this device (the local catalog) goes with the session.
    if (uid) await runSignOutCallbacks(uid);
  }, [getSource]);

  const getToken = useCallback(async () => (await getSource()).getIdToken(), [getSource]);

  const value = useMemo<Session>(
    () => ({
      user: state.user,
      isLoading: state.isLoading,
      isRestored: state.isRestored,
      isAuthenticated: !state.isLoading && state.user !== null,
      signOut,
      getIdToken: getToken,
    }),
    [state, signOut, getToken],
  );
  return createElement(AuthContext.Provider, { value }, children);
}

/** The current session; signed out (and not loading) outside an AuthProvider. */
export function useAuth(): Session {
  return useContext(AuthContext);
}
