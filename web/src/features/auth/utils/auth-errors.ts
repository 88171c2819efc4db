/**
 * Firebase Auth error codes as the messages of spec section 8. With email-enumeration
 * protection (on by default for new projects) Firebase no longer says which of email or
 * password was wrong: it answers `auth/invalid-credential` where it used to answer
 * `auth/user-not-found` or `auth/wrong-password`, so that message covers both.
 */
import { authErrorCode } from '../../../lib/firebase-error-code';

/** Which request failed: each has its own wording and fallback. */
export type AuthAction = 'sign-in' | 'sign-up' | 'reset' | 'google';

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const NETWORK_MESSAGE = 'Network error. Please check your internet connection and try again.';
export const INVALID_CREDENTIALS_MESSAGE =
  'Incorrect email or password. Check them and try again, or create an account if you are new here.';

const FALLBACK: Record<AuthAction, string> = {
  'sign-in': 'Failed to sign in',
  'sign-up': 'Failed to create account',
  reset: 'Failed to send password reset email',
  google: 'Failed to sign in with Google',
};

/** Messages shared by email sign-in and sign-up. */
const EMAIL_AUTH: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this email already exists. Try signing in instead.',
  'auth/weak-password': 'Password is too weak. Please choose a stronger password.',
  'auth/password-does-not-meet-requirements':
    'Password is too weak. Please choose a stronger password.',
  'auth/user-not-found': 'No account found with this email. Try creating an account instead.',
  'auth/wrong-password': 'Incorrect password. Please try again.',
  'auth/invalid-credential': INVALID_CREDENTIALS_MESSAGE,
  'auth/invalid-login-credentials': INVALID_CREDENTIALS_MESSAGE,
  'auth/invalid-email': INVALID_EMAIL_MESSAGE,
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Contact your team owner or support.',
  'auth/too-many-requests':
    'Too many attempts. Please wait a few minutes before trying again, or reset your password.',
  'auth/network-request-failed': NETWORK_MESSAGE,
};

const RESET: Record<string, string> = {
  'auth/user-not-found':
    'No account found with this email address. Try creating an account instead.',
  'auth/invalid-email': INVALID_EMAIL_MESSAGE,
  'auth/missing-email': 'Please enter your email address',
  'auth/too-many-requests':
    'Too many reset attempts. Please wait a few minutes before trying again.',
  'auth/network-request-failed': NETWORK_MESSAGE,
};

const GOOGLE: Record<string, string> = {
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists. Sign in with your email and password.',
  'auth/user-disabled': 'This account has been disabled. Contact your team owner or support.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this address.',
  'auth/network-request-failed': NETWORK_MESSAGE,
};

const MESSAGES: Record<AuthAction, Record<string, string>> = {
  'sign-in': EMAIL_AUTH,
  'sign-up': EMAIL_AUTH,
  reset: RESET,
  google: GOOGLE,
};

/**
 * Codes that mean the person changed their mind (closed the Google window, or opened a newer
 * one): nothing to report.
 */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

export function isCancelledSignIn(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && CANCELLED.has(code);
}

/**
 * Whether the failure is one the form explains in its own words (a wrong password, a taken
 * address, no network): the person's to act on, not the app's to report, so it is not logged as
 * an error. Anything else falls back to a generic message and is logged.
 */
export function isExplainedAuthError(action: AuthAction, error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && MESSAGES[action][code] !== undefined;
}

/** The message to show for a failed sign-in, sign-up, reset or Google sign-in. */
export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = authErrorCode(error);
  return (code && MESSAGES[action][code]) || FALLBACK[action];
}
