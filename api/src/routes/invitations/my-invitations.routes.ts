/**
 * GET /api/my-invitations: the invitations addressed to the signed-in user's email, from any
 * company, that they can accept now (pending, unexpired, not for the company they are already
 * in), newest first, each with its company's name, in pages (?cursor=&limit=: { invitations,
 * nextCursor }; issue 31: any number of companies may invite one address). Any signed-in user
 * whose token says the email is verified (else 403 EMAIL_NOT_VERIFIED); no role involved.
 */
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import type { InvitationListResponse } from '@catalog/contracts/team';
import type { Database } from '../../db/repositories';
import { companyNames, toWireInvitation } from '../../services/invitations/invitation-views';
import { defineRoutes } from '../define-routes';

export function myInvitationRoutes(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return defineRoutes({
    'GET /api/my-invitations': async (c, { query: { cursor, limit } }) => {
      const user = c.get('user');
      const at = now();
      // The filter is the query's, so a page holds `limit` usable invitations; one more says another page follows.
      const rows = await db.invitations.listByEmail(user.email, { openAt: at, exceptCompanyId: user.companyId, after: cursor, limit: limit + 1 });
      const { items, nextCursor } = pageOf(rows, limit, (i) => timeIdCursor({ at: i.createdAt, id: i.id }));
      const names = await companyNames(db, items);
      const invitations = items.flatMap((i) => {
        const name = names.get(i.companyId);
        return name === undefined ? [] : [toWireInvitation(i, name, at)];
      });
      return c.json({ invitations, nextCursor } satisfies InvitationListResponse);
    },
  });
}
