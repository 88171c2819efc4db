/** The rules of team.ts and auth.ts: invitations, the company name, and who may manage whom. */
import { describe, expect, it } from 'vitest';
import { canRemoveMember, displayName, removeMemberRefusal } from './auth';
import {
  CompanyNameBody, CreateInvitationResponse, INVITATION_TTL_MS, InviteBody, Invitation, invitationLink,
  invitationStatusAt, MAX_COMPANY_NAME_LENGTH, ownCompanyName, userLimitMessage,
} from './team';

describe('InviteBody', () => {
  it('defaults the role to member and lower-cases the email', () => {
    expect(InviteBody.parse({ email: ' Ada@Example.COM ' })).toEqual({ email: 'ada@example.com', role: 'member' });
  });

  it("says 'Please enter a valid email address' for a bad or missing email", () => {
    for (const email of ['ada', 'ada@', '', undefined]) {
      expect(InviteBody.safeParse({ email }).error?.issues[0]?.message, String(email)).toBe(
        'Please enter a valid email address',
      );
    }
  });

  it("says 'Please select a role' for a role other than admin or member (nobody is invited as owner)", () => {
    expect(InviteBody.safeParse({ email: 'a@b.co', role: 'owner' }).error?.issues[0]?.message).toBe(
      'Please select a role',
    );
    expect(InviteBody.parse({ email: 'a@b.co', role: 'admin' }).role).toBe('admin');
  });
});

describe('CompanyNameBody', () => {
  it('refuses a NUL or a line break in the name, and a long email before reading it', () => {
    const result = CompanyNameBody.safeParse({ name: 'Acme\u0000' });
    expect(result.error?.issues[0]?.path).toEqual(['name']);
    expect(result.error?.issues[0]?.message).toMatch(/^The company name contains a character that is not allowed/);
    expect(CompanyNameBody.safeParse({ name: 'Acme\nInc' }).success).toBe(false);
    expect(InviteBody.safeParse({ email: `${'a'.repeat(250)}@x.io` }).success).toBe(false);
  });

  it("says 'Company name cannot be empty' after trimming", () => {
    expect(CompanyNameBody.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('Company name cannot be empty');
    expect(CompanyNameBody.safeParse({}).error?.issues[0]?.message).toBe('Company name cannot be empty');
    expect(CompanyNameBody.parse({ name: '  Acme  ' })).toEqual({ name: 'Acme' });
    // Bidirectional controls are removed (issue 31): a name of nothing else is empty.
    expect(CompanyNameBody.parse({ name: 'Acme\u202E Inc\u2066' })).toEqual({ name: 'Acme Inc' });
    expect(CompanyNameBody.safeParse({ name: ' \u202E ' }).error?.issues[0]?.message).toBe('Company name cannot be empty');
  });
});

describe('invitationStatusAt', () => {
  const sent = new Date('2030-01-01T00:00:00Z');
  const expiresAt = new Date(sent.getTime() + INVITATION_TTL_MS).toISOString();

  it('expires a pending invitation 7 days after it was sent', () => {
    expect(invitationStatusAt({ status: 'pending', expiresAt }, new Date('2030-01-07T23:59:59Z'))).toBe('pending');
    expect(invitationStatusAt({ status: 'pending', expiresAt }, new Date('2030-01-08T00:00:00Z'))).toBe('expired');
  });

  it('leaves an accepted invitation accepted, and a cancelled one cancelled, expiry or not', () => {
    expect(invitationStatusAt({ status: 'accepted', expiresAt }, new Date('2031-01-01T00:00:00Z'))).toBe('accepted');
    expect(invitationStatusAt({ status: 'cancelled', expiresAt }, new Date('2030-01-02T00:00:00Z'))).toBe('cancelled');
    expect(invitationStatusAt({ status: 'cancelled', expiresAt }, new Date('2031-01-01T00:00:00Z'))).toBe('cancelled');
  });
});

describe('roles', () => {
  it('lets owner and admin remove members, but never an owner and never themselves', () => {
    const owner = { id: 'u1', role: 'owner' as const };
    const admin = { id: 'u2', role: 'admin' as const };
    const member = { id: 'u3', role: 'member' as const };
    expect(canRemoveMember(owner, member)).toBe(true);
    expect(canRemoveMember(owner, admin)).toBe(true);
    expect(canRemoveMember(admin, member)).toBe(true);
    expect(canRemoveMember(admin, owner)).toBe(false);
    expect(canRemoveMember(admin, admin)).toBe(false);
    expect(canRemoveMember(member, { id: 'u4', role: 'member' })).toBe(false);
  });

  it('says why a removal is refused: the role first, then oneself, then an owner', () => {
    const owner = { id: 'u1', role: 'owner' as const };
    const admin = { id: 'u2', role: 'admin' as const };
    expect(removeMemberRefusal({ id: 'u3', role: 'member' }, owner)).toBe('Only owners and admins can remove team members');
    expect(removeMemberRefusal(owner, owner)).toBe('You cannot remove yourself from the team');
    expect(removeMemberRefusal(admin, owner)).toBe('The company owner cannot be removed from the team');
    expect(removeMemberRefusal(owner, admin)).toBeNull();
  });

  it('names a person by full name, else by email', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.co' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'a@b.co' })).toBe('Ada');
    expect(displayName({ firstName: ' ', lastName: null, email: 'a@b.co' })).toBe('a@b.co');
  });
});

describe('invitation links and limits', () => {
  it('builds the accept link from an origin, with or without a trailing slash', () => {
    expect(invitationLink('https://app.example.com/', 'ab-C_9')).toBe('https://app.example.com/accept-invitation?token=ab-C_9');
    expect(invitationLink('http://localhost:8787', 'a b')).toBe('http://localhost:8787/accept-invitation?token=a%20b');
  });

  it("says how many users the plan allows: 'Your Trial plan allows 1 user. Upgrade to invite more teammates.'", () => {
    expect(userLimitMessage('trial')).toBe('Your Trial plan allows 1 user. Upgrade to invite more teammates.');
    expect(userLimitMessage('starter')).toBe('Your Starter plan allows 2 users. Upgrade to invite more teammates.');
  });

  it('keys invitations by the UUIDs the database gives them', () => {
    const invitation = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e', email: 'a@b.co', role: 'member', status: 'pending',
      createdAt: '2030-01-01T00:00:00.000Z', expiresAt: '2030-01-08T00:00:00.000Z', companyName: 'Acme',
    };
    expect(Invitation.parse(invitation).id).toBe(invitation.id);
    const created = { invitation, acceptUrl: 'http://localhost/accept-invitation?token=x', emailSent: false };
    expect(CreateInvitationResponse.parse(created)).toEqual(created);
  });
});

describe('ownCompanyName (a first sign-in\u2019s company, and a removed member\u2019s new one)', () => {
  /** The name as its owner could save it again: CompanyNameBody takes it unchanged. */
  const saved = (name: string) => CompanyNameBody.parse({ name }).name;

  it('names it after the first name, else the email\u2019s local part', () => {
    expect(ownCompanyName('Ada', 'ada@example.com')).toBe("Ada's Company");
    expect(ownCompanyName(null, 'mia.r@example.com')).toBe("mia.r's Company");
    expect(ownCompanyName('   ', 'mia@example.com')).toBe("mia's Company");
  });

  it('fits the company-name limit, never cutting a character in half, so the name can be saved as it is', () => {
    const names = [
      ownCompanyName('e'.repeat(255), 'e@example.com'),
      ownCompanyName('\u{1F600}'.repeat(95), 'smile@example.com'),
      ownCompanyName(null, `${'l'.repeat(64)}${'m'.repeat(60)}@example.com`),
    ];
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(MAX_COMPANY_NAME_LENGTH);
      expect(name.endsWith("'s Company")).toBe(true);
      expect(saved(name)).toBe(name);
    }
    expect(names[1]).toBe(`${'\u{1F600}'.repeat(45)}'s Company`);
  });

  it('keeps no bidirectional control, control character or line break', () => {
    const name = ownCompanyName('Eve\u202Eliam\u0007\n', 'eve@example.com');
    expect(name).toBe("Eveliam's Company");
    expect(saved(name)).toBe(name);
  });
});
