/**
 * A run's check after writing (issue 18): the written prices are read back from the store;
 * items it did not keep are written once more and read again, and what still differs becomes
 * the order's warning (read-back.ts compares and words it).
 *
 * A price list order's records are read back as their batches are taken (issue 35): the store
 * takes one batch upsert at a time, so the reads of a batch the store answered go out while the
 * next batch is on its way, instead of all after the last one. What was not read that way (the
 * catalog's products and variants: read per batch they would cost more requests than at the
 * end) is read at the end, so every written item is read back once.
 */
import type { BigCommerceClient } from '@catalog/commerce';
import type { RunContext } from './run-context';
import type { PriceTarget } from './price-plan';
import { differing, readBackWarning } from './read-back';
import { writeTargets } from './run-write';
import { failureReason } from './store-writer';

type Differing = Awaited<ReturnType<typeof differing>>;

/** Reads started while the writes go on: `applied` takes each batch the store took; `stop` drops them (the writes failed). */
export interface ReadsAsWritten {
  applied: (targets: PriceTarget[]) => void;
  stop: () => void;
  /** The differing items among `written`: the reads started, then one read of what none of them covered. */
  differing: (written: readonly PriceTarget[]) => Promise<Differing>;
}

/** A read-back that reads each batch of price list records as soon as the store took it. */
export function readAsWritten(ctx: RunContext, client: BigCommerceClient): ReadsAsWritten {
  const stopped = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopped.signal]);
  const reads: Array<Promise<Differing>> = [];
  const covered = new Set<string>();
  return {
    applied(targets) {
      const records = targets.filter((t) => t.record && !covered.has(t.key));
      if (records.length === 0) return;
      for (const t of records) covered.add(t.key);
      const read = differing(client, records, signal);
      read.catch(() => {}); // awaited by `differing`, or dropped by `stop`
      reads.push(read);
    },
    stop: () => stopped.abort(),
    async differing(written) {
      const rest = written.filter((t) => !covered.has(t.key));
      const found = await Promise.all([...reads, differing(client, rest, ctx.signal)]);
      const keys = new Set(written.map((t) => t.key));
      return found.flat().filter((f) => keys.has(f.target.key));
    },
  };
}

/** The order's warning for what the store did not keep of `written`; null when it kept all. */
export async function readBack(ctx: RunContext, client: BigCommerceClient, written: readonly PriceTarget[], reads?: ReadsAsWritten): Promise<string | null> {
  if (written.length === 0) return null;
  try {
    const off = reads ? await reads.differing(written) : await differing(client, written, ctx.signal);
    if (off.length === 0) return null;
    ctx.log.warn('the store did not keep written prices; writing them once more', { items: off.length });
    const again = off.map((f) => f.target);
    await writeTargets(ctx, client, again);
    return readBackWarning(await differing(client, again, ctx.signal), written.length);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return `Could not read the prices back from the store after writing (${failureReason(err)}); check them in the store.`;
  }
}
