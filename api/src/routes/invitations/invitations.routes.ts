/**
 * /api/invitations: one public route and four signed-in ones (the route table says which, and
 * define-routes.ts signs the caller in on the signed-in ones):
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
 * Roles and the verified email: the route table and the permission table (decision 019).
 */
import type { MessageResponse } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import {
  INVITATION_ERRORS, type InvitationListResponse, type AcceptInvitationResponse, type CreateInvitationResponse, type InvitationByTokenResponse,
} from '@catalog/contracts/team';
import type { Database, Invitation } from '../../db/repositories';
import { acceptInvitation } from '../../services/invitations/accept-invitation';
import { createInvitation } from '../../services/invitations/create-invitation';
import { deliverInvitation, type InvitationDelivery } from '../../services/invitations/deliver-invitation';
import { isOpen, toInvitationByToken, toWireInvitation } from '../../services/invitations/invitation-views';
import { defineRoutes } from '../define-routes';

export interface InvitationRouteDeps {
  db: Database;
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

export function invitationRoutes({ db, delivery, now }: InvitationRouteDeps) {
  return defineRoutes({
    'GET /api/invitations/:token': async (c, { params }) => {
      const invitation = await db.invitations.getByToken(params.token);
      const at = now();
      if (!invitation) throw notFound();
      // Used up, cancelled or expired: the link no longer shows whom it was for or who sent it.
      if (invitation.status === 'accepted') throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.alreadyAccepted);
      if (invitation.status === 'cancelled') throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.cancelled);
      if (!isOpen(invitation, at)) throw new ApiError(ErrorCode.GONE, INVITATION_ERRORS.expired);
      return c.json((await toInvitationByToken(db, invitation, at)) satisfies InvitationByTokenResponse);
    },
    'GET /api/invitations': async (c, { query: { cursor, limit } }) => {
      const { companyId } = c.get('user');
      // One more than the page: whether another page follows (issue 31).
      const [company, rows] = await Promise.all([db.companies.get(companyId), db.invitations.listByCompany(companyId, { after: cursor, limit: limit + 1 })]);
      const { items, nextCursor } = pageOf(rows, limit, (i) => timeIdCursor({ at: i.createdAt, id: i.id }));
      const at = now();
      return c.json({ invitations: items.map((i) => toWireInvitation(i, company?.name ?? '', at)), nextCursor } satisfies InvitationListResponse);
    },
    'POST /api/invitations': async (c, { body: input }) => {
      const inviter = c.get('user');
      const at = now();
      const { invitation, company } = await createInvitation(db, inviter, input, at);
      const delivered = await deliverInvitation(
        delivery,
        { log: c.get('log') },
        { invitation, company, inviter },
      );
      const body: CreateInvitationResponse = { invitation: toWireInvitation(invitation, company.name, at), ...delivered };
      return c.json(body, 201);
    },
    'DELETE /api/invitations/:id': async (c, { params }) => {
      const { companyId } = c.get('user');
      const invitation = await db.invitations.get(companyId, params.id);
      if (!invitation) throw notFound();
      const refused = cannotCancel(invitation);
      if (refused) throw refused;
      // Lost a race (accepted or cancelled meanwhile): say what it is now.
      if (!(await db.invitations.cancel(companyId, invitation.id))) throw cannotCancel(await db.invitations.get(companyId, invitation.id)) ?? notFound();
      return c.json({ message: 'Invitation cancelled' } satisfies MessageResponse);
    },
    'POST /api/invitations/:key/accept': async (c, { params }) => {
      const { invitation, company } = await acceptInvitation(db, c.get('user'), params.key, now());
      const body: AcceptInvitationResponse = {
        message: "You've successfully joined the company!",
        companyName: company.name,
        role: invitation.role,
      };
      return c.json(body);
    },
  });
}
