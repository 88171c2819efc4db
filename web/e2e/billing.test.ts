/**
 * Plans and billing in a real Chromium against the app as `npm start` runs it, with the local
 * Stripe stand-in: a new owner on the Trial plan upgrades to Starter through the stand-in's
 * checkout page (Pay), comes back to /subscription with the query cleaned and sees Starter
 * with its 100-product limit (confirmed by Stripe's signed webhook), opens the next steps, then
 * cancels and sees the end-of-period notice. A cancelled checkout comes back with 'Payment
 * Canceled'. Plus axe scans of /subscription (a paid plan ending, and the Trial with the upgrade
 * question open) in both colour schemes and on a 360 px screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signUp } from './support/auth';
import { isPath, toast, violationSummary, whenSettled } from './support/page';

const { withPage } = useAppAndBrowser();

const banner = (page: Page) => page.getByRole('region', { name: /current plan/i });
const plan = (page: Page, name: string) => page.getByRole('article', { name });

/** A new owner (Trial plan) on /subscription. */
async function ownerOnSubscription(page: Page) {
  await signUp(page, newCredentials());
  await dismissTour(page);
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Subscription', exact: true }).click();
  await page.waitForURL(isPath('/subscription'));
  await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor();
  await banner(page).getByRole('heading', { name: 'Trial' }).waitFor();
}

/** Upgrade to Starter, confirmed, up to the stand-in's checkout page. */
async function toStarterCheckout(page: Page) {
  await plan(page, 'Starter').getByRole('button', { name: 'Upgrade to Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Starter?' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/checkout/cs_test_'));
  await page.getByRole('heading', { level: 1, name: 'Starter plan' }).waitFor();
  await expect(page.locator('main').innerText()).resolves.toContain('$5.00');
}

describe('billing', () => {
  it('upgrades from Trial to Starter through the checkout page, sees the new plan and limit, then cancels', async () => {
    await withPage(async (page) => {
      await ownerOnSubscription(page);
      await expect(banner(page).innerText()).resolves.toContain('Up to 5 products');

      await toStarterCheckout(page);
      await page.getByRole('button', { name: /^Pay \$5\.00$/ }).click();

      // Back on the app; the return is confirmed with the server and the query removed.
      await toast(page, 'Payment Successful').waitFor();
      await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
      await banner(page).getByRole('heading', { name: 'Starter' }).waitFor();
      const shown = await banner(page).innerText();
      expect(shown).toContain('Up to 100 products');
      expect(shown).toMatch(/Renews on \w{3} \d{1,2}, \d{4}/);
      expect(shown).toContain('the Starter plan syncs up to 100');
      await expect(plan(page, 'Starter').getByRole('button', { name: 'Current Plan' }).isDisabled()).resolves.toBe(true);

      // What to do next, then back.
      await page.getByRole('link', { name: 'See what to do next' }).click();
      await page.waitForURL((url) => url.pathname === '/thank-you' && url.searchParams.get('plan') === 'starter');
      await page.getByRole('heading', { level: 1, name: 'Thank you for your purchase!' }).waitFor();
      await page.getByText('Welcome to the Starter plan.').waitFor();
      await page.goBack();
      await page.waitForURL(isPath('/subscription'));

      // Cancel: the plan stays until the end of the period, and the page says so.
      await page.getByRole('region', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
      await toast(page, 'Subscription Cancelled').waitFor();
      await banner(page).getByText(/^Your subscription ends on \w{3} \d{1,2}, \d{4}; you will move to the Trial plan then\.$/).waitFor();
      await expect(banner(page).getByRole('heading', { name: 'Starter' }).isVisible()).resolves.toBe(true);

      // After a reload the notice is still there: it is what the server holds.
      await page.reload();
      await banner(page).getByText(/you will move to the Trial plan then/).waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      expect(violationSummary(results.violations)).toEqual([]);
    });
  });

  it("comes back with 'Payment Canceled' and the Trial plan when the checkout is cancelled", async () => {
    await withPage(async (page) => {
      await ownerOnSubscription(page);
      await toStarterCheckout(page);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await toast(page, 'Payment Canceled').waitFor();
      await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
      await banner(page).getByRole('heading', { name: 'Trial' }).waitFor();
    });
  });

  it('has no axe violations on /subscription in either colour scheme, and fits a 360 px screen', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await withPage(
        async (page) => {
          await ownerOnSubscription(page);
          const results = await new AxeBuilder({ page }).analyze();
          expect(violationSummary(results.violations)).toEqual([]);

          // The upgrade confirmation too.
          await plan(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' }).click();
          const opened = page.getByRole('dialog', { name: 'Upgrade to Premium?' });
          await opened.waitFor();
          await whenSettled(page, opened);
          const dialog = await new AxeBuilder({ page }).analyze();
          expect(violationSummary(dialog.violations)).toEqual([]);
          await page.getByRole('button', { name: 'Keep My Plan' }).click();
          await page.getByRole('dialog').waitFor({ state: 'hidden' });

          await page.setViewportSize({ width: 360, height: 740 });
          await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          const phone = await new AxeBuilder({ page }).analyze();
          expect(violationSummary(phone.violations)).toEqual([]);
        },
        { colorScheme },
      );
    }
  });
});
