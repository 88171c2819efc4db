/**
 * Work slots: how many jobs of one kind (work orders, store refreshes, backups) a process works
 * on at once. A slot is held while a job works (computes, reads or writes the database) and
 * handed back while it waits on a store (its pacer, a rate-limit window, the store's latency):
 * `whileWaiting` wraps those waits (the BigCommerce client's fetch and sleep, see
 * services/store-connection.ts). So two stores that answer once in 20 seconds hold two jobs in
 * memory, not two of the process's slots, and a healthy store's job starts at once (decision 049).
 *
 * The job a wait belongs to is found through AsyncLocalStorage, so the code between the
 * scheduler and the client (the executor, the refresh) needs no slot parameter. A job whose
 * branches wait at once (an order's product and variant streams) gives its slot back when the
 * first branch starts waiting and takes one again when the last branch has its answer.
 * Slots are handed over first come, first served.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Held {
  slots: WorkSlots;
  /** Whether the job holds a slot now. */
  holding: boolean;
  /** Branches of the job waiting on a store now; the slot is given back while this is above 0. */
  waits: number;
  /** The job has ended: a branch still waiting (a rejected Promise.all) must not take a slot back. */
  done: boolean;
}

const current = new AsyncLocalStorage<Held>();

export class WorkSlots {
  private used = 0;
  private readonly queue: Array<() => void> = [];
  private readonly freed = new Set<() => void>();

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('A process needs at least one work slot');
  }

  /** Slots nobody holds or waits for now. */
  get free(): number {
    return this.queue.length > 0 ? 0 : this.size - this.used;
  }

  /** Slots held by jobs working now. */
  get busy(): number {
    return this.used;
  }

  /** Called whenever a slot falls free (a job ended or began to wait): a scheduler with a backlog looks again. */
  onFreed(listener: () => void): () => void {
    this.freed.add(listener);
    return () => this.freed.delete(listener);
  }

  /** Runs `job` holding a slot (waiting for one first), except while it waits on a store. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    await this.take();
    const held: Held = { slots: this, holding: true, waits: 0, done: false };
    try {
      return await current.run(held, job);
    } finally {
      held.done = true;
      if (held.holding) {
        held.holding = false;
        this.give();
      }
    }
  }

  /** @internal */
  take(): Promise<void> {
    if (this.used < this.size && this.queue.length === 0) {
      this.used++;
      return Promise.resolve();
    }
    // `give` hands its slot over: `used` stays as it is.
    return new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** @internal */
  give(): void {
    const next = this.queue.shift();
    if (next) {
      next();
      return;
    }
    this.used--;
    for (const listener of [...this.freed]) listener();
  }
}

/**
 * Runs a wait on a store. Inside a job of `WorkSlots.run`, its slot goes to another job for the
 * wait's length and is taken back (queueing if all are busy) before the job goes on; outside
 * one (a sync, a request a merchant waits on) it simply waits.
 */
export async function whileWaiting<T>(wait: () => Promise<T>): Promise<T> {
  const held = current.getStore();
  if (!held || held.done) return wait();
  held.waits++;
  if (held.holding) {
    held.holding = false;
    held.slots.give();
  }
  try {
    return await wait();
  } finally {
    held.waits--;
    if (held.waits === 0 && !held.done && !held.holding) {
      await held.slots.take();
      // Meanwhile the job may have ended, another branch may have begun to wait, or another
      // branch's retake may have won: then this slot goes straight back.
      if (held.done || held.waits > 0 || held.holding) held.slots.give();
      else held.holding = true;
    }
  }
}
