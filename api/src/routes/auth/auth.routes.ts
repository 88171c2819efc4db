/**
 * GET /api/auth/user (the signed-in user with role and company) and
 * POST /api/auth/user/walkthrough-complete (the tour is not shown again).
 */
import type { CurrentUser } from '@catalog/contracts/auth';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { planFor } from '@catalog/contracts/plans';
import type { Database, User } from '../../db/repositories';
import { defineRoutes } from '../define-routes';

export async function currentUser(db: Database, user: User): Promise<CurrentUser> {
  const company = await db.companies.get(user.companyId);
  if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    hasSeenWalkthrough: user.hasSeenWalkthrough,
    company: { name: company.name, subscriptionPlan: planFor(company.subscriptionPlan).id, productLimit: company.productLimit },
  };
}

export function authRoutes(deps: { db: Database }) {
  const { db } = deps;
  return defineRoutes({
    'GET /api/auth/user': async (c) => c.json(await currentUser(db, c.get('user'))),
    'POST /api/auth/user/walkthrough-complete': async (c) => {
      const user = c.get('user');
      const updated = await db.users.update(user.companyId, user.id, { hasSeenWalkthrough: true });
      if (!updated) throw new ApiError(ErrorCode.NOT_FOUND, 'User not found');
      return c.json(await currentUser(db, updated));
    },
  });
}
