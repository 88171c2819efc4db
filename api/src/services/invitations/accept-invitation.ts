/**
 * Accepting an invitation, by its id (from the caller's own list) or by its link token. Only
 * the invited email may accept (by id, anyone else gets the 404 of a missing invitation), only
 * while the invitation is pending and unexpired (accepted, cancelled or expired: 409 saying
 * which), and the move into the company with the invited role is one transaction (repository
 * `accept`).
 *
 * The caller's previous company: when they were its only member it is left as it was (its
 * catalog, settings and orders stay, nobody belongs to it any more); when they own it and others
 * still work there, accepting is refused, because the company would be left without an owner
 * (docs/decisions/009-team-membership.md).
 */
import { Uuid } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { planFor } from '@catalog/contracts/plans';
import { canAddUser } from '@catalog/contracts/subscription';
import { INVITATION_ERRORS, userLimitMessage } from '@catalog/contracts/team';
import { forgetCachedUsers } from '../../auth/user-cache';
import type { Company, Database, Invitation, User } from '../../db/repositories';
import { isOpen } from './invitation-views';

/** An invitation id (a UUID) rather than a link token (43 base64url characters, never UUID-shaped). */
const isId = (key: string) => Uuid.safeParse(key).success;

/** `key` is an invitation id or a link token. */
async function findInvitation(db: Database, key: string): Promise<Invitation | null> {
  return isId(key) ? db.invitations.getById(key) : db.invitations.getByToken(key);
}

/** Why this invitation cannot be accepted now, or null when it can. */
function unusable(invitation: Invitation, now: Date): ApiError | null {
  if (invitation.status === 'accepted') return new ApiError(ErrorCode.CONFLICT, INVITATION_ERRORS.alreadyAccepted);
  if (invitation.status === 'cancelled') return new ApiError(ErrorCode.CONFLICT, INVITATION_ERRORS.cancelled);
  if (!isOpen(invitation, now)) return new ApiError(ErrorCode.CONFLICT, INVITATION_ERRORS.expired);
  return null;
}

async function checkCallerCanLeave(db: Database, user: User): Promise<void> {
  if (user.role !== 'owner') return;
  const [current, members] = await Promise.all([db.companies.get(user.companyId), db.users.listByCompany(user.companyId)]);
  if (members.some((m) => m.id !== user.id)) {
    throw new ApiError(
      ErrorCode.CONFLICT,
      `You own ${current?.name ?? 'your company'}, which has other members. Remove them from your team before joining another company.`,
    );
  }
}

export async function acceptInvitation(
  db: Database,
  user: User,
  key: string,
  now: Date,
): Promise<{ invitation: Invitation; company: Company }> {
  const invitation = await findInvitation(db, key);
  if (!invitation) throw new ApiError(ErrorCode.NOT_FOUND, INVITATION_ERRORS.notFound);
  if (invitation.email !== user.email) {
    // By id, someone else's invitation answers as one that does not exist (ids are not secrets,
    // so a 403 would tell which exist); the holder of a link's token knows it exists already.
    if (isId(key)) throw new ApiError(ErrorCode.NOT_FOUND, INVITATION_ERRORS.notFound);
    throw new ApiError(ErrorCode.FORBIDDEN, INVITATION_ERRORS.wrongEmail);
  }
  const reason = unusable(invitation, now);
  if (reason) throw reason;
  if (invitation.companyId === user.companyId) throw new ApiError(ErrorCode.CONFLICT, 'You are already a member of this company');

  const company = await db.companies.get(invitation.companyId);
  if (!company) throw new ApiError(ErrorCode.NOT_FOUND, INVITATION_ERRORS.notFound);
  await checkCallerCanLeave(db, user);
  // The plan may have changed since the invitation was sent (a downgrade): count members again.
  const plan = planFor(company.subscriptionPlan);
  if (!canAddUser(plan.id, (await db.users.listByCompany(company.id)).length)) {
    throw new ApiError(ErrorCode.PLAN_LIMIT, userLimitMessage(plan.id));
  }

  const accepted = await db.invitations.accept(company.id, invitation.id, user.id, now);
  if (accepted) {
    // The caller now belongs to `company`, with the invited role: no cached row of them may answer.
    forgetCachedUsers();
    return { invitation: accepted, company };
  }
  // Lost a race (accepted or cancelled meanwhile): say what it is now.
  const current = await db.invitations.getById(invitation.id);
  throw (current && unusable(current, now)) ?? new ApiError(ErrorCode.NOT_FOUND, INVITATION_ERRORS.notFound);
}
