/**
 * The store connection and display preferences: what GET /api/settings returns and what
 * POST /api/settings accepts (the three credentials required and trimmed, as the form says).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IsoDateTime, singleLineText, TEXT_LIMITS } from './common';

/** The form's one message for a missing credential (toast title 'Validation Error'). */
export const SETTINGS_REQUIRED_MESSAGE = 'Please fill in all required fields';

const required = (max: number, label: string) =>
  singleLineText(max, { label, error: SETTINGS_REQUIRED_MESSAGE, tooLong: `At most ${max} characters`, trim: true }).min(1, {
    error: SETTINGS_REQUIRED_MESSAGE,
  });

/** POST /api/settings. */
export const SaveSettingsBody = lazySchema(() =>
  z.object({
    /**
     * The store's hash from its API path (`/stores/{hash}/v3`); it becomes part of a URL, so
     * only letters and digits pass.
     */
    storeHash: required(64, 'The store hash').regex(/^[a-z0-9]+$/i, {
      error: 'The store hash has letters and digits only (from /stores/{hash}/v3)',
    }),
    accessToken: required(TEXT_LIMITS.credential, 'The access token'),
    clientId: required(TEXT_LIMITS.credential, 'The client id'),
    /** Show the stock column and badges. */
    showStockStatus: z.boolean().default(false),
    /** Sync and show products the store hides from its storefront. */
    showInvisibleProducts: z.boolean().default(false),
  }),
);
export type SaveSettingsBody = z.infer<typeof SaveSettingsBody>;
export type SaveSettingsInput = z.input<typeof SaveSettingsBody>;

export const Settings = lazySchema(() =>
  z.object({
    storeHash: z.string(),
    accessToken: z.string(),
    clientId: z.string(),
    showStockStatus: z.boolean(),
    showInvisibleProducts: z.boolean(),
    /** When the last successful sync finished; null before the first one. */
    lastSyncAt: IsoDateTime.nullable(),
  }),
);
export type Settings = z.infer<typeof Settings>;

/** GET /api/settings: null while no store is connected (the sidebar says 'Not Connected'). */
export const SettingsResponse = lazySchema(() => Settings.nullable());
export type SettingsResponse = z.infer<typeof SettingsResponse>;

/** The sidebar's connection label. */
export function connectionLabel(settings: SettingsResponse | undefined): 'Connected Store' | 'Not Connected' {
  return settings ? 'Connected Store' : 'Not Connected';
}
