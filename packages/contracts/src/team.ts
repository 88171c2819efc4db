/**
 * Teams: members, invitations (a company's list, the ones addressed to me, one looked up by
 * its link token), the bodies and results of inviting, accepting and renaming the company, and
 * the messages both sides show.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { emailAddress, hasForbiddenCharacter, IsoDateTime, singleLineText, withoutBidiControls } from './common';
import { Role } from './auth';
import { CursorPageQuery, page } from './paging';
import { PLANS, type PlanId } from './plans';

export const TEAM_MESSAGES = {
  email: 'Please enter a valid email address',
  role: 'Please select a role',
  companyName: 'Company name cannot be empty',
} as const;

/** What the API answers when an invitation cannot be used; the accept page shows them as they are. */
export const INVITATION_ERRORS = {
  /**
   * 404: unknown token or id. Accepting by id someone else's invitation answers this too:
   * whether an id exists is nobody else's business.
   */
  notFound: 'Invitation not found or expired',
  /** Past its 7 days: 409 CONFLICT on accepting, 410 GONE on its link. */
  expired: 'This invitation has expired',
  /** A token is single use: 409 CONFLICT on accepting again, 410 GONE on its link. */
  alreadyAccepted: 'This invitation has already been accepted',
  /** Withdrawn by the team (kept as a tombstone): 409 CONFLICT on accepting, 410 GONE on its link. */
  cancelled: 'This invitation was cancelled',
  /** 403: signed in with another email than the one invited, accepting by the link's token. */
  wrongEmail: 'This invitation was sent to another email address',
  /** 403 EMAIL_NOT_VERIFIED: listing or accepting invitations needs a verified email address. */
  emailNotVerified: 'Verify your email address to see and accept invitations',
} as const;

/** An invitation can be accepted for this long after it was sent (decision 009). */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const MAX_COMPANY_NAME_LENGTH = 100;

/** The roles an invitation can give: nobody is invited as owner. */
export const InvitationRole = lazySchema(() => z.enum(['admin', 'member'], { error: TEAM_MESSAGES.role }));
export type InvitationRole = z.infer<typeof InvitationRole>;

/**
 * Badges: pending yellow, accepted green, expired red. 'cancelled' is stored when the team
 * withdraws an invitation, so its link can say so (410); no list shows a cancelled one.
 */
export const InvitationStatus = lazySchema(() => z.enum(['pending', 'accepted', 'expired', 'cancelled']));
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const TeamMember = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role: Role,
  }),
);
export type TeamMember = z.infer<typeof TeamMember>;

/** GET /api/company/users?cursor=&limit=: the query (paging.ts; a plan may allow any number of users). */
export const TeamMemberListQuery = lazySchema(() => CursorPageQuery);
export type TeamMemberListQuery = CursorPageQuery;

/** GET /api/company/users: a page of the members, oldest first (by when they joined the app, then id): the owner leads. */
export const TeamMemberListResponse = lazySchema(() => page('members', TeamMember));
export type TeamMemberListResponse = z.infer<typeof TeamMemberListResponse>;

/** An entry of GET /api/invitations and GET /api/my-invitations (ids are UUIDs, as stored). */
export const Invitation = lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    role: InvitationRole,
    status: InvitationStatus,
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
    companyName: z.string(),
  }),
);
export type Invitation = z.infer<typeof Invitation>;

/** GET /api/invitations and GET /api/my-invitations ?cursor=&limit=: the query (paging.ts). */
export const InvitationListQuery = lazySchema(() => CursorPageQuery);
export type InvitationListQuery = CursorPageQuery;

/** GET /api/invitations and GET /api/my-invitations: a page of invitations, newest first (by time, then id). */
export const InvitationListResponse = lazySchema(() => page('invitations', Invitation));
export type InvitationListResponse = z.infer<typeof InvitationListResponse>;

/**
 * GET /api/invitations/{token}: sent without authentication, so it names no ids. Only a pending
 * invitation is shown; an accepted, cancelled or expired one answers 410 GONE (INVITATION_ERRORS),
 * with neither address in it.
 */
export const InvitationByTokenResponse = lazySchema(() =>
  z.object({
    invitation: z.object({
      email: z.string(),
      companyName: z.string(),
      role: InvitationRole,
      inviterEmail: z.string().nullable(),
      status: InvitationStatus,
      expiresAt: IsoDateTime,
    }),
  }),
);
export type InvitationByTokenResponse = z.infer<typeof InvitationByTokenResponse>;

/** POST /api/invitations. The email is trimmed and lower-cased, as accounts are matched. */
export const InviteBody = lazySchema(() =>
  z.object({
    email: emailAddress(TEAM_MESSAGES.email),
    role: InvitationRole.default('member'),
  }),
);
export type InviteBody = z.infer<typeof InviteBody>;
export type InviteInput = z.input<typeof InviteBody>;

/**
 * POST /api/invitations: the invitation, the link that accepts it (shown with a copy button),
 * and whether it was also emailed (false when SMTP is not configured or the email failed).
 */
export const CreateInvitationResponse = lazySchema(() =>
  z.object({
    invitation: Invitation,
    acceptUrl: z.url(),
    emailSent: z.boolean(),
  }),
);
export type CreateInvitationResponse = z.infer<typeof CreateInvitationResponse>;

/** POST /api/invitations/{id or token}/accept: the company the caller now belongs to. */
export const AcceptInvitationResponse = lazySchema(() =>
  z.object({
    message: z.string(),
    companyName: z.string(),
    role: Role,
  }),
);
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

/** PUT /api/company/name: the name as saved (trimmed). */
export const CompanyNameResponse = lazySchema(() => z.object({ name: z.string() }));
export type CompanyNameResponse = z.infer<typeof CompanyNameResponse>;

/** The page an invitation link opens; the token is its only parameter. */
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/** `https://app.example.com/accept-invitation?token=...` for an origin without a trailing slash. */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The 402 PLAN_LIMIT message when a plan's user count is reached. */
export function userLimitMessage(plan: PlanId): string {
  const { name, userLimit } = PLANS[plan];
  const users = userLimit === 1 ? '1 user' : `${userLimit ?? 'unlimited'} users`;
  return `Your ${name} plan allows ${users}. Upgrade to invite more teammates.`;
}

/** What a company of one's own is called after its owner: "Ada's Company". */
const OWN_COMPANY_SUFFIX = "'s Company";

/**
 * The name of a company of one's own, as a first sign-in names it and as a removed member's new
 * company is named (spec section 4): "Ada's Company" from the first name, else from the email's
 * local part; without bidirectional controls or characters no name takes, and cut (never in the
 * middle of a character) so that the whole fits MAX_COMPANY_NAME_LENGTH: a name CompanyNameBody
 * accepts, which its owner can save again unchanged.
 */
export function ownCompanyName(firstName: string | null | undefined, email: string): string {
  const source = firstName?.trim() || email.split('@')[0]!;
  const room = MAX_COMPANY_NAME_LENGTH - OWN_COMPANY_SUFFIX.length;
  let owner = '';
  for (const char of withoutBidiControls(source)) {
    if (hasForbiddenCharacter(char)) continue;
    if (owner.length + char.length > room) break;
    owner += char;
  }
  return `${owner.trim()}${OWN_COMPANY_SUFFIX}`;
}

/** PUT /api/company/name. */
export const CompanyNameBody = lazySchema(() =>
  z.object({
    name: singleLineText(MAX_COMPANY_NAME_LENGTH, {
      label: 'The company name',
      error: TEAM_MESSAGES.companyName,
      tooLong: `A company name has at most ${MAX_COMPANY_NAME_LENGTH} characters`,
      trim: true,
    }).min(1, { error: TEAM_MESSAGES.companyName }),
  }),
);
export type CompanyNameBody = z.infer<typeof CompanyNameBody>;

/** A stored 'pending' invitation past its expiry reads as expired and cannot be accepted. */
export function invitationStatusAt(
  invitation: { status: InvitationStatus; expiresAt: string },
  now: Date,
): InvitationStatus {
  if (invitation.status === 'pending' && Date.parse(invitation.expiresAt) <= now.getTime()) return 'expired';
  return invitation.status;
}
