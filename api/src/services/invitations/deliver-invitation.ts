/**
 * Getting an invitation to the person: the acceptance link (always returned, so the inviter can
 * copy it) and, when SMTP is configured, an email carrying it. A failed email is logged and
 * reported as `emailSent: false`; it never undoes the invitation, whose link still works.
 */
import { displayName } from '@catalog/contracts/auth';
import { invitationLink } from '@catalog/contracts/team';
import type { Company, Invitation, User } from '../../db/repositories';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { invitationEmail } from './invitation-email';

/** How invitations reach people; part of the app's dependencies (server.ts builds it from config). */
export interface InvitationDelivery {
  /** Origin of the links: PUBLIC_URL (config.publicUrl), never the request's Host (issue 31). */
  publicUrl: string;
  /** Sends the email when SMTP_URL is set; null or absent: links are only shown in the app. */
  mailer?: Mailer | null;
}

export interface Delivered {
  acceptUrl: string;
  emailSent: boolean;
}

export async function deliverInvitation(
  delivery: InvitationDelivery,
  request: { log: Logger },
  sent: { invitation: Invitation; company: Company; inviter: User },
): Promise<Delivered> {
  const { invitation, company, inviter } = sent;
  const acceptUrl = invitationLink(delivery.publicUrl, invitation.token);
  if (!delivery.mailer) return { acceptUrl, emailSent: false };

  const content = invitationEmail({
    to: invitation.email,
    acceptUrl,
    companyName: company.name,
    inviterName: displayName(inviter),
    inviterEmail: inviter.email,
    role: invitation.role === 'admin' ? 'admin' : 'member',
    expiresAt: invitation.expiresAt,
  });
  try {
    await delivery.mailer.send({ to: invitation.email, ...content });
    return { acceptUrl, emailSent: true };
  } catch (err) {
    // The address itself is personal data: log which invitation, not to whom.
    request.log.warn('invitation email failed', {
      invitationId: invitation.id,
      error: err instanceof Error ? err.message : String(err),
    });
    return { acceptUrl, emailSent: false };
  }
}
