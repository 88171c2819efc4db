/**
 * Teams in a real Chromium against the app as `npm start` runs it, two people in two browser
 * profiles: an owner invites a teammate as admin and copies the link; the teammate opens it
 * signed out, is asked to sign in, creates an account with the invited email, comes back to the
 * invitation's details, verifies the address (the emulator's email link), accepts it on the Team page, and both then see each other in Team
 * Members. Plus an axe scan of /team and a check that it fits a 360 px screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, loginForm, newCredentials, openVerificationLink, signUp, type Credentials } from './support/auth';
import { DESKTOP } from './support/browser';
import { setCompanyPlan } from './support/database';
import { isPath, violationSummary } from './support/page';

const { app, browser } = useAppAndBrowser();
const contexts: BrowserContext[] = [];

// Registered after useAppAndBrowser's hooks, so it runs before they close the browser.
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

/** A browser profile of its own (one per person), allowed to use the clipboard. */
async function person(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, viewport: DESKTOP, colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app().url });
  contexts.push(context);
  return context.newPage();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The owner's account on a plan with room for a teammate, on /team. */
async function ownerOnTeamPage(page: Page, account: Credentials): Promise<string> {
  await signUp(page, account);
  await dismissTour(page);
  // Trial allows 1 user; subscriptions are another issue, so the plan is set in the database.
  setCompanyPlan(app(), account.email, 'premium');
  await page.goto('/team');
  await page.getByText('Your role:').waitFor();
  return (await heading(page).innerText()).trim();
}

describe('team', () => {
  it('an owner invites a teammate, who signs up with that email, accepts, and both see each other', async () => {
    const ownerAccount = newCredentials();
    const teammateAccount = newCredentials();
    const owner = await person();
    const companyName = await ownerOnTeamPage(owner, ownerAccount);
    // The list loads after the page's header: wait for its first row rather than read it once.
    await section(owner, 'Team Members').getByText(ownerAccount.email).waitFor();
    await expect(section(owner, 'Team Members').innerText()).resolves.toContain('OWNER');

    // Invite as admin and copy the link.
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(teammateAccount.email);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await owner.getByRole('option', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.getByText('Invitation Sent').waitFor();
    const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${app().url}/accept-invitation\\?token=[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(owner.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const invitations = section(owner, 'Pending Invitations');
    await invitations.getByText(teammateAccount.email).waitFor();
    await expect(invitations.innerText()).resolves.toContain('PENDING');

    // The teammate opens the link signed out, signs up from there and comes back to it.
    const teammate = await person();
    await teammate.goto(link);
    await teammate.getByRole('heading', { level: 1, name: 'Sign In Required' }).waitFor();
    await teammate.getByRole('button', { name: 'Sign In' }).click();
    await teammate.waitForURL(isPath('/login'));
    await teammate.getByRole('button', { name: 'Create one' }).click();
    const form = loginForm(teammate);
    await form.email.fill(teammateAccount.email);
    await form.password.fill(teammateAccount.password);
    await form.confirmPassword.fill(teammateAccount.password);
    await teammate.getByRole('button', { name: 'Create account' }).click();
    await teammate.waitForURL(isPath('/accept-invitation'));
    await teammate.getByRole('heading', { level: 1, name: `Join ${companyName}` }).waitFor();
    const details = teammate.getByRole('table', { name: 'Invitation details' });
    for (const value of ['Admin', ownerAccount.email, 'Pending']) await details.getByText(value, { exact: true }).waitFor();

    // Only a verified address may accept: the link from the emulator's inbox, then "I've verified it".
    await openVerificationLink(app().authEmulatorHost, teammateAccount.email);
    await teammate.getByRole('button', { name: "I've verified it" }).click();
    await teammate.getByText('Email verified').waitFor();

    // Accepted on the Team page; the page reloads into the owner's company.
    await teammate.getByRole('link', { name: 'Go to Team page' }).click();
    await teammate.waitForURL(isPath('/team'));
    await dismissTour(teammate);
    const reloaded = teammate.waitForEvent('load');
    await teammate.getByRole('button', { name: `Accept invitation to ${companyName}` }).click();
    await teammate.getByText("You've successfully joined the company!").waitFor();
    await reloaded;
    await teammate.getByRole('heading', { level: 1, name: companyName }).waitFor();
    await expect(teammate.getByText('Your role:').locator('..').innerText()).resolves.toContain('ADMIN');
    await section(teammate, 'Team Members').getByText(ownerAccount.email).waitFor();

    // The owner sees the new admin, and the invitation as accepted.
    await owner.reload();
    await section(owner, 'Team Members').getByText(teammateAccount.email).waitFor();
    await section(owner, 'Pending Invitations').getByText('Accepted', { exact: true }).waitFor();
  });

  it('has no axe violations on /team, and fits a 360 px screen', async () => {
    const owner = await person();
    await ownerOnTeamPage(owner, newCredentials());
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('someone.with.a.long.address@example.com');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section(owner, 'Pending Invitations').getByText('someone.with.a.long.address@example.com').waitFor();

    const results = await new AxeBuilder({ page: owner }).analyze();
    expect(violationSummary(results.violations)).toEqual([]);

    await owner.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const phone = await new AxeBuilder({ page: owner }).analyze();
    expect(violationSummary(phone.violations)).toEqual([]);
  });
});
