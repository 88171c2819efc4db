/**
 * Inviting someone into the inviter's company: the rules (not already a member, no second open
 * invitation for the same email, the plan's user count) and a fresh single-use token that
 * expires after INVITATION_TTL_MS. Who may invite (owner, admin) is checked by the route.
 *
 * The plan counts members plus open invitations, so a Starter company (2 users) with one member
 * can have one open invitation at a time. Two invitations sent at the same instant could both
 * pass the count; the next invitation or the acceptance (which counts members again) catches it.
 */
import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { planFor } from '@catalog/contracts/plans';
import { canAddUser } from '@catalog/contracts/subscription';
import { INVITATION_TTL_MS, userLimitMessage, type InviteBody } from '@catalog/contracts/team';
import { UniqueViolationError } from '../../db/errors';
import type { Company, Database, Invitation, User } from '../../db/repositories';
import { isOpen } from './invitation-views';

/** 32 random bytes, base64url (43 characters): unguessable, and safe in a URL as it is. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Members plus open invitations: the users the company has or has promised a place to. */
export async function seatsTaken(db: Database, companyId: string, now: Date): Promise<{ members: User[]; open: Invitation[] }> {
  const [members, pending] = await Promise.all([
    db.users.listByCompany(companyId),
    db.invitations.listByCompany(companyId, { status: 'pending' }),
  ]);
  return { members, open: pending.filter((i) => isOpen(i, now)) };
}

export async function createInvitation(
  db: Database,
  inviter: User,
  input: InviteBody,
  now: Date,
): Promise<{ invitation: Invitation; company: Company }> {
  const company = await db.companies.get(inviter.companyId);
  if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
  const { members, open } = await seatsTaken(db, company.id, now);

  if (members.some((m) => m.email === input.email)) {
    throw new ApiError(ErrorCode.CONFLICT, `${input.email} is already a member of your team`, {
      fields: { email: `${input.email} is already a member of your team` },
    });
  }
  if (open.some((i) => i.email === input.email)) {
    throw new ApiError(ErrorCode.CONFLICT, `An invitation is already pending for ${input.email}`, {
      fields: { email: `An invitation is already pending for ${input.email}` },
    });
  }
  const plan = planFor(company.subscriptionPlan);
  if (!canAddUser(plan.id, members.length + open.length)) {
    throw new ApiError(ErrorCode.PLAN_LIMIT, userLimitMessage(plan.id));
  }

  const fields = { email: input.email, role: input.role, invitedBy: inviter.id, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), now };
  for (let attempt = 0; ; attempt++) {
    try {
      const invitation = await db.invitations.create(company.id, { ...fields, token: newInvitationToken() });
      return { invitation, company };
    } catch (err) {
      // A token collision is as likely as guessing one; draw again rather than fail.
      if (!(err instanceof UniqueViolationError) || attempt >= 2) throw err;
    }
  }
}
