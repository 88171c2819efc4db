/**
 * The login form's checks (spec section 5), made before any call to Firebase, so a mistyped
 * confirmation or a short password never leaves the browser.
 */
import { emailAddress } from '@catalog/contracts/common';

/** Firebase's default password policy: at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;

export const VALIDATION_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** sign-in, create account, or reset password (email only). */
export type AuthMode = 'sign-in' | 'sign-up' | 'reset';

export interface AuthFormValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export type AuthFormErrors = Partial<Record<keyof AuthFormValues, string>>;

/** The address check invitations make too (contracts), with this form's message. */
const EMAIL = emailAddress(VALIDATION_MESSAGES.emailInvalid);

/** The message for each field that is wrong in this mode; empty when the form can be sent. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): AuthFormErrors {
  const errors: AuthFormErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = VALIDATION_MESSAGES.emailRequired;
  else if (!EMAIL.safeParse(email).success) errors.email = VALIDATION_MESSAGES.emailInvalid;
  if (mode === 'reset') return errors;

  if (!values.password) errors.password = VALIDATION_MESSAGES.passwordRequired;
  if (mode === 'sign-up') {
    if (values.password && values.password.length < MIN_PASSWORD_LENGTH) {
      errors.password = VALIDATION_MESSAGES.passwordTooShort;
    }
    if (values.password !== values.confirmPassword) {
      errors.confirmPassword = VALIDATION_MESSAGES.passwordsDoNotMatch;
    }
  }
  return errors;
}
