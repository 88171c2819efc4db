import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

/** A read that resolves when the test says, recording the ids it was asked for. */
function controlledReads() {
  const asked: number[][] = [];
  const pending: Array<() => void> = [];
  // How many steps had been issued when the task that issued each one ended (its microtasks run then).
  const issuedByEndOfTask: number[] = [];
  const read = (ids: number[]) => {
    asked.push(ids);
    queueMicrotask(() => issuedByEndOfTask.push(asked.length));
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  return { asked, pending, issuedByEndOfTask, read };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('readAhead', () => {
  it('issues each step in a task of its own, at most `ahead` in flight, in order', async () => {
    const { asked, pending, issuedByEndOfTask, read } = controlledReads();
    const ids = Array.from({ length: 10 }, (_, i) => i + 1);
    const done = readAhead(ids, read, { step: 2, ahead: 3, cancelled: () => false });
    await settle();
    // Three steps in flight, issued in three tasks; the fourth waits for the first to finish.
    expect(asked).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(issuedByEndOfTask).toEqual([1, 2, 3]);
    pending.shift()!();
    await settle();
    expect(asked).toHaveLength(4);
    while (pending.length) {
      pending.shift()!();
      await settle();
    }
    await done;
    expect(asked).toEqual([[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]);
  });

  it('issues nothing more once cancelled', async () => {
    const { asked, pending, read } = controlledReads();
    let cancelled = false;
    const done = readAhead([1, 2, 3, 4, 5, 6], read, { step: 2, ahead: 1, cancelled: () => cancelled });
    await settle();
    expect(asked).toHaveLength(1);
    cancelled = true;
    pending.shift()!();
    await done;
    expect(asked).toHaveLength(1);
  });

  it('goes on past a step whose read failed', async () => {
    const asked: number[][] = [];
    const read = async (ids: number[]) => {
      asked.push(ids);
      if (ids[0] === 1) throw new Error('gone');
    };
    await readAhead([1, 2, 3, 4], read, { step: 2, ahead: 1, cancelled: () => false });
    expect(asked).toEqual([[1, 2], [3, 4]]);
  });
});
