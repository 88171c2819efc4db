/**
 * The `auth/...` code of a thrown Firebase Auth error, read without importing the SDK (so the
 * shell's chunk stays free of it): sign-in's messages (features/auth) and the email
 * verification controls (use-email-verification.ts) both map failures by it.
 */
/** The `auth/...` code of a Firebase error, if it is one. */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const { code } = error as { code: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}
