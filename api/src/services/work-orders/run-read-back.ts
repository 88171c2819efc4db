/**
 * A run's check after writing (issue 18): the written prices are read back from the store;
 * items it did not keep are written once more and read again, and what still differs becomes
 * the order's warning (read-back.ts compares and words it).
 */
import type { BigCommerceClient } from '@catalog/commerce';
import type { RunContext } from './run-context';
import type { PriceTarget } from './price-plan';
import { differing, readBackWarning } from './read-back';
import { writeTargets } from './run-write';
import { failureReason } from './store-writer';

/** The order's warning for what the store did not keep of `written`; null when it kept all. */
export async function readBack(ctx: RunContext, client: BigCommerceClient, written: readonly PriceTarget[]): Promise<string | null> {
  if (written.length === 0) return null;
  try {
    const off = await differing(client, written, ctx.signal);
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
