/**
 * /login: 'Loading...' while the session is restored, the sign-in card for visitors, and for a
 * signed-in user an empty placeholder while they are sent on: to the page that asked them to
 * sign in, else to / (1 second later after a Google sign-in, so its toast can be read).
 */
import { Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/session';
import { AuthForm } from './auth-form';

/** Spec section 9: third-party sign-in redirect delay. */
export const GOOGLE_REDIRECT_DELAY_MS = 1000;

const isSameSitePath = (from: unknown): from is string =>
  typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\');

/**
 * Where to go after sign-in: a same-site path a guard passed in `state.from`, else one in the
 * `?from=` of the address (GET /api/login redirects here with it), else '/'.
 */
export function returnPath(state: unknown, search = ''): string {
  const fromState = (state as { from?: unknown } | null)?.from;
  if (isSameSitePath(fromState)) return fromState;
  const fromQuery = new URLSearchParams(search).get('from');
  return isSameSitePath(fromQuery) ? fromQuery : '/';
}

export function LoginPage() {
  const { user, isLoading, isRestored } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const redirectDelay = useRef(0);
  const target = returnPath(location.state, location.search);

  useEffect(() => {
    // A remembered user (lib/session.ts) goes on only once Firebase has restored their session.
    if (!user || !isRestored) return;
    const timer = window.setTimeout(
      () => void navigate(target, { replace: true }),
      redirectDelay.current,
    );
    return () => window.clearTimeout(timer);
  }, [user, isRestored, navigate, target]);

  if (isLoading || (user && !isRestored)) {
    return (
      <Center mih="50vh" role="status">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text>Loading...</Text>
        </Stack>
      </Center>
    );
  }
  if (user) return <div aria-hidden="true" />;

  return (
    <Container size={460} py={{ base: 32, sm: 64 }} px="md">
      <AuthForm
        onGoogleStart={() => {
          redirectDelay.current = GOOGLE_REDIRECT_DELAY_MS;
        }}
        onGoogleFailure={() => {
          redirectDelay.current = 0;
        }}
      />
    </Container>
  );
}
