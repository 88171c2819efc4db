/**
 * The company's guardrail settings for the preview (issue 19): GET /api/company/settings, read
 * when the preview opens. While it cannot be read (offline, the server unreachable, a server
 * without the route) the preview uses the answer last received in this tab, else the defaults
 * (DEFAULT_COMPANY_SETTINGS: a 50% threshold, no MSRP floor, nothing blocking). The server
 * checks the blocking rules again when the order is created (422 GUARDRAIL), so a stale answer
 * never lets a blocked order through; it can only show a flag the server no longer asks for.
 */
import { type CompanySettings, DEFAULT_COMPANY_SETTINGS } from '@catalog/contracts/company-settings';
import { useEffect, useState } from 'react';
import { getCompanySettings } from '../../../lib/company-settings';
import { onSignOut } from '../../../lib/sign-out-callbacks';

/** The last answer in this tab; forgotten on reload and on sign-out (a device may be shared by companies). */
let lastAnswer: CompanySettings | null = null;

/** Reads the settings (see the file's comment); `fetcher` is for tests. */
export async function loadGuardrailSettings(fetcher: () => Promise<CompanySettings> = getCompanySettings): Promise<{ settings: CompanySettings; live: boolean }> {
  try {
    lastAnswer = await fetcher();
    return { settings: lastAnswer, live: true };
  } catch {
    return { settings: lastAnswer ?? DEFAULT_COMPANY_SETTINGS, live: false };
  }
}

/** Forgets the last answer (sign-out, tests). */
export function forgetGuardrailSettings(): void {
  lastAnswer = null;
}
onSignOut(forgetGuardrailSettings);

/** The settings while `enabled` (the preview is open): the last known at once, the server's when it answers. */
export function useGuardrailSettings(enabled: boolean): CompanySettings {
  const [settings, setSettings] = useState<CompanySettings>(() => lastAnswer ?? DEFAULT_COMPANY_SETTINGS);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void loadGuardrailSettings().then((answer) => current && setSettings(answer.settings));
    return () => {
      current = false;
    };
  }, [enabled]);
  return settings;
}
