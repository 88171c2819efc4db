/**
 * "Resend email" and "I've verified it" as one hook for the banner of the signed-in shell and the
 * invitation screens: each runs once at a time and says how it went in a toast. Both need a
 * network (Firebase's servers): offline they say so rather than fail silently.
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { hasNetwork } from './connectivity';
import { firebaseEmailVerification, type EmailVerificationActions } from './email-verification';
import { authErrorCode } from './firebase-error-code';

export const VERIFICATION_MESSAGES = {
  offline: 'You are offline. Sending or checking the verification email needs a connection.',
  sentTitle: 'Verification email sent',
  sent: (email: string | null) => (email ? `Check your inbox at ${email} and open the link.` : 'Check your inbox and open the link.'),
  sendFailedTitle: 'Could not send the email',
  tooMany: 'Too many emails were sent. Wait a few minutes, then try again.',
  sendFailed: 'The verification email could not be sent. Try again in a moment.',
  verifiedTitle: 'Email verified',
  verified: 'Thank you: your email address is verified.',
  notYetTitle: 'Not verified yet',
  notYet: 'Open the link in the email we sent you, then press "I\'ve verified it" again.',
  checkFailedTitle: 'Could not check',
  checkFailed: 'Your verification could not be checked. Try again in a moment.',
} as const;

function failure(err: unknown, fallback: string): string {
  const code = authErrorCode(err);
  if (code === 'auth/network-request-failed' || !hasNetwork()) return VERIFICATION_MESSAGES.offline;
  if (code === 'auth/too-many-requests') return VERIFICATION_MESSAGES.tooMany;
  return fallback;
}

export function useEmailVerification(email: string | null, actions: EmailVerificationActions = firebaseEmailVerification) {
  const [resending, setResending] = useState(false);
  const [checking, setChecking] = useState(false);

  const resend = useCallback(async () => {
    if (!hasNetwork()) {
      notifications.show({ color: 'red', title: VERIFICATION_MESSAGES.sendFailedTitle, message: VERIFICATION_MESSAGES.offline });
      return;
    }
    setResending(true);
    try {
      await actions.resend();
      notifications.show({ color: 'green', title: VERIFICATION_MESSAGES.sentTitle, message: VERIFICATION_MESSAGES.sent(email) });
    } catch (err) {
      console.error('Could not send the verification email', err);
      notifications.show({ color: 'red', title: VERIFICATION_MESSAGES.sendFailedTitle, message: failure(err, VERIFICATION_MESSAGES.sendFailed) });
    } finally {
      setResending(false);
    }
  }, [actions, email]);

  const check = useCallback(async () => {
    if (!hasNetwork()) {
      notifications.show({ color: 'red', title: VERIFICATION_MESSAGES.checkFailedTitle, message: VERIFICATION_MESSAGES.offline });
      return;
    }
    setChecking(true);
    try {
      if (await actions.refresh()) {
        notifications.show({ color: 'green', title: VERIFICATION_MESSAGES.verifiedTitle, message: VERIFICATION_MESSAGES.verified });
      } else {
        notifications.show({ color: 'yellow', title: VERIFICATION_MESSAGES.notYetTitle, message: VERIFICATION_MESSAGES.notYet });
      }
    } catch (err) {
      console.error('Could not check the email verification', err);
      notifications.show({ color: 'red', title: VERIFICATION_MESSAGES.checkFailedTitle, message: failure(err, VERIFICATION_MESSAGES.checkFailed) });
    } finally {
      setChecking(false);
    }
  }, [actions]);

  return { resend, check, resending, checking };
}
