import { afterEach, describe, expect, it } from 'vitest';
import { demoStoreFrom, getDemoStore } from './demo-store';

afterEach(() => document.getElementById('app-config')?.remove());

describe('the demo store of the runtime config', () => {
  it('reads the credentials the server injects into index.html', () => {
    const script = document.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      firebase: { projectId: 'demo-catalog', authEmulatorUrl: 'http://127.0.0.1:9099' },
      demoStore: { storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client' },
    });
    document.head.appendChild(script);
    expect(getDemoStore()).toEqual({ storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client' });
  });

  it('has none against a real store, without a runtime config, or when the entry is malformed', () => {
    expect(getDemoStore()).toBeNull();
    expect(demoStoreFrom({ demoStore: null })).toBeNull();
    expect(demoStoreFrom({ demoStore: { storeHash: 'demo', accessToken: 42, clientId: 'x' } })).toBeNull();
    expect(demoStoreFrom({ demoStore: { storeHash: ' ', accessToken: 'a', clientId: 'b' } })).toBeNull();
  });
});
