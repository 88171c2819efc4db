/** The preview's company settings: the server's, else the last answer, else the defaults. */
import { DEFAULT_COMPANY_SETTINGS, type CompanySettings } from '@catalog/contracts/company-settings';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetGuardrailSettings, loadGuardrailSettings } from './use-guardrail-settings';

const strict: CompanySettings = { ordersNeedApproval: true, guardrailThresholdPercent: 20, retailFloor: true, blockingGuardrails: ['zeroPrice'], priorPriceDays: null, priorPriceShownAs: 'regular', publishPriorPrice: false };
const fails = () => Promise.reject(new Error('404 Not Found'));

afterEach(() => forgetGuardrailSettings());

describe('loadGuardrailSettings', () => {
  it('falls back to the defaults when the settings cannot be read (a server without the route, offline)', async () => {
    expect(await loadGuardrailSettings(fails)).toEqual({ settings: DEFAULT_COMPANY_SETTINGS, live: false });
  });

  it("uses the server's answer, and keeps it for when the next read fails", async () => {
    expect(await loadGuardrailSettings(() => Promise.resolve(strict))).toEqual({ settings: strict, live: true });
    expect(await loadGuardrailSettings(fails)).toEqual({ settings: strict, live: false });
    forgetGuardrailSettings();
    expect((await loadGuardrailSettings(fails)).settings).toEqual(DEFAULT_COMPANY_SETTINGS);
  });
});
