/**
 * First sign-in: a verified identity becomes a user with a trial company of their own (owner).
 * Concurrent first requests of one identity share one in-flight call here, and the repository
 * makes it idempotent across processes too.
 *
 * Users are found by Firebase uid. An existing row is taken over by email only when it has no uid
 * yet and the token's email is verified (repository `provision`); otherwise:
 *   - the email belongs to another uid: 409 ACCOUNT_CONFLICT, nothing changes (a second sign-in
 *     method with someone's address never becomes them);
 *   - the row has no uid and the token's email is unverified: 403 EMAIL_NOT_VERIFIED. The row was
 *     made for that address (a teammate added before they signed in), so the person is told to
 *     verify it, then the next token (email_verified true) links it. Neither a new company for
 *     them (a second account under an address already in use) nor a link is right before that.
 * The profile (name, photo URL) is cleaned first (auth/profile.ts).
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PLAN, PLANS } from '@catalog/contracts/plans';
import { ownCompanyName } from '@catalog/contracts/team';
import { IdentityConflictError } from '../db/errors';
import type { Database, User } from '../db/repositories';
import { safePhotoUrl, splitName } from '../auth/profile';
import type { VerifiedIdentity } from '../auth/verify-token';

export type Provisioner = (identity: VerifiedIdentity) => Promise<User>;

export const ACCOUNT_CONFLICT_MESSAGE = 'This email address belongs to another sign-in';
export const VERIFY_TO_LINK_MESSAGE = 'Verify your email address to sign in: an account is already waiting for this address';

function toApiError(err: unknown): never {
  if (err instanceof IdentityConflictError) {
    throw err.reason === 'taken'
      ? new ApiError(ErrorCode.ACCOUNT_CONFLICT, ACCOUNT_CONFLICT_MESSAGE)
      : new ApiError(ErrorCode.EMAIL_NOT_VERIFIED, VERIFY_TO_LINK_MESSAGE);
  }
  throw err;
}

export function createProvisioner(db: Database): Provisioner {
  const inFlight = new Map<string, Promise<User>>();
  return async (identity) => {
    const existing = await db.users.getByFirebaseUid(identity.uid);
    if (existing) return existing;
    if (!identity.email) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Your account has no email address; sign in with email or Google');
    const email = identity.email;
    // One in-flight call per uid and verification state: a verified token must not share the
    // answer (a refusal) of an unverified one that is still running.
    const key = `${identity.uid}:${identity.emailVerified}`;
    let pending = inFlight.get(key);
    if (!pending) {
      const { firstName, lastName } = splitName(identity.name);
      pending = db.users
        .provision({
          firebaseUid: identity.uid,
          email,
          emailVerified: identity.emailVerified,
          firstName,
          lastName,
          profileImageUrl: safePhotoUrl(identity.picture),
          // After the first name (clean already: splitName), else the address (cleaned there).
          companyName: ownCompanyName(firstName, email),
          subscriptionPlan: DEFAULT_PLAN,
          productLimit: PLANS[DEFAULT_PLAN].productLimit,
        })
        .catch(toApiError)
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
