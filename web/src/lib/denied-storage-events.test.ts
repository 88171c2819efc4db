/**
 * A frame denied storage (issue 34): the `storage` events of the app's other pages never reach
 * Mantine's listeners, which would read window.localStorage and throw; elsewhere they do.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const event = () => new StorageEvent('storage', { key: 'mantine-color-scheme-value', newValue: 'dark' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('muteStorageEventsWhereDenied', () => {
  it('leaves the events to their listeners where localStorage can be read', async () => {
    const { muteStorageEventsWhereDenied } = await import('./denied-storage-events');
    const listener = vi.fn();
    window.addEventListener('storage', listener);
    muteStorageEventsWhereDenied();
    window.dispatchEvent(event());
    expect(listener).toHaveBeenCalledOnce();
    window.removeEventListener('storage', listener);
  });

  it('stops them before any listener where reading localStorage is denied', async () => {
    const { muteStorageEventsWhereDenied } = await import('./denied-storage-events');
    const listener = vi.fn();
    window.addEventListener('storage', listener); // added before: the capturing listener still runs first
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
    });
    muteStorageEventsWhereDenied();
    window.dispatchEvent(event());
    expect(listener).not.toHaveBeenCalled();
    window.removeEventListener('storage', listener);
  });
});
