/**
 * Renders one element for signed-in users and another for signed-out visitors, e.g. the
 * dashboard or the landing page at "/". A loader shows while the session is being restored.
 */
import type { ReactNode } from 'react';
import { PageLoader } from '../components/page-loader';
import { useAuth } from '../lib/session';

export function AuthSwitch({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageLoader />;
  return <>{user ? signedIn : signedOut}</>;
}
