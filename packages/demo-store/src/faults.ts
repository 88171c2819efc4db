/**
 * Injected failures for tests and benchmarks: a share of requests answered with a 429 or a 500,
 * or dropped (the connection closed with no response), drawn from a seeded generator so a run
 * can be repeated; plus a queue of faults for the next requests, for tests that need exactly one.
 */
import { createPrng } from './prng';
import type { Prng } from './prng';

/** '429': a rate-limit answer; '500': a server error; 'drop': the socket is closed, no answer. */
export type FaultKind = '429' | '500' | 'drop';

/** Every fault kind, for checking a queue sent over HTTP. */
export const FAULT_KINDS: readonly FaultKind[] = ['429', '500', 'drop'];

/** The fault kinds of `{"next": [...]}`, or null when the body is not that. */
export function readFaultQueue(body: unknown): FaultKind[] | null {
  const next = typeof body === 'object' && body !== null && 'next' in body ? body.next : null;
  return Array.isArray(next) && next.every((k) => FAULT_KINDS.includes(k as FaultKind)) ? (next as FaultKind[]) : null;
}

/** The share (0 to 1) of store API requests that fail with each kind of fault. */
export interface FaultRates {
  rate429: number;
  rate500: number;
  drop: number;
}

export const NO_FAULTS: FaultRates = { rate429: 0, rate500: 0, drop: 0 };

/** Splits one overall fault rate evenly among the three kinds (DEMO_STORE_FAULT_RATE). */
export function splitFaultRate(rate: number): FaultRates {
  const share = Math.min(1, Math.max(0, rate)) / 3;
  return { rate429: share, rate500: share, drop: share };
}

export class FaultInjector {
  private rng: Prng;
  private readonly queue: FaultKind[] = [];

  constructor(private readonly seed: string | number = 'faults') {
    this.rng = createPrng(seed);
  }

  /** The next requests fail with these faults, in order, before any random draw. */
  failNext(...kinds: FaultKind[]): void {
    this.queue.push(...kinds);
  }

  /** The fault for the current request, or null for none: a queued one first, else a random draw. */
  draw(rates: FaultRates): FaultKind | null {
    return this.takeQueued() ?? this.drawRandom(rates);
  }

  /** The next queued fault, or null when the queue is empty. */
  takeQueued(): FaultKind | null {
    return this.queue.shift() ?? null;
  }

  /** A fault drawn at the given rates (the queue left alone), or null for none. */
  drawRandom(rates: FaultRates): FaultKind | null {
    const total = rates.rate429 + rates.rate500 + rates.drop;
    if (total <= 0) return null;
    const x = this.rng.next();
    if (x < rates.rate429) return '429';
    if (x < rates.rate429 + rates.rate500) return '500';
    if (x < total) return 'drop';
    return null;
  }

  /** Empties the queue and restarts the random sequence from the seed. */
  reset(): void {
    this.queue.length = 0;
    this.rng = createPrng(this.seed);
  }
}
