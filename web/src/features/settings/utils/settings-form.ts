/**
 * The settings form's values and its check before any call (spec section 5): the three
 * credentials are required once trimmed ('Validation Error' / 'Please fill in all required
 * fields'), then the contracts' SaveSettingsBody rules (the store hash's characters) apply.
 */
import { fieldsFromZodError } from '@catalog/contracts/errors';
import {
  SaveSettingsBody,
  SETTINGS_REQUIRED_MESSAGE,
  type SettingsResponse,
} from '@catalog/contracts/settings';

export interface SettingsFormValues {
  storeHash: string;
  /** As GET /api/settings shows it (masked); sending the masked value back keeps the saved token. */
  accessToken: string;
  clientId: string;
  showStockStatus: boolean;
  showInvisibleProducts: boolean;
}

export const CREDENTIAL_FIELDS = ['storeHash', 'accessToken', 'clientId'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
export type SettingsFieldErrors = Partial<Record<CredentialField, string>>;

export const FIELD_LABELS: Readonly<Record<CredentialField, string>> = {
  storeHash: 'Store hash',
  accessToken: 'Access token',
  clientId: 'Client ID',
};

/** The toast title of a form that fails its check. */
export const VALIDATION_TITLE = 'Validation Error';

/** The masked token starts with the mask's bullet (api services/store-connection.ts TOKEN_MASK). */
const MASK_CHAR = '•';
export const isMaskedToken = (value: string): boolean => value.startsWith(MASK_CHAR);

/**
 * Typing into the masked token replaces it: a new token is never appended to the bullets
 * (the server would read bullets as "keep the saved token").
 */
export function nextTokenValue(previous: string, typed: string): string {
  if (isMaskedToken(previous) && typed.startsWith(previous)) return typed.slice(previous.length);
  if (isMaskedToken(previous) && typed.length < previous.length) return '';
  return typed;
}

export function toFormValues(settings: SettingsResponse | undefined): SettingsFormValues {
  return {
    storeHash: settings?.storeHash ?? '',
    accessToken: settings?.accessToken ?? '',
    clientId: settings?.clientId ?? '',
    showStockStatus: settings?.showStockStatus ?? false,
    showInvisibleProducts: settings?.showInvisibleProducts ?? false,
  };
}

export type SettingsValidation =
  | { ok: true; body: SaveSettingsBody }
  | { ok: false; message: string; fields: SettingsFieldErrors };

/** Only the form's own fields, from an error's `fields` (a server's 400 or a zod error). */
export function credentialErrors(fields: Record<string, string> | undefined): SettingsFieldErrors {
  const errors: SettingsFieldErrors = {};
  for (const key of CREDENTIAL_FIELDS) {
    const message = fields?.[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export function validateSettingsForm(values: SettingsFormValues): SettingsValidation {
  const missing: SettingsFieldErrors = {};
  for (const key of CREDENTIAL_FIELDS) {
    if (!values[key].trim()) missing[key] = `${FIELD_LABELS[key]} is required`;
  }
  if (Object.keys(missing).length > 0) {
    return { ok: false, message: SETTINGS_REQUIRED_MESSAGE, fields: missing };
  }
  const parsed = SaveSettingsBody.safeParse(values);
  if (!parsed.success) {
    const fields = credentialErrors(fieldsFromZodError(parsed.error));
    return { ok: false, message: parsed.error.issues[0]?.message ?? SETTINGS_REQUIRED_MESSAGE, fields };
  }
  return { ok: true, body: parsed.data };
}
