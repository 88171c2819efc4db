/**
 * Work slots count working jobs, not waiting ones: a job waiting on a store gives its slot to
 * another job and takes one back before it goes on; the count never goes above the size nor
 * leaks a slot, whatever the job's branches do.
 */
import { describe, expect, it } from 'vitest';
import { whileWaiting, WorkSlots } from './work-slots';

/** A wait the test ends by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened, wait: () => whileWaiting(() => opened) };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('work slots', () => {
  it('run at most `size` jobs working at once, the rest queued first come first served', async () => {
    const slots = new WorkSlots(2);
    const started: number[] = [];
    const ends = [gate(), gate(), gate()];
    const jobs = ends.map((end, i) => slots.run(async () => {
      started.push(i);
      await end.opened;
    }));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(slots.free).toBe(0);
    ends[0]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    ends[1]!.open();
    ends[2]!.open();
    await Promise.all(jobs);
    expect(slots.busy).toBe(0);
    expect(slots.free).toBe(2);
  });

  it('give a waiting job slot to the next job, and take one back after the wait', async () => {
    const slots = new WorkSlots(1);
    const store = gate();
    const order: string[] = [];
    const slow = slots.run(async () => {
      order.push('slow starts');
      await store.wait(); // the store is throttled
      order.push('slow goes on');
    });
    const healthy = slots.run(async () => {
      order.push('healthy runs');
    });
    await healthy;
    expect(order).toEqual(['slow starts', 'healthy runs']);
    store.open();
    await slow;
    expect(order).toEqual(['slow starts', 'healthy runs', 'slow goes on']);
    expect(slots.busy).toBe(0);
  });

  it('queue a job whose wait ended while every slot is busy', async () => {
    const slots = new WorkSlots(1);
    const store = gate();
    const busy = gate();
    let resumed = false;
    const waiting = slots.run(async () => {
      await store.wait();
      resumed = true;
    });
    await tick();
    const working = slots.run(() => busy.opened);
    await tick();
    store.open();
    await tick();
    expect(resumed).toBe(false); // its answer came, but the other job holds the only slot
    busy.open();
    await Promise.all([waiting, working]);
    expect(resumed).toBe(true);
    expect(slots.busy).toBe(0);
  });

  it('give one slot back for a job whose two branches wait at once, and take one back after both', async () => {
    const slots = new WorkSlots(1);
    const a = gate();
    const b = gate();
    const job = slots.run(() => Promise.all([a.wait(), b.wait()]));
    await tick();
    expect(slots.busy).toBe(0);
    a.open();
    await tick();
    expect(slots.busy).toBe(0); // b still waits
    b.open();
    await job;
    expect(slots.busy).toBe(0);
    expect(slots.free).toBe(1);
  });

  it('leak no slot when a job fails while one of its branches still waits', async () => {
    const slots = new WorkSlots(1);
    const hanging = gate();
    const failing = slots.run(() => Promise.all([hanging.wait(), Promise.reject(new Error('boom'))]));
    await expect(failing).rejects.toThrow('boom');
    hanging.open();
    await tick();
    await tick();
    expect(slots.busy).toBe(0);
    await slots.run(async () => undefined); // the slot is there
  });

  it('let a wait outside any job simply wait', async () => {
    await expect(whileWaiting(async () => 7)).resolves.toBe(7);
  });

  it('tell listeners when a slot falls free', async () => {
    const slots = new WorkSlots(1);
    let freed = 0;
    slots.onFreed(() => freed++);
    const store = gate();
    const job = slots.run(() => store.wait());
    await tick();
    expect(freed).toBe(1); // the job began to wait
    store.open();
    await job;
    expect(freed).toBe(2); // the job ended
  });
});
