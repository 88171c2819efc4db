/**
 * /api/company: the caller's team. GET /users (the members, oldest first, in pages:
 * ?cursor=&limit=), PUT /name (rename, 'Company name cannot be empty' after trimming) and
 * DELETE /users/{id} (the member moves to a company of their own; never an owner, never
 * oneself). GET and PATCH /settings: the company's settings
 * (issue 19: approvals of members' orders, guardrails); turning approvals on needs a plan with
 * them (403 PLAN_LIMIT otherwise, decision 032). Who may call each: the guards, from the route
 * table and the permission table (team.*; decision 019). Another company's member is a 404, as
 * every company-scoped record is.
 */
import { displayName } from '@catalog/contracts/auth';
import type { MessageResponse } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CompanySettings } from '@catalog/contracts/company-settings';
import { planFeatureError, planHasFeature } from '@catalog/contracts/plans';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import type { CompanyNameResponse, TeamMember, TeamMemberListResponse } from '@catalog/contracts/team';
import type { Database, User } from '../../db/repositories';
import { removeMember } from '../../services/team/remove-member';
import { companySettingsOf } from '../../services/work-orders/approvals';
import { defineRoutes } from '../define-routes';

export function toTeamMember(user: User): TeamMember {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
  };
}

export function companyRoutes(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return defineRoutes({
    'GET /api/company/users': async (c, { query: { cursor, limit } }) => {
      // One more than the page: whether another page follows.
      const rows = await db.users.listByCompany(c.get('user').companyId, { after: cursor, limit: limit + 1 });
      const { items, nextCursor } = pageOf(rows, limit, (u) => timeIdCursor({ at: u.createdAt, id: u.id }));
      return c.json({ members: items.map(toTeamMember), nextCursor } satisfies TeamMemberListResponse);
    },
    'PUT /api/company/name': async (c, { body: { name } }) => {
      const company = await db.companies.update(c.get('user').companyId, { name }, now());
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      return c.json({ name: company.name } satisfies CompanyNameResponse);
    },
    'GET /api/company/settings': async (c) => {
      const company = await db.companies.get(c.get('user').companyId);
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      return c.json(companySettingsOf(company) satisfies CompanySettings);
    },
    'PATCH /api/company/settings': async (c, { body }) => {
      const { companyId } = c.get('user');
      const company = await db.companies.get(companyId);
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      if (body.ordersNeedApproval === true && !planHasFeature(company.subscriptionPlan, 'approvals')) {
        throw planFeatureError('approvals', company.subscriptionPlan);
      }
      const updated = await db.companies.update(companyId, body, now());
      if (!updated) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      return c.json(companySettingsOf(updated) satisfies CompanySettings);
    },
    'DELETE /api/company/users/:id': async (c, { params }) => {
      const { member } = await removeMember(db, c.get('user'), params.id, now());
      return c.json({ message: `${displayName(member)} was removed from the team and moved to their own company` } satisfies MessageResponse);
    },
  });
}
