/**
 * "Continue with Google": Firebase's popup sign-in. Closing the popup is not an error; any
 * other failure is reported through `onError` with the message of spec section 8.
 */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { signInWithGoogle } from '../api/google-sign-in';
import { authErrorMessage, isCancelledSignIn, isExplainedAuthError } from '../utils/auth-errors';

interface GoogleSignInButtonProps {
  disabled?: boolean;
  /** Called before the popup opens (the page then waits 1 second before leaving /login). */
  onStart: () => void;
  /** Called when sign-in did not happen; `message` is null when the person cancelled. */
  onFailure: (message: string | null) => void;
}

export function GoogleSignInButton({ disabled, onStart, onFailure }: GoogleSignInButtonProps) {
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    onStart();
    try {
      await signInWithGoogle();
      notifications.show({
        color: 'green',
        title: 'Signed in',
        message: 'Successfully signed in with Google',
      });
    } catch (err) {
      if (isCancelledSignIn(err)) {
        onFailure(null);
      } else {
        if (!isExplainedAuthError('google', err)) console.error('Google sign-in failed', err);
        onFailure(authErrorMessage('google', err));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconBrandGoogleFilled size={18} aria-hidden="true" />}
      loading={busy}
      disabled={disabled}
      onClick={() => void signIn()}
    >
      Continue with Google
    </Button>
  );
}
