import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextTask } from './idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A frame clock the test advances by hand. */
function stubFrames() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    callbacks.set(next, cb);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
  return {
    frame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const cb of due) cb(performance.now());
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterNextPaint', () => {
  it('runs nothing in the current task nor before the frame, then once in a task after it', async () => {
    const frames = stubFrames();
    const fn = vi.fn();
    afterNextPaint(fn, 10_000);
    await tick();
    expect(fn).not.toHaveBeenCalled();
    frames.frame();
    expect(fn).not.toHaveBeenCalled(); // not inside the frame callback: after the paint
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    frames.frame();
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after the timeout when no frame comes (a hidden page), and not again on a later frame', async () => {
    const frames = stubFrames();
    const fn = vi.fn();
    afterNextPaint(fn, 5);
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    frames.frame();
    await tick();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const frames = stubFrames();
    const fn = vi.fn();
    const cancel = afterNextPaint(fn, 5);
    cancel();
    frames.frame();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('nextTask', () => {
  it('resolves in a later task, after the microtasks of this one', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    order.push('this task');
    await waited;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });
});
