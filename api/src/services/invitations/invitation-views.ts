/**
 * Invitations as the API shows them (contracts' Invitation and InvitationByTokenResponse) and
 * the one rule of when a stored invitation can still be used: pending and before its expiry.
 * Expiry is computed at read time, so nothing has to sweep the table when 7 days pass.
 */
import { invitationStatusAt, type InvitationByTokenResponse, type Invitation as WireInvitation } from '@catalog/contracts/team';
import type { Database, Invitation } from '../../db/repositories';

/** Pending and not yet expired: the only invitations that count, block a duplicate or can be accepted. */
export function isOpen(invitation: Invitation, now: Date): boolean {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() > now.getTime();
}

export function statusAt(invitation: Invitation, now: Date): WireInvitation['status'] {
  return invitationStatusAt({ status: invitation.status, expiresAt: invitation.expiresAt.toISOString() }, now);
}

/** Nobody is invited as owner; a stored role other than admin reads as member. */
const invitedRole = (invitation: Invitation) => (invitation.role === 'admin' ? 'admin' : 'member');

export function toWireInvitation(invitation: Invitation, companyName: string, now: Date): WireInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitedRole(invitation),
    status: statusAt(invitation, now),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    companyName,
  };
}

/** The public lookup's shape: no ids, the inviter by email (null once they left the company). */
export async function toInvitationByToken(db: Database, invitation: Invitation, now: Date): Promise<InvitationByTokenResponse> {
  const [company, inviter] = await Promise.all([
    db.companies.get(invitation.companyId),
    invitation.invitedBy ? db.users.getById(invitation.companyId, invitation.invitedBy) : null,
  ]);
  return {
    invitation: {
      email: invitation.email,
      companyName: company?.name ?? '',
      role: invitedRole(invitation),
      inviterEmail: inviter?.email ?? null,
      status: statusAt(invitation, now),
      expiresAt: invitation.expiresAt.toISOString(),
    },
  };
}

/** Company names for a list of invitations from several companies (GET /api/my-invitations). */
export async function companyNames(db: Database, invitations: Invitation[]): Promise<Map<string, string>> {
  const ids = [...new Set(invitations.map((i) => i.companyId))];
  const companies = await Promise.all(ids.map((id) => db.companies.get(id)));
  return new Map(companies.flatMap((c) => (c ? [[c.id, c.name] as const] : [])));
}
