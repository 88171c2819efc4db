/**
 * Teams: members, invitations (a company's list, the ones addressed to me, one looked up by
 * its link token) and the bodies of inviting and renaming the company.
 */
import { z } from 'zod';
import { IntId, IsoDateTime } from './common';
import { Role } from './auth';

export const TEAM_MESSAGES = {
  email: 'Please enter a valid email address',
  role: 'Please select a role',
  companyName: 'Company name cannot be empty',
} as const;

/** An invitation can be accepted for this long after it was sent (DESIGN.md section 6). */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const MAX_COMPANY_NAME_LENGTH = 100;

/** The roles an invitation can give: nobody is invited as owner. */
export const InvitationRole = z.enum(['admin', 'member'], { error: TEAM_MESSAGES.role });
export type InvitationRole = z.infer<typeof InvitationRole>;

/** Badges: pending yellow, accepted green, expired red. */
export const InvitationStatus = z.enum(['pending', 'accepted', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const TeamMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: Role,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** An entry of GET /api/invitations and GET /api/my-invitations. */
export const Invitation = z.object({
  id: IntId,
  email: z.string(),
  role: InvitationRole,
  status: InvitationStatus,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
  companyName: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** GET /api/invitations/{token}: sent without authentication, so it names no ids. */
export const InvitationByTokenResponse = z.object({
  invitation: z.object({
    email: z.string(),
    companyName: z.string(),
    role: InvitationRole,
    inviterEmail: z.string().nullable(),
    status: InvitationStatus,
    expiresAt: IsoDateTime,
  }),
});
export type InvitationByTokenResponse = z.infer<typeof InvitationByTokenResponse>;

/** POST /api/invitations. The email is trimmed and lower-cased, as accounts are matched. */
export const InviteBody = z.object({
  email: z
    .string({ error: TEAM_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: TEAM_MESSAGES.email })),
  role: InvitationRole.default('member'),
});
export type InviteBody = z.infer<typeof InviteBody>;
export type InviteInput = z.input<typeof InviteBody>;

/** PUT /api/company/name. */
export const CompanyNameBody = z.object({
  name: z
    .string({ error: TEAM_MESSAGES.companyName })
    .trim()
    .min(1, { error: TEAM_MESSAGES.companyName })
    .max(MAX_COMPANY_NAME_LENGTH, { error: `A company name has at most ${MAX_COMPANY_NAME_LENGTH} characters` }),
});
export type CompanyNameBody = z.infer<typeof CompanyNameBody>;

/** A stored 'pending' invitation past its expiry reads as expired and cannot be accepted. */
export function invitationStatusAt(
  invitation: { status: InvitationStatus; expiresAt: string },
  now: Date,
): InvitationStatus {
  if (invitation.status === 'pending' && Date.parse(invitation.expiresAt) <= now.getTime()) return 'expired';
  return invitation.status;
}
