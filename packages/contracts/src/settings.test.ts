/** The rules of settings.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { SaveSettingsBody, connectionLabel } from './settings';

const valid = { storeHash: ' abc123 ', accessToken: ' token ', clientId: ' client ' };

describe('SaveSettingsBody', () => {
  it('refuses control characters in a credential, naming the field', () => {
    const result = SaveSettingsBody.safeParse({ storeHash: 'abc', accessToken: 'tok\u0000en', clientId: 'id' });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['accessToken']]);
  });

  it('trims the credentials and defaults both switches to false', () => {
    expect(SaveSettingsBody.parse(valid)).toEqual({
      storeHash: 'abc123',
      accessToken: 'token',
      clientId: 'client',
      showStockStatus: false,
      showInvisibleProducts: false,
    });
  });

  it("says 'Please fill in all required fields' for a missing or blank credential", () => {
    for (const key of ['storeHash', 'accessToken', 'clientId'] as const) {
      for (const value of [undefined, '', '   ']) {
        const result = SaveSettingsBody.safeParse({ ...valid, [key]: value });
        expect(result.error?.issues[0]?.message, `${key}=${String(value)}`).toBe('Please fill in all required fields');
      }
    }
  });

  it('keeps the store hash to letters and digits, as it goes into the API path', () => {
    expect(SaveSettingsBody.safeParse({ ...valid, storeHash: '../admin' }).success).toBe(false);
    expect(SaveSettingsBody.safeParse({ ...valid, storeHash: 'abc/def' }).success).toBe(false);
  });

  it('keeps the switches as sent', () => {
    const saved = SaveSettingsBody.parse({ ...valid, showStockStatus: true, showInvisibleProducts: true });
    expect(saved.showStockStatus).toBe(true);
    expect(saved.showInvisibleProducts).toBe(true);
  });
});

describe('connectionLabel', () => {
  it("says 'Connected Store' when settings exist, otherwise 'Not Connected'", () => {
    expect(connectionLabel(null)).toBe('Not Connected');
    expect(
      connectionLabel({
        storeHash: 'abc',
        accessToken: 't',
        clientId: 'c',
        showStockStatus: false,
        showInvisibleProducts: false,
        lastSyncAt: null,
      }),
    ).toBe('Connected Store');
  });
});
