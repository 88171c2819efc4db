/**
 * GET /api/my-invitations: the invitations addressed to the signed-in user's email, from any
 * company, that they can accept now (pending, unexpired, not for the company they are already
 * in), newest first, each with its company's name. Any signed-in user whose token says the email
 * is verified (else 403 EMAIL_NOT_VERIFIED); no role involved.
 */
import { Hono } from 'hono';
import type { Invitation as WireInvitation } from '@catalog/contracts/team';
import type { Database } from '../../db/repositories';
import { requireVerifiedEmail, type AuthedEnv } from '../../middleware/authenticate';
import { companyNames, isOpen, toWireInvitation } from '../../services/invitations/invitation-views';

export function myInvitationRoutes(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return new Hono<AuthedEnv>().get('/', requireVerifiedEmail, async (c) => {
    const user = c.get('user');
    const at = now();
    const pending = await db.invitations.listByEmail(user.email, { status: 'pending' });
    const usable = pending.filter((i) => isOpen(i, at) && i.companyId !== user.companyId);
    const names = await companyNames(db, usable);
    return c.json(
      usable.flatMap((i) => {
        const name = names.get(i.companyId);
        return name === undefined ? [] : [toWireInvitation(i, name, at)];
      }) satisfies WireInvitation[],
    );
  });
}
