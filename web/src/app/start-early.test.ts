/**
 * startEarly: for a returning user at a signed-in screen, what the app's first render waits for
 * resolves once the shell, the screen and the stylesheet are in, so that render shows them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSignedInHint } from '../lib/signed-in-hint';
import { fakeUser } from '../testing/fake-identity';
import { loadMantineStyles, loadSignedInLayout, loadTeam } from './route-modules';
import { startEarly } from './start-early';

vi.mock('../local/device-catalog', async (importOriginal) => {
  const { deviceCatalog } = await importOriginal<typeof import('../local/device-catalog')>();
  return { deviceCatalog: { ...deviceCatalog, open: vi.fn() } };
});

afterEach(() => localStorage.clear());

describe('startEarly', () => {
  it('has nothing to wait for on a visitor\'s device or a marketing page', () => {
    expect(startEarly('/team')).toBeNull();
    writeSignedInHint(fakeUser());
    expect(startEarly('/pricing')).toBeNull();
  });

  it('resolves once the shell, the screen at the address and the styles have loaded', async () => {
    writeSignedInHint(fakeUser({ uid: 'u-9' }));
    const ready = startEarly('/team');
    expect(ready).toBeInstanceOf(Promise);
    await ready;
    expect(loadSignedInLayout.loaded()).toBeDefined();
    expect(loadTeam.loaded()).toBeDefined();
    expect(loadMantineStyles.loaded()).toBeDefined();
    const { deviceCatalog } = await import('../local/device-catalog');
    expect(deviceCatalog.open).toHaveBeenCalledWith('u-9');
  }, 60_000);
});
