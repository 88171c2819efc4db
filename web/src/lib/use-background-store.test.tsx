import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../testing/render';
import { useBackgroundStore } from './use-background-store';

/** Mounts a component calling `hook`; `result.current` is its last return. */
async function renderHook<T>(hook: () => T) {
  const result = { current: undefined as T };
  function Probe() {
    result.current = hook();
    return null;
  }
  const { unmount } = await render(<Probe />);
  return { result, unmount };
}

function store(initial: number) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useBackgroundStore', () => {
  it('renders the current value and follows changes', async () => {
    const s = store(1);
    let renders = 0;
    const { result, unmount } = await renderHook(() => {
      renders += 1;
      return useBackgroundStore(s.subscribe, s.get);
    });
    expect(result.current).toBe(1);
    await act(async () => s.set(2));
    expect(result.current).toBe(2);

    // A notification that changes nothing renders nothing.
    const before = renders;
    await act(async () => s.set(2));
    expect(renders).toBe(before);

    unmount();
    expect(s.listeners.size).toBe(0);
  });

  it('catches a change made between the render and the subscription', async () => {
    const s = store(1);
    const { result } = await renderHook(() => {
      const value = useBackgroundStore(s.subscribe, s.get);
      // Changed during the first render, before the effect subscribes (no listener yet).
      if (s.listeners.size === 0 && s.get() === 1) s.set(5);
      return value;
    });
    await act(async () => {});
    expect(result.current).toBe(5);
  });
});
