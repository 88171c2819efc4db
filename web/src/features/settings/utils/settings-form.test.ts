import { SETTINGS_REQUIRED_MESSAGE } from '@catalog/contracts/settings';
import { describe, expect, it } from 'vitest';
import {
  credentialErrors,
  nextTokenValue,
  toFormValues,
  validateSettingsForm,
  type SettingsFormValues,
} from './settings-form';

const filled: SettingsFormValues = {
  storeHash: 'demo',
  accessToken: 'demo-token',
  clientId: 'demo-client',
  showStockStatus: true,
  showInvisibleProducts: false,
};

describe('validateSettingsForm', () => {
  it("asks for every credential that is empty once trimmed, with the spec's message", () => {
    const result = validateSettingsForm({ ...filled, storeHash: '   ', clientId: '' });
    expect(result).toEqual({
      ok: false,
      message: SETTINGS_REQUIRED_MESSAGE,
      fields: { storeHash: 'Store hash is required', clientId: 'Client ID is required' },
    });
    expect(validateSettingsForm(toFormValues(null))).toMatchObject({
      ok: false,
      message: 'Please fill in all required fields',
      fields: { storeHash: expect.any(String), accessToken: expect.any(String), clientId: expect.any(String) },
    });
  });

  it('sends trimmed credentials and both switches', () => {
    const result = validateSettingsForm({ ...filled, storeHash: ' demo ', clientId: ' demo-client\n' });
    expect(result).toEqual({
      ok: true,
      body: { storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client', showStockStatus: true, showInvisibleProducts: false },
    });
  });

  it('keeps the masked token as it is: the server reads it as "keep the saved token"', () => {
    const result = validateSettingsForm({ ...filled, accessToken: '••••••••ab12' });
    expect(result).toMatchObject({ ok: true, body: { accessToken: '••••••••ab12' } });
  });

  it('checks the store hash against the API path rule before any call', () => {
    const result = validateSettingsForm({ ...filled, storeHash: 'stores/abc' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.storeHash).toMatch(/letters and digits/);
    expect(result.message).toBe(result.fields.storeHash);
  });
});

describe('the masked access token', () => {
  it('is replaced, not extended, when the merchant types or deletes into it', () => {
    expect(nextTokenValue('••••••••ab12', '••••••••ab12x')).toBe('x');
    expect(nextTokenValue('••••••••ab12', '••••••••ab1')).toBe('');
    expect(nextTokenValue('••••••••ab12', 'pasted-token')).toBe('pasted-token');
    expect(nextTokenValue('my-token', 'my-token2')).toBe('my-token2');
  });
});

describe('credentialErrors', () => {
  it("keeps the server's messages for the form's own fields only", () => {
    expect(credentialErrors({ accessToken: 'The store rejected these credentials', _form: 'x' })).toEqual({
      accessToken: 'The store rejected these credentials',
    });
    expect(credentialErrors(undefined)).toEqual({});
  });
});
