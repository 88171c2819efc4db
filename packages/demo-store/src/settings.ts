/**
 * The demo store's run-time settings (latency, quota and window, fault rates, kept prices): their
 * defaults, how a patch merges into them (the global defaults, or one store's overrides over
 * those), and the checks a patch from outside (the admin routes, the command line) must pass,
 * so a typo or a negative quota is refused with a message instead of silently taking effect.
 */
import { NO_FAULTS } from './faults';
import type { FaultRates } from './faults';

export interface DemoStoreSettings {
  /** Added to every store API request, in ms. */
  latencyMs: number;
  /** Requests per store per window (BigCommerce: 150 or 450 by plan). */
  quota: number;
  /** Length of the fixed rate-limit window in ms (BigCommerce: 30 s). */
  windowMs: number;
  faults: FaultRates;
  /**
   * A store that answers price writes with success and keeps the old prices (another app
   * putting them back, a stale cache): what the app's read-back after writing must catch.
   */
  keepOldPrices: boolean;
}

export type SettingsPatch = Partial<Omit<DemoStoreSettings, 'faults'>> & { faults?: Partial<FaultRates> };

export const DEFAULT_SETTINGS: DemoStoreSettings = { latencyMs: 0, quota: 150, windowMs: 30_000, faults: NO_FAULTS, keepOldPrices: false };

/** `base` with the defined fields of `patch`; fault rates are merged one by one. */
export function applyPatch(base: DemoStoreSettings, patch: SettingsPatch): DemoStoreSettings {
  const { faults, ...rest } = patch;
  return { ...base, ...definedOnly(rest), faults: { ...base.faults, ...definedOnly(faults ?? {}) } };
}

/** Two patches as one, `later` winning field by field (a store's overrides after a PATCH). */
export function combinePatches(earlier: SettingsPatch, later: SettingsPatch): SettingsPatch {
  const { faults, ...rest } = { ...earlier, ...definedOnly(later) };
  const mergedFaults = { ...earlier.faults, ...definedOnly(later.faults ?? {}) };
  return Object.keys(mergedFaults).length > 0 ? { ...rest, faults: mergedFaults } : rest;
}

function definedOnly<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Each numeric setting with its rule, in the words an error message uses. */
const NUMBER_RULES: Record<'latencyMs' | 'quota' | 'windowMs', { ok: (v: unknown) => boolean; rule: string }> = {
  latencyMs: { ok: isCount, rule: 'a non-negative integer (ms)' },
  quota: { ok: (v) => isCount(v) && v > 0, rule: 'a positive integer (requests per window)' },
  windowMs: { ok: (v) => isCount(v) && v > 0, rule: 'a positive integer (ms)' },
};
const FAULT_FIELDS = ['rate429', 'rate500', 'drop'] as const;

export type PatchReading = { patch: SettingsPatch } | { errors: Record<string, string> };

/** A settings patch from JSON: every field optional, none unknown, each within its range. */
export function readSettingsPatch(body: unknown): PatchReading {
  if (!isRecord(body)) return { errors: { body: 'must be a JSON object of settings' } };
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key in NUMBER_RULES) {
      const { ok, rule } = NUMBER_RULES[key as keyof typeof NUMBER_RULES];
      if (!ok(value)) errors[key] = `must be ${rule}`;
    } else if (key === 'keepOldPrices') {
      if (typeof value !== 'boolean') errors[key] = 'must be true or false';
    } else if (key === 'faults') {
      Object.assign(errors, faultErrors(value));
    } else {
      errors[key] = `is not a setting (settings: ${[...Object.keys(NUMBER_RULES), 'faults', 'keepOldPrices'].join(', ')})`;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { patch: body as SettingsPatch };
}

function faultErrors(value: unknown): Record<string, string> {
  if (!isRecord(value)) return { faults: `must be an object of rates among ${FAULT_FIELDS.join(', ')}` };
  const errors: Record<string, string> = {};
  for (const [key, rate] of Object.entries(value)) {
    if (!(FAULT_FIELDS as readonly string[]).includes(key)) errors[`faults.${key}`] = `is not a fault rate (rates: ${FAULT_FIELDS.join(', ')})`;
    else if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) errors[`faults.${key}`] = 'must be a number from 0 to 1';
  }
  return errors;
}

/** The errors of a reading as one line: "latencyMs must be ...; quota must be ...". */
export function describeFieldErrors(errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, problem]) => `${field} ${problem}`)
    .join('; ');
}
