/**
 * startEarly: for a returning user at a signed-in screen, what the app's first render waits for
 * resolves once the shell, the screen and the stylesheet are in, so that render shows them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSignedInHint } from '../lib/signed-in-hint';
import { fakeUser } from '../testing/fake-identity';
import { loadMantineStyles, loadSignedInLayout, loadTeam } from './route-modules';
import { startEarly } from './start-early';

// One `open` for every copy of the mock: a second import that comes while the first still
// evaluates may get a copy of its own.
const open = vi.hoisted(() => vi.fn());
vi.mock('../local/device-catalog', async (importOriginal) => {
  const original = await importOriginal<typeof import('../local/device-catalog')>();
  return { ...original, deviceCatalog: { ...original.deviceCatalog, open } };
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
    // Once the IndexedDB the catalog uses is chosen (catalog-db.ts).
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('u-9'));
  }, 60_000);
});
