import { describe, expect, it } from 'vitest';
import { authErrorMessage, INVALID_CREDENTIALS_MESSAGE, isCancelledSignIn, isExplainedAuthError } from './auth-errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it('gives the spec messages for sign-in and sign-up failures', () => {
    expect(authErrorMessage('sign-up', firebaseError('auth/email-already-in-use'))).toBe(
      'An account with this email already exists. Try signing in instead.',
    );
    expect(authErrorMessage('sign-up', firebaseError('auth/weak-password'))).toBe(
      'Password is too weak. Please choose a stronger password.',
    );
    expect(authErrorMessage('sign-in', firebaseError('auth/user-not-found'))).toBe(
      'No account found with this email. Try creating an account instead.',
    );
    expect(authErrorMessage('sign-in', firebaseError('auth/wrong-password'))).toBe(
      'Incorrect password. Please try again.',
    );
    expect(authErrorMessage('sign-in', firebaseError('auth/invalid-email'))).toBe(
      'Please enter a valid email address.',
    );
  });

  it('explains the enumeration-protected answer of current Firebase versions', () => {
    for (const code of ['auth/invalid-credential', 'auth/invalid-login-credentials']) {
      expect(authErrorMessage('sign-in', firebaseError(code))).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    expect(INVALID_CREDENTIALS_MESSAGE).toMatch(/Incorrect email or password/);
  });

  it('gives the spec messages for password reset failures', () => {
    expect(authErrorMessage('reset', firebaseError('auth/user-not-found'))).toBe(
      'No account found with this email address. Try creating an account instead.',
    );
    expect(authErrorMessage('reset', firebaseError('auth/too-many-requests'))).toBe(
      'Too many reset attempts. Please wait a few minutes before trying again.',
    );
    expect(authErrorMessage('reset', firebaseError('auth/network-request-failed'))).toBe(
      'Network error. Please check your internet connection and try again.',
    );
  });

  it('falls back to the spec fallback of each action', () => {
    const odd = firebaseError('auth/internal-error');
    expect(authErrorMessage('sign-in', odd)).toBe('Failed to sign in');
    expect(authErrorMessage('sign-up', odd)).toBe('Failed to create account');
    expect(authErrorMessage('reset', odd)).toBe('Failed to send password reset email');
    expect(authErrorMessage('google', odd)).toBe('Failed to sign in with Google');
    expect(authErrorMessage('sign-in', 'not an error')).toBe('Failed to sign in');
  });

  it('leaves out of the console what the form explains (a wrong password), and only that', () => {
    expect(isExplainedAuthError('sign-in', firebaseError('auth/wrong-password'))).toBe(true);
    expect(isExplainedAuthError('sign-in', firebaseError('auth/invalid-credential'))).toBe(true);
    expect(isExplainedAuthError('google', firebaseError('auth/popup-blocked'))).toBe(true);
    expect(isExplainedAuthError('sign-in', firebaseError('auth/internal-error'))).toBe(false);
    expect(isExplainedAuthError('reset', firebaseError('auth/wrong-password'))).toBe(false);
    expect(isExplainedAuthError('sign-in', new Error('boom'))).toBe(false);
  });

  it('treats a closed or superseded Google popup as a cancellation, not a failure', () => {
    expect(isCancelledSignIn(firebaseError('auth/popup-closed-by-user'))).toBe(true);
    expect(isCancelledSignIn(firebaseError('auth/cancelled-popup-request'))).toBe(true);
    expect(isCancelledSignIn(firebaseError('auth/popup-blocked'))).toBe(false);
  });
});
