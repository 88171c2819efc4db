/**
 * Verified email addresses in a real Chromium against the app as `npm start` runs it, with the
 * Auth emulator's "inbox" (its oobCodes endpoint): a new account gets the verification email and
 * the banner "Verify your email address" until the link is opened and "I've verified it" pressed;
 * an invitee who has not verified is told why they cannot accept an invitation, and accepts it
 * once verified.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, oobCodes, openVerificationLink, signUp } from './support/auth';
import { DESKTOP } from './support/browser';
import { setCompanyPlan } from './support/database';
import { isPath, toast } from './support/page';

const { app, browser } = useAppAndBrowser();
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

const NOT_VERIFIED = 'Verify your email address to see and accept invitations';

/** A browser profile of its own (one per person). */
async function person(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, viewport: DESKTOP, colorScheme: 'light' });
  contexts.push(context);
  return context.newPage();
}

/** An ID token of the account straight from the emulator (what the page would send). */
async function emulatorIdToken({ email, password }: { email: string; password: string }): Promise<string> {
  const res = await fetch(
    `http://${app().authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }) },
  );
  if (!res.ok) throw new Error(`signInWithPassword: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Verify your email address' });

describe('verified email', () => {
  it('sends the verification email at sign-up and shows the banner until the address is verified', async () => {
    const account = newCredentials();
    const page = await person();
    await signUp(page, account);
    await dismissTour(page);
    await banner(page).waitFor();
    await expect(banner(page).innerText()).resolves.toContain(account.email);

    // The emulator's inbox has the email; its link continues to /login on this origin.
    const sent = (await oobCodes(app().authEmulatorHost)).filter((c) => c.email === account.email && c.requestType === 'VERIFY_EMAIL');
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.oobLink).searchParams.get('continueUrl')).toBe(`${app().url}/login`);

    // Not opened yet: the banner says so and stays.
    await banner(page).getByRole('button', { name: "I've verified it" }).click();
    await toast(page, 'Not verified yet').waitFor();
    await expect(banner(page).isVisible()).resolves.toBe(true);

    // Resend: a second email.
    await banner(page).getByRole('button', { name: 'Resend email' }).click();
    await toast(page, 'Verification email sent').waitFor();
    await expect.poll(async () => (await oobCodes(app().authEmulatorHost))
      .filter((c) => c.email === account.email && c.requestType === 'VERIFY_EMAIL').length).toBe(2);

    await openVerificationLink(app().authEmulatorHost, account.email);
    await banner(page).getByRole('button', { name: "I've verified it" }).click();
    await toast(page, 'Email verified').waitFor();
    await banner(page).waitFor({ state: 'hidden' });
    // And it stays gone on the next visit.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    await expect(banner(page).count()).resolves.toBe(0);
  });

  it('tells an unverified invitee why they cannot accept, and lets them once verified', async () => {
    const ownerAccount = newCredentials();
    const inviteeAccount = newCredentials();
    const owner = await person();
    await signUp(owner, ownerAccount);
    await dismissTour(owner);
    setCompanyPlan(app(), ownerAccount.email, 'premium');
    await owner.goto('/team');
    const companyName = (await owner.getByRole('heading', { level: 1 }).innerText()).trim();
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(inviteeAccount.email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();

    // The invitee has an account with the invited address, not verified yet.
    const invitee = await person();
    await signUp(invitee, inviteeAccount);
    await dismissTour(invitee);
    await invitee.goto(link);
    await invitee.getByRole('heading', { level: 1, name: `Join ${companyName}` }).waitFor();
    await invitee.getByText(NOT_VERIFIED).waitFor();
    await invitee.getByRole('button', { name: 'Resend email' }).waitFor();

    // The Team page says the same where the invitations would be, and the API refuses to accept.
    await invitee.getByRole('link', { name: 'Go to Team page' }).click();
    await invitee.waitForURL(isPath('/team'));
    await invitee.getByRole('region', { name: 'Your Invitations' }).getByText(NOT_VERIFIED).waitFor();
    await expect(invitee.getByRole('button', { name: `Accept invitation to ${companyName}` }).count()).resolves.toBe(0);
    const token = new URL(link).searchParams.get('token')!;
    const refused = await fetch(`${app().url}/api/invitations/${token}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await emulatorIdToken(inviteeAccount)}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED } });

    // Verified: the banner goes, the invitation shows, and accepting works.
    await openVerificationLink(app().authEmulatorHost, inviteeAccount.email);
    await banner(invitee).getByRole('button', { name: "I've verified it" }).click();
    await banner(invitee).waitFor({ state: 'hidden' });
    const reloaded = invitee.waitForEvent('load');
    await invitee.getByRole('button', { name: `Accept invitation to ${companyName}` }).click();
    await invitee.getByText("You've successfully joined the company!").waitFor();
    await reloaded;
    await invitee.getByRole('heading', { level: 1, name: companyName }).waitFor();
    await expect(invitee.getByText('Your role:').locator('..').innerText()).resolves.toContain('MEMBER');
  });
});
