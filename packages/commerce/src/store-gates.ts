/**
 * Limits on how many requests of one kind run at once against one store, in this process: the
 * OpenAPI files give some endpoints a concurrency limit per store (more running at once are
 * answered 429), e.g. 10 simultaneous `GET /pricelists/{id}/records`. Every client of the store
 * shares its gate, so an order's reads and a sync's pages of the same store count together. A
 * request takes its slot before its turn in the store's pacer (rate-limiter.ts), which still
 * paces the quota; it holds the slot through its retries.
 */
import { BigCommerceError } from './errors';

interface Waiter {
  grant: () => void;
}

/** A store's slots for one kind of request: at most `limit` running, the rest waiting in order. */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly limit: number) {}

  /** Requests holding a slot now (for tests and diagnostics). */
  get active(): number {
    return this.running;
  }

  /** Runs `request` once a slot is free; rejects with kind 'aborted' if `signal` aborts while it waits. */
  async run<T>(signal: AbortSignal | undefined, request: () => Promise<T>): Promise<T> {
    await this.take(signal);
    try {
      return await request();
    } finally {
      this.release();
    }
  }

  private async take(signal: AbortSignal | undefined): Promise<void> {
    const aborted = () => new BigCommerceError({ kind: 'aborted', title: 'The request was cancelled', cause: signal?.reason });
    if (signal?.aborted) throw aborted();
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(aborted());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter: `running` stays the same.
    if (next) next.grant();
    else this.running--;
  }
}

const gates = new Map<string, ConcurrencyGate>();

/** The process-wide gate of `kind` requests to one store (`storeKey`: API base URL and store hash), as sharedRateLimiter keeps its pacer. */
export function storeGate(kind: string, storeKey: string, limit: number): ConcurrencyGate {
  const key = `${kind}|${storeKey}`;
  let gate = gates.get(key);
  if (!gate) {
    gate = new ConcurrencyGate(limit);
    gates.set(key, gate);
  }
  return gate;
}
