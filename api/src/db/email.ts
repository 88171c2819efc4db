/** Emails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
