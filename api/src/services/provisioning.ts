/**
 * First sign-in: a verified identity becomes a user with a trial company of their own (owner).
 * Concurrent first requests of one identity share one in-flight call here, and the repository
 * makes it idempotent across processes too.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PLAN, PLANS } from '@catalog/contracts/plans';
import type { Database, User } from '../db/repositories';
import type { VerifiedIdentity } from '../auth/verify-token';

export type Provisioner = (identity: VerifiedIdentity) => Promise<User>;

export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0]!, lastName: parts.slice(1).join(' ') || null };
}

export function createProvisioner(db: Database): Provisioner {
  const inFlight = new Map<string, Promise<User>>();
  return async (identity) => {
    const existing = await db.users.getByFirebaseUid(identity.uid);
    if (existing) return existing;
    if (!identity.email) throw new ApiError(ErrorCode.UNAUTHENTICATED, 'Your account has no email address; sign in with email or Google');
    const email = identity.email;
    let pending = inFlight.get(identity.uid);
    if (!pending) {
      const { firstName, lastName } = splitName(identity.name);
      const owner = firstName ?? email.split('@')[0]!;
      pending = db.users
        .provision({
          firebaseUid: identity.uid,
          email,
          firstName,
          lastName,
          profileImageUrl: identity.picture,
          companyName: `${owner}'s Company`,
          subscriptionPlan: DEFAULT_PLAN,
          productLimit: PLANS[DEFAULT_PLAN].productLimit,
        })
        .finally(() => inFlight.delete(identity.uid));
      inFlight.set(identity.uid, pending);
    }
    return pending;
  };
}
