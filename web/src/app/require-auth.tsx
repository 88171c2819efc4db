/**
 * Guards the signed-in screens: a loader while the session is restored, then the screen for a
 * signed-in user. A visitor is sent to /login (which returns them here after signing in); a user
 * who has just signed out, here or in another tab, goes to the landing page instead.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useAuth } from '../lib/session';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading, isRestored } = useAuth();
  const location = useLocation();
  const wasSignedIn = useRef(false);

  // Signed in for real (not only remembered, lib/session.ts): a session Firebase does not restore
  // is one to sign in to again, not a sign-out.
  useEffect(() => {
    if (user && isRestored) wasSignedIn.current = true;
  }, [user, isRestored]);

  if (isLoading) return <PageLoader />;
  if (!user) {
    if (wasSignedIn.current) return <Navigate to="/" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <>{children ?? <Outlet />}</>;
}
