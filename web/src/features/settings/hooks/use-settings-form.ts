/**
 * The store connection form's state: values (starting from the saved settings, token masked),
 * field errors, saving, and submit, which checks the form before any call and turns the
 * server's answer into a toast and, for a rejected credential, a message under its field.
 */
import { getErrorMessage, isApiError } from '@catalog/contracts/errors';
import type { SettingsResponse } from '@catalog/contracts/settings';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import type { DemoStoreCredentials } from '../../../lib/demo-store';
import { saveSettings } from '../api/save-settings';
import {
  credentialErrors,
  nextTokenValue,
  toFormValues,
  validateSettingsForm,
  VALIDATION_TITLE,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from '../utils/settings-form';

export const SAVE_FAILED_MESSAGE = 'Failed to save settings';

export interface SettingsForm {
  values: SettingsFormValues;
  errors: SettingsFieldErrors;
  saving: boolean;
  /** Bumped by each submit that found errors, so the form can move focus to the first one. */
  failedAttempts: number;
  setText: (field: 'storeHash' | 'accessToken' | 'clientId', value: string) => void;
  setSwitch: (field: 'showStockStatus' | 'showInvisibleProducts', value: boolean) => void;
  /** Fills in the local demo store's credentials (the switches stay as they are). */
  fillDemo: (demo: DemoStoreCredentials) => void;
  submit: () => Promise<void>;
}

export function useSettingsForm(saved: SettingsResponse): SettingsForm {
  const [values, setValues] = useState(() => toFormValues(saved));
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);

  const setText = useCallback<SettingsForm['setText']>((field, value) => {
    setValues((prev) => ({
      ...prev,
      [field]: field === 'accessToken' ? nextTokenValue(prev.accessToken, value) : value,
    }));
    setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
  }, []);

  const setSwitch = useCallback<SettingsForm['setSwitch']>((field, value) => {
    setValues((prev) => ({ ...prev, [field]: value }));
  }, []);

  const fillDemo = useCallback((demo: DemoStoreCredentials) => {
    setValues((prev) => ({ ...prev, ...demo }));
    setErrors({});
  }, []);

  const submit = useCallback(async () => {
    const checked = validateSettingsForm(values);
    if (!checked.ok) {
      setErrors(checked.fields);
      setFailedAttempts((n) => n + 1);
      notifications.show({ color: 'red', title: VALIDATION_TITLE, message: checked.message });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const settings = await saveSettings(checked.body);
      setValues(toFormValues(settings));
      notifications.show({
        color: 'green',
        title: 'Settings saved',
        message: 'Your store connection and preferences are saved.',
      });
    } catch (err) {
      const fields = isApiError(err) ? credentialErrors(err.fields) : {};
      setErrors(fields);
      if (Object.keys(fields).length > 0) setFailedAttempts((n) => n + 1);
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(err, SAVE_FAILED_MESSAGE) });
    } finally {
      setSaving(false);
    }
  }, [values]);

  return { values, errors, saving, failedAttempts, setText, setSwitch, fillDemo, submit };
}
