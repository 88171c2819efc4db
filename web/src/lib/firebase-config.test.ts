import { describe, expect, it } from 'vitest';
import { DEFAULT_EMULATOR_URL, firebaseSettings, readRuntimeConfig } from './firebase-config';

describe('firebaseSettings', () => {
  it('uses the demo project on the emulator the server names when the build has no API key', () => {
    const settings = firebaseSettings(
      {},
      { firebase: { projectId: 'demo-catalog', authEmulatorUrl: 'http://127.0.0.1:9123' } },
    );
    expect(settings).toEqual({
      options: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-catalog.firebaseapp.com',
        projectId: 'demo-catalog',
      },
      emulatorUrl: 'http://127.0.0.1:9123',
    });
  });

  it('falls back to demo-catalog on the default emulator port without a runtime config (vite dev)', () => {
    const settings = firebaseSettings({}, null);
    expect(settings.options.projectId).toBe('demo-catalog');
    expect(settings.emulatorUrl).toBe(DEFAULT_EMULATOR_URL);
  });

  it('refuses local mode when the server says there is no emulator', () => {
    expect(() =>
      firebaseSettings({}, { firebase: { projectId: 'shop-prod', authEmulatorUrl: null } }),
    ).toThrow(/VITE_FIREBASE_API_KEY/);
  });

  it('uses the build variables and no emulator in production', () => {
    const settings = firebaseSettings(
      {
        VITE_FIREBASE_API_KEY: 'AIza-key',
        VITE_FIREBASE_AUTH_DOMAIN: 'login.example.com',
        VITE_FIREBASE_PROJECT_ID: 'catalog-prod',
        VITE_FIREBASE_APP_ID: '1:123:web:abc',
      },
      { firebase: { projectId: 'catalog-prod', authEmulatorUrl: null } },
    );
    expect(settings).toEqual({
      options: {
        apiKey: 'AIza-key',
        authDomain: 'login.example.com',
        projectId: 'catalog-prod',
        appId: '1:123:web:abc',
      },
      emulatorUrl: null,
    });
  });

  it('derives the auth domain from the project id when it is not set', () => {
    const settings = firebaseSettings(
      { VITE_FIREBASE_API_KEY: 'AIza-key', VITE_FIREBASE_PROJECT_ID: 'catalog-prod' },
      null,
    );
    expect(settings.options.authDomain).toBe('catalog-prod.firebaseapp.com');
  });
});

describe('readRuntimeConfig', () => {
  it('reads the JSON the server injects into index.html', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML =
      '<script id="app-config" type="application/json">{"firebase":{"projectId":"demo-x","authEmulatorUrl":null}}</script>';
    expect(readRuntimeConfig(doc)).toEqual({ firebase: { projectId: 'demo-x', authEmulatorUrl: null } });
  });

  it('is null without the element or with broken JSON', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(readRuntimeConfig(doc)).toBeNull();
    doc.head.innerHTML = '<script id="app-config" type="application/json">{nope</script>';
    expect(readRuntimeConfig(doc)).toBeNull();
  });
});
