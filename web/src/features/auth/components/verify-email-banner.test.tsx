/**
 * The "Verify your email address" banner of the signed-in shell, with Firebase stood in for: shown
 * only while the session's user is unverified; "Resend email" sends the email again and says so
 * (or why not: too many, offline); "I've verified it" refreshes and the banner goes once the user
 * is verified, or says it is not yet.
 */
import { Notifications, notifications } from '@mantine/notifications';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session';
import { fakeIdentity, fakeUser } from '../../../testing/fake-identity';
import { render, waitFor, type Rendered } from '../../../testing/render';
import type { EmailVerificationActions } from '../../../lib/email-verification';
import { VERIFICATION_MESSAGES } from '../../../lib/use-email-verification';
import { VerifyEmailBanner } from './verify-email-banner';

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
  act(() => notifications.clean());
  localStorage.clear();
});

const UNVERIFIED = fakeUser({ email: 'new@example.com', emailVerified: false });

async function show(user = UNVERIFIED, actions: Partial<EmailVerificationActions> = {}) {
  const identity = fakeIdentity();
  const calls = { resend: 0, refresh: 0 };
  const stand: EmailVerificationActions = {
    resend: async () => {
      calls.resend++;
      await actions.resend?.();
    },
    refresh: async () => {
      calls.refresh++;
      return (await actions.refresh?.()) ?? false;
    },
  };
  rendered = await render(
    <AuthProvider connect={identity.connect}>
      <Notifications />
      <VerifyEmailBanner actions={stand} />
    </AuthProvider>,
  );
  await waitFor(() => identity.connections() > 0);
  await act(async () => identity.emit(user));
  return { identity, calls };
}

const banner = () => document.querySelector('[role="region"]');
const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
const click = async (name: string) => {
  const target = button(name);
  if (!target) throw new Error(`no button ${name}`);
  await act(async () => target.click());
};

describe('VerifyEmailBanner', () => {
  it('asks an unverified address to verify itself, with both actions', async () => {
    await show();
    expect(banner()?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(banner()!.getAttribute('aria-labelledby')!)?.textContent).toBe('Verify your email address');
    expect(banner()?.textContent).toContain('new@example.com');
    expect(button('Resend email')).toBeDefined();
    expect(button("I've verified it")).toBeDefined();
  });

  it('shows nothing to a verified user (Google accounts are)', async () => {
    await show(fakeUser({ emailVerified: true }));
    expect(banner()).toBeNull();
    expect(text()).not.toContain('Verify your email address');
  });

  it("shows nothing to a store's user from BigCommerce (no email in Firebase; BigCommerce vouches for it)", async () => {
    await show(fakeUser({ uid: 'bc:abc123:1001', email: null, emailVerified: false }));
    expect(banner()).toBeNull();
    expect(text()).not.toContain('Verify your email address');
    // Only contracts' BigCommerce uids: another uid that merely starts alike still must verify.
    rendered?.unmount();
    await show(fakeUser({ uid: 'bc:not a store', email: 'x@example.com', emailVerified: false }));
    expect(banner()).not.toBeNull();
  });

  it('sends the email again and says so, or says why not', async () => {
    const { calls } = await show(UNVERIFIED);
    await click('Resend email');
    await waitFor(() => text().includes(VERIFICATION_MESSAGES.sentTitle));
    expect(text()).toContain('Check your inbox at new@example.com');
    expect(calls.resend).toBe(1);

    rendered?.unmount();
    act(() => notifications.clean());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await show(UNVERIFIED, { resend: () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/too-many-requests' })) });
    await click('Resend email');
    await waitFor(() => text().includes(VERIFICATION_MESSAGES.tooMany));
    expect(text()).toContain(VERIFICATION_MESSAGES.sendFailedTitle);
  });

  it('says the email needs a connection while offline, without trying', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = await show();
    await click('Resend email');
    await waitFor(() => text().includes(VERIFICATION_MESSAGES.offline));
    expect(calls.resend).toBe(0);
  });

  it("says when the address is not verified yet, and goes once it is", async () => {
    let verified = false;
    const { identity, calls } = await show(UNVERIFIED, {
      refresh: async () => {
        // As Firebase does: the refreshed user reaches the session through onIdTokenChanged.
        if (verified) identity.emit({ ...UNVERIFIED, emailVerified: true });
        return verified;
      },
    });
    await click("I've verified it");
    await waitFor(() => text().includes(VERIFICATION_MESSAGES.notYetTitle));
    expect(banner()).not.toBeNull();

    verified = true;
    await click("I've verified it");
    await waitFor(() => banner() === null);
    expect(text()).toContain(VERIFICATION_MESSAGES.verifiedTitle);
    expect(calls.refresh).toBe(2);
  });
});
