/**
 * The tour for new users: it opens a second after the first sign-in, walks through six steps
 * with Previous/Next, and once finished or skipped it never shows again, after a reload or a
 * new sign-in alike. The open tour passes an axe scan.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-and-browser';
import { dismissTour, newCredentials, signIn, signUp, tourDialog } from './support/auth';
import { violationSummary, whenSettled } from './support/page';

const { withPage } = useAppAndBrowser();

const STEP_TITLES = [
  'Welcome to Catalog Pilot',
  'Your products',
  'Work orders',
  'Your team',
  'Connect your store',
  'You’re all set',
];

/** Waits long enough for a tour that is due (it opens after 1 second) and says whether one is open. */
async function tourShows(page: Page): Promise<boolean> {
  await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
  await page.waitForTimeout(2500);
  return page.getByRole('dialog').isVisible();
}

describe('walkthrough', () => {
  it('walks a new user through six steps once, and never again after Finish', async () => {
    const account = newCredentials();
    await withPage(async (page) => {
      await signUp(page, account);
      const dialog = tourDialog(page);
      await dialog.waitFor();
      await dialog.getByText('Step 1 of 6').waitFor();
      await expect(dialog.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);

      for (let i = 1; i < STEP_TITLES.length; i++) {
        await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
        const step = page.getByRole('dialog', { name: STEP_TITLES[i] });
        await step.getByText(`Step ${i + 1} of 6`).waitFor();
      }
      // Back and forth keeps the place.
      await page.getByRole('dialog').getByRole('button', { name: 'Previous' }).click();
      await page.getByRole('dialog', { name: STEP_TITLES[4] }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();

      const last = page.getByRole('dialog', { name: STEP_TITLES[5] });
      await expect(last.getByRole('button', { name: 'Skip tour' }).count()).resolves.toBe(0);
      const saved = page.waitForResponse((res) => res.url().endsWith('/api/auth/user/walkthrough-complete'));
      await last.getByRole('button', { name: 'Finish' }).click();
      expect((await saved).status()).toBe(200);
      await last.waitFor({ state: 'hidden' });

      await page.reload();
      expect(await tourShows(page)).toBe(false);
    });
    // Nor on another device.
    await withPage(async (page) => {
      await signIn(page, account);
      expect(await tourShows(page)).toBe(false);
    });
  });

  it('ends the tour for good when it is skipped', async () => {
    await withPage(async (page) => {
      await signUp(page, newCredentials());
      await dismissTour(page);
      await page.reload();
      expect(await tourShows(page)).toBe(false);
    });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`finds no axe violations in the open tour (${colorScheme})`, async () => {
      await withPage(
        async (page) => {
          await signUp(page, newCredentials());
          await tourDialog(page).waitFor();
          await whenSettled(page, tourDialog(page));
          const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
          expect(violationSummary(results.violations)).toEqual([]);
        },
        { colorScheme },
      );
    });
  }
});
