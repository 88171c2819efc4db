/**
 * /sign-in/code#code=...: where BigCommerce's control panel opens the app (the API redirects its
 * iframe here after an install or a load), and where "Open in its own window" opens it (issue 34).
 * The code is read from the fragment only (never sent to a server in an address or a log), and
 * the fragment is wiped from the address at once; the code is traded for a session
 * (api/sign-in-with-code.ts), and once the session has the user the app opens at its dashboard,
 * replacing this page in the history so Back does not come here again. While that runs: "Signing
 * you in…"; when it fails: why (the server's words, else FALLBACK) and the way to the sign-in page.
 */
import { isApiError } from '@catalog/contracts/errors';
import { Alert, Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { codeFromHash, signInWithCode } from '../api/sign-in-with-code';

export const SIGN_IN_WITH_CODE_MESSAGES = {
  working: 'Signing you in…',
  failedTitle: 'Could not sign you in',
  /** No code, no answer (offline), or no message from the server. */
  fallback: 'This sign-in link is not valid any more: open the app again from your BigCommerce control panel',
  signInLink: 'Go to the sign-in page',
} as const;

/** Where a user signed in with a code goes: the app's start, as after any sign-in (login-page.tsx). */
const SIGNED_IN_TARGET = '/';

function failureMessage(err: unknown): string {
  return isApiError(err) && err.message ? err.message : SIGN_IN_WITH_CODE_MESSAGES.fallback;
}

export function SignInWithCodePage() {
  usePageTitle('Signing in');
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isRestored } = useAuth();
  // Read once: the fragment is gone from the address after the first render.
  const [code] = useState(() => codeFromHash(location.hash));
  const [signedInUid, setSignedInUid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(code ? null : SIGN_IN_WITH_CODE_MESSAGES.fallback);
  // One attempt per page: the code works once (StrictMode runs the effect twice in development).
  const attempt = useRef<Promise<string> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Before the first paint: the code leaves the address (and so the history and any bookmark).
  useLayoutEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  useEffect(() => {
    if (!code) return;
    let active = true;
    attempt.current ??= signInWithCode(code);
    attempt.current.then(
      (uid) => {
        if (active) setSignedInUid(uid);
      },
      (err: unknown) => {
        console.error('Could not sign in with the code', err);
        if (active) setFailure(failureMessage(err));
      },
    );
    return () => {
      active = false;
    };
  }, [code]);

  // On once the session has the new user (else the next page would see the one before, or nobody).
  useEffect(() => {
    if (signedInUid && isRestored && user?.uid === signedInUid) void navigate(SIGNED_IN_TARGET, { replace: true });
  }, [signedInUid, isRestored, user, navigate]);

  useEffect(() => {
    if (failure) heading.current?.focus();
  }, [failure]);

  if (!failure) {
    return (
      <Center mih="60vh" px="md" role="status">
        <Stack align="center" gap="sm">
          <Loader aria-hidden="true" />
          <Text size="lg">{SIGN_IN_WITH_CODE_MESSAGES.working}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Container size={520} py={{ base: 32, sm: 64 }} px="md">
      <Stack gap="md">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {SIGN_IN_WITH_CODE_MESSAGES.failedTitle}
        </Title>
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          <Stack gap="sm">
            <Text size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
              {failure}
            </Text>
            <Anchor component={Link} to="/login" size="sm" underline="always">
              {SIGN_IN_WITH_CODE_MESSAGES.signInLink}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    </Container>
  );
}
