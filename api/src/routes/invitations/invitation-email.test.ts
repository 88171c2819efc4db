/**
 * Invitation emails through a real SMTP conversation: nodemailer (as configured by SMTP_URL)
 * delivers to a local smtp-server, and the message carries the acceptance link, the company
 * and the inviter. A mail server that cannot be reached costs the email, not the invitation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer } from '../../lib/mailer';
import { invitationEmail } from '../../services/invitations/invitation-email';
import { readEmail, startSmtpSink, unreachableSmtpUrl, type SmtpSink } from '../../testing/smtp-sink';
import { teamApp, type TeamApp } from '../../testing/team-fixture';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => sink.close());

let current: { t: TeamApp; mailer: Mailer } | undefined;
afterEach(async () => {
  current?.mailer.close();
  await current?.t.close();
  current = undefined;
  sink.received.length = 0;
});

async function make(smtpUrl: string) {
  const mailer = createSmtpMailer({ url: smtpUrl, from: 'Catalog Pilot <no-reply@localhost>' });
  const t = await teamApp({ invitations: { publicUrl: 'https://app.example.com', mailer } });
  current = { t, mailer };
  return t;
}

describe('the invitation email', () => {
  it('is sent to the invited address with the link, the company and who invited them', async () => {
    const t = await make(sink.url);
    const { invitee, created, token } = await t.invite('admin');
    expect(created.emailSent).toBe(true);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail).toMatchObject({ from: 'no-reply@localhost', to: [invitee.email], user: 'tester' });

    const { subject, text, html } = readEmail(mail!.raw);
    const link = `https://app.example.com/accept-invitation?token=${token}`;
    expect(subject).toBe('Olive Owner invited you to join Acme Team on Catalog Pilot');
    expect(text).toContain(`Olive Owner (${t.owner.email}) invited you to join Acme Team on Catalog Pilot as an admin.`);
    expect(text).toContain(`Accept the invitation: ${link}`);
    expect(text).toContain(`Sign in (or create an account) with ${invitee.email} to accept it.`);
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('<strong>Acme Team</strong>');
  });

  it("links to PUBLIC_URL, not to the Host a request names (issue 31)", async () => {
    const t = await make(sink.url);
    const res = await t.app.request('http://evil.example/api/invitations', {
      method: 'POST',
      headers: { ...t.owner.headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({ email: 'pat@example.com' }),
    });
    expect(res.status).toBe(201);
    const { text, html } = readEmail(sink.received[0]!.raw);
    expect(text).toMatch(/Accept the invitation: https:\/\/app\.example\.com\/accept-invitation\?token=/);
    expect(`${text}${html}`).not.toContain('evil.example');
  });

  it('reports emailSent: false but keeps the invitation when the mail server cannot be reached', async () => {
    const t = await make(await unreachableSmtpUrl());
    const { created, token } = await t.invite();
    expect(created.emailSent).toBe(false);
    expect(created.acceptUrl).toBe(`https://app.example.com/accept-invitation?token=${token}`);
    expect((await t.db.invitations.getByToken(token))?.status).toBe('pending');
  });
});

describe('invitationEmail', () => {
  it('escapes names in the HTML and keeps the subject on one line', () => {
    const content = invitationEmail({
      to: 'x@example.com',
      acceptUrl: 'https://app.example.com/accept-invitation?token=a&b',
      companyName: 'Tom & <Jerry>\nInc',
      inviterName: '<img src=x>',
      inviterEmail: 'i@example.com',
      role: 'member',
      expiresAt: new Date('2030-03-08T12:00:00Z'),
    });
    expect(content.subject).toBe('<img src=x> invited you to join Tom & <Jerry> Inc on Catalog Pilot');
    expect(content.html).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(content.html).toContain('&lt;img src=x&gt; (i@example.com)');
    expect(content.html).not.toContain('<img');
    expect(content.html).toContain('href="https://app.example.com/accept-invitation?token=a&amp;b"');
    expect(content.text).toContain('as a member.');
    expect(content.text).toContain('The link works until March 8, 2030 and only once.');
  });
});
