/**
 * Signing in from browser tests: a fresh account per test (`signUp`), signing in again, the tour
 * that greets new users (`dismissTour`), and the Auth emulator's REST endpoints the journeys
 * read (password reset and email verification codes; `openVerificationLink` verifies an address
 * as opening the emailed link would).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export const TEST_PASSWORD = 'correct-horse-42';

export interface Credentials {
  email: string;
  password: string;
}

/** A new address for each call, so tests never share an account on the shared emulator. */
export function uniqueEmail(): string {
  return `${randomUUID()}@example.com`;
}

export function newCredentials(): Credentials {
  return { email: uniqueEmail(), password: TEST_PASSWORD };
}

/** The login form's fields (Playwright gives password inputs the textbox role too). */
export function loginForm(page: Page) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  return {
    email: field('Email'),
    password: field('Password'),
    confirmPassword: field('Confirm password'),
  };
}

/** Creates an account on /login and waits for the dashboard; the tour is left to the caller. */
export async function signUp(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create one' }).click();
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.confirmPassword.fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
}

/** Signs in with email and password on /login and waits for the dashboard. */
export async function signIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
}

/** The tour's dialog (it opens 1 second after a new user's first sign-in). */
export function tourDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Welcome to Catalog Pilot' });
}

/** Waits for a new user's tour and skips it (recorded on the server: it does not come back). */
export async function dismissTour(page: Page): Promise<void> {
  const dialog = tourDialog(page);
  await dialog.waitFor({ timeout: 10_000 });
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/auth/user/walkthrough-complete') && res.ok(),
  );
  await dialog.getByRole('button', { name: 'Skip tour' }).click();
  await saved;
  await dialog.waitFor({ state: 'hidden' });
}

/** The Auth emulator's out-of-band codes (password reset and verification emails) of the demo project. */
export async function oobCodes(
  emulatorHost: string,
): Promise<Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>> {
  const res = await fetch(`http://${emulatorHost}/emulator/v1/projects/demo-catalog/oobCodes`);
  if (!res.ok) throw new Error(`oobCodes: ${res.status}`);
  const body = (await res.json()) as { oobCodes: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }> };
  return body.oobCodes;
}

/**
 * Opens the newest verification link the emulator "emailed" to `email` (as clicking it in the
 * inbox would): the address is verified from then on. Returns the link.
 */
export async function openVerificationLink(emulatorHost: string, email: string): Promise<string> {
  const code = (await oobCodes(emulatorHost)).findLast((c) => c.email === email.toLowerCase() && c.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`no verification email for ${email}`);
  const res = await fetch(code.oobLink);
  if (!res.ok) throw new Error(`verification link: ${res.status}`);
  return code.oobLink;
}
