/**
 * Removing a team member (spec section 4: "Removing a team member moves them to their own
 * company"). The member keeps their account and sign-in; they become the owner of a new company
 * on the default plan, named as a first sign-in would name it (contracts ownCompanyName, within
 * the company-name limit). What they did for the old team
 * (work orders, price history, invitations they sent) stays with the old team.
 *
 * Who may remove: the route's guard (team.removeMember in the permission table, decision 019),
 * then contracts' removeMemberRefusal (never an owner, never themselves), which the Team page reads too.
 */
import { removeMemberRefusal } from '@catalog/contracts/auth';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PLAN, PLANS } from '@catalog/contracts/plans';
import { ownCompanyName } from '@catalog/contracts/team';
import { forgetCachedUsers } from '../../auth/user-cache';
import type { Company, Database, User } from '../../db/repositories';

export const MEMBER_NOT_FOUND = 'Team member not found';

export async function removeMember(
  db: Database,
  actor: User,
  memberId: string,
  now: Date,
): Promise<{ member: User; company: Company }> {
  const member = await db.users.getById(actor.companyId, memberId);
  if (!member) throw new ApiError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND);
  const refusal = removeMemberRefusal(actor, member);
  if (refusal) throw new ApiError(ErrorCode.FORBIDDEN, refusal);
  const moved = await db.users.moveToNewCompany(
    actor.companyId,
    member.id,
    { name: ownCompanyName(member.firstName, member.email), subscriptionPlan: DEFAULT_PLAN, productLimit: PLANS[DEFAULT_PLAN].productLimit },
    now,
  );
  // Removed by someone else a moment ago.
  if (!moved) throw new ApiError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND);
  // Their next request must see their new company, not a cached row of the old one.
  forgetCachedUsers();
  return { member: moved.user, company: moved.company };
}
