/**
 * Errors the data layer throws on purpose, whatever the dialect, so routes can map them to
 * CONFLICT / NOT_FOUND without knowing SQLite's or PostgreSQL's error codes.
 */

/** A unique constraint rejected the write (duplicate email, invitation token, ...). */
export class UniqueViolationError extends Error {
  override readonly name = 'UniqueViolationError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A write referenced a row that is absent or belongs to another company. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

/**
 * `provision` refused to link a sign-in to an existing user by email: `taken` when the row
 * belongs to another Firebase uid already, `unverified` when the row has no uid yet but the
 * token's email is not verified. Nothing was written.
 */
export class IdentityConflictError extends Error {
  override readonly name = 'IdentityConflictError';
  constructor(readonly reason: 'taken' | 'unverified') {
    super(reason === 'taken' ? 'the email belongs to another firebase uid' : 'linking by email needs a verified email');
  }
}

/**
 * Rethrows a driver's unique-constraint failure as UniqueViolationError. drizzle wraps driver
 * errors (DrizzleQueryError) with the original as `cause`, so the chain is walked.
 */
export function rethrowUnique(err: unknown): never {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    // PostgreSQL: 23505 unique_violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      throw new UniqueViolationError(typeof message === 'string' ? message : 'unique constraint violated', { cause: err });
    }
  }
  throw err;
}
