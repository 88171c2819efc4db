/**
 * /api/invitations. One public route and four signed-in ones, so authentication is attached
 * per route here rather than on the whole prefix in app.ts:
 *
 * - GET /{token}: public (the accept-invitation page of a visitor who has not signed in yet):
 *   a pending invitation's company name, role, addresses, status and expiry; 404 'Invitation not
 *   found or expired' for an unknown token; 410 GONE for an accepted, cancelled or expired one,
 *   with the reason and without its details (issue 31: the emails stayed readable).
 * - GET /: the company's invitations (team.read; status 'expired' computed at read time), newest
 *   first, in pages (?cursor=&limit=: { invitations, nextCursor }).
 * - POST /: invite (team.invite); answers the acceptance link and whether it was emailed.
 * - DELETE /{id}: cancel (team.cancelInvitation): it leaves every list and count, and stays as a
 *   'cancelled' tombstone so its link answers 410 (issue 31). An accepted one is refused (409); a
 *   cancelled one is as unknown as one that does not exist (404).
 * - POST /{id or token}/accept: the invited user joins the company with the invited role; their
 *   token must say the email is verified (else 403 EMAIL_NOT_VERIFIED, checked first). By id,
 *   someone else's invitation is a 404 like one that does not exist.
 * Roles: the guards come from the route table and the permission table (decision 019).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { TokenParam, UuidParam, type MessageResponse } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import {
  INVITATION_ERRORS, InvitationListQuery, type InvitationListResponse, InviteBody, type AcceptInvitationResponse, type CreateInvitationResponse,
  type InvitationByTokenResponse,
} from '@catalog/contracts/team';
import type { Database, Invitation } from '../../db/repositories';
import { readJson, readQuery } from '../../lib/http';
import { requireVerifiedEmail, type AuthedEnv } from '../../middleware/authenticate';
import { guard } from '../../middleware/require-permission';
import { acceptInvitation } from '../../services/invitations/accept-invitation';
import { createInvitation } from '../../services/invitations/create-invitation';
import { deliverInvitation, type InvitationDelivery } from '../../services/invitations/deliver-invitation';
import { isOpen, toInvitationByToken, toWireInvitation } from '../../services/invitations/invitation-views';

export interface InvitationRouteDeps {
  db: Database;
  /** The authenticate middleware, put on every route but the public lookup. */
  auth: MiddlewareHandler<AuthedEnv>;
  delivery: InvitationDelivery;
  now: () => Date;
}

const notFound = () => new ApiError(ErrorCode.NOT_FOUND, INVITATION_ERRORS.notFound);

/**
 * Why this invitation cannot be cancelled, or null when it can: an accepted one is history
 * (409); a cancelled one is as gone from the company's view as one never sent (404, as when
 * cancelling removed the entry).
 */
function cannotCancel(invitation: Invitation | null): ApiError | null {
  if (!invitation || invitation.status === 'cancelled') return notFound();
  if (invitation.status === 'accepted') return new ApiError(ErrorCode.CONFLICT, INVITATION_ERRORS.alreadyAccepted);
  return null;
}

export function invitationRoutes({ db, auth, delivery, now }: InvitationRouteDeps) {
  return new Hono<AuthedEnv>()
    .get('/:token', async (c) => {
      const parsed = TokenParam.safeParse({ token: c.req.param('token') });
      const invitation = parsed.success ? await db.invitations.getByToken(parsed.data.token) : null;
      const at = now();
      if (!invitation) throw notFound();
      // Used up, cancelled or expired: the link no longer shows whom it was for or who sent it.
      if (invitation.status === 'accepted') throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.alreadyAccepted);
      if (invitation.status === 'cancelled') throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.cancelled);
      if (!isOpen(invitation, at)) throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.expired);
      return c.json((await toInvitationByToken(db, invitation, at)) satisfies InvitationByTokenResponse);
    })
    .get('/', auth, guard('GET /api/invitations'), async (c) => {
      const { companyId } = c.get('user');
      const { cursor, limit } = readQuery(c, InvitationListQuery);
      // One more than the page: whether another page follows (issue 31).
      const [company, rows] = await Promise.all([db.companies.get(companyId), db.invitations.listByCompany(companyId, { after: cursor, limit: limit + 1 })]);
      const { items, nextCursor } = pageOf(rows, limit, (i) => timeIdCursor({ at: i.createdAt, id: i.id }));
      const at = now();
      return c.json({ invitations: items.map((i) => toWireInvitation(i, company?.name ?? '', at)), nextCursor } satisfies InvitationListResponse);
    })
    .post('/', auth, guard('POST /api/invitations'), async (c) => {
      const inviter = c.get('user');
      const input = await readJson(c, InviteBody);
      const at = now();
      const { invitation, company } = await createInvitation(db, inviter, input, at);
      const delivered = await deliverInvitation(
        delivery,
        { log: c.get('log') },
        { invitation, company, inviter },
      );
      const body: CreateInvitationResponse = { invitation: toWireInvitation(invitation, company.name, at), ...delivered };
      return c.json(body, 201);
    })
    .delete('/:id', auth, guard('DELETE /api/invitations/:id'), async (c) => {
      const { companyId } = c.get('user');
      const parsed = UuidParam.safeParse({ id: c.req.param('id') });
      const invitation = parsed.success ? await db.invitations.get(companyId, parsed.data.id) : null;
      if (!invitation) throw notFound();
      const refused = cannotCancel(invitation);
      if (refused) throw refused;
      // Lost a race (accepted or cancelled meanwhile): say what it is now.
      if (!(await db.invitations.cancel(companyId, invitation.id))) throw cannotCancel(await db.invitations.get(companyId, invitation.id)) ?? notFound();
      return c.json({ message: 'Invitation cancelled' } satisfies MessageResponse);
    })
    .post('/:key/accept', auth, requireVerifiedEmail, async (c) => {
      const parsed = TokenParam.safeParse({ token: c.req.param('key') });
      if (!parsed.success) throw notFound();
      const { invitation, company } = await acceptInvitation(db, c.get('user'), parsed.data.token, now());
      const body: AcceptInvitationResponse = {
        message: "You've successfully joined the company!",
        companyName: company.name,
        role: invitation.role,
      };
      return c.json(body);
    });
}
