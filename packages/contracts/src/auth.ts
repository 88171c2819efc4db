/**
 * Who is signed in: company roles, the current user of GET /api/auth/user, and the one role
 * rule that also looks at the target (removing a member). Which role may do what is the
 * permission table's (permissions.ts, decision 019).
 */
import { z } from 'zod';
import { can } from './permissions';
import { PlanId } from './plans';

/** owner: created the company; admin: manages it; member: works in the catalog. */
export const Role = z.enum(['owner', 'admin', 'member']);
export type Role = z.infer<typeof Role>;

export const CurrentUser = z.object({
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
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * Whether `actor` may remove `target`: the roles of 'team.removeMember' in the permission table,
 * and never an owner, never oneself.
 */
export function canRemoveMember(
  actor: { id: string; role: Role },
  target: { id: string; role: Role },
): boolean {
  return can(actor.role, 'team.removeMember') && target.role !== 'owner' && target.id !== actor.id;
}

/** "Ada Lovelace", else the email: how a person is named on the Team and Settings pages. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}
