import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 8787 and an SQLite file in the data directory', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(c.port).toBe(8787);
    expect(c.databaseUrl).toBe('/tmp/x/app.db');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses the Auth emulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase.emulatorHost).toBe(
      '127.0.0.1:9099',
    );
  });
});
