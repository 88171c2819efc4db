/**
 * Who is signed in: company roles (declared in roles.ts), the current user of
 * GET /api/auth/user, and the one role rule that also looks at the target (removing a member).
 * Which role may do what is the permission table's (permissions.ts, decision 019).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { can, PERMISSIONS } from './permissions';
import { PlanId } from './plans';
import { Role } from './roles';

/** Declared in roles.ts (a leaf, which permissions.ts imports too); named here for callers. */
export { Role };

export const CurrentUser = lazySchema(() =>
  z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
    role: Role,
    /** false: the 6-step tour starts 1 second after sign-in. */
    hasSeenWalkthrough: z.boolean(),
    company: z.object({
      name: z.string(),
      subscriptionPlan: PlanId,
      /** Products kept at sync time. */
      productLimit: z.number().int().nonnegative(),
    }),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Why a member cannot be removed, beyond the role: the two rules about the target. */
export const REMOVE_MEMBER_MESSAGES = {
  self: 'You cannot remove yourself from the team',
  owner: 'The company owner cannot be removed from the team',
} as const;

/**
 * Why `actor` may not remove `target` (the 403 message), or null when they may: the roles of
 * 'team.removeMember' in the permission table, then never oneself, never an owner. The API's
 * removal (services/team/remove-member.ts) refuses with exactly these messages.
 */
export function removeMemberRefusal(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
): string | null {
  if (!can(actor.role, 'team.removeMember')) return PERMISSIONS['team.removeMember'].denied;
  if (target.id === actor.id) return REMOVE_MEMBER_MESSAGES.self;
  if (target.role === 'owner') return REMOVE_MEMBER_MESSAGES.owner;
  return null;
}

/** Whether `actor` may remove `target` (the Team page shows Remove only then). */
export function canRemoveMember(actor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  return removeMemberRefusal(actor, target) === null;
}

/** "Ada Lovelace", else the email: how a person is named on the Team and Settings pages. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}
