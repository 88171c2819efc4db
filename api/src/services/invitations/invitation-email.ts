/**
 * The invitation email: subject, plain text and a simple HTML part, all carrying the link that
 * accepts the invitation, the company's name and who sent it. Names come from users, so the
 * HTML escapes them and the subject keeps them on one line.
 */
import type { InvitationRole } from '@catalog/contracts/team';
import { html } from 'hono/html';

const PRODUCT_NAME = 'Catalog Pilot';

export interface InvitationEmailInput {
  to: string;
  acceptUrl: string;
  companyName: string;
  /** How the inviter is named ("Ada Lovelace", else their email). */
  inviterName: string;
  inviterEmail: string;
  role: InvitationRole;
  expiresAt: Date;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Header values stay on one line, whatever a company was named. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const asRole = (role: InvitationRole) => (role === 'admin' ? 'an admin' : 'a member');

/** "March 8, 2030" in UTC: the server does not know the reader's time zone. */
const day = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const inviter = input.inviterName === input.inviterEmail ? input.inviterEmail : `${input.inviterName} (${input.inviterEmail})`;
  const subject = oneLine(`${input.inviterName} invited you to join ${input.companyName} on ${PRODUCT_NAME}`);
  const text = [
    'Hello,',
    '',
    `${inviter} invited you to join ${input.companyName} on ${PRODUCT_NAME} as ${asRole(input.role)}.`,
    '',
    `Accept the invitation: ${input.acceptUrl}`,
    '',
    `Sign in (or create an account) with ${input.to} to accept it. The link works until ${day(input.expiresAt)} and only once.`,
    'If you were not expecting this invitation, you can ignore this email.',
  ].join('\n');
  const href = input.acceptUrl;
  // hono's html`` escapes every value; with only strings in it, it is built at once (no Promise).
  const page = html`<!doctype html>
<html lang="en"><body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
<p>Hello,</p>
<p>${inviter} invited you to join <strong>${input.companyName}</strong> on ${PRODUCT_NAME} as ${asRole(input.role)}.</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">Accept invitation</a></p>
<p>Or open this link: <a href="${href}">${href}</a></p>
<p style="color: #495057;">Sign in (or create an account) with ${input.to} to accept it. The link works until ${day(input.expiresAt)} and only once. If you were not expecting this invitation, you can ignore this email.</p>
</body></html>`;
  return { subject, text, html: String(page) };
}
