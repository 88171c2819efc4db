/**
 * A run's writes to the store (an order's targets, or an undo's restored prices) and, when they
 * stop or items fail for good, putting back what may have been written, so a failed run leaves
 * the store as it found it as far as the store lets it.
 */
import type { BigCommerceClient } from '@catalog/commerce';
import { messageOf, type RunContext } from './run-context';
import { listFailures, type PriceTarget } from './price-plan';
import { writePrices, type WriteOutcome } from './store-writer';

/** Writes `targets` in the store's batches, under the run's signal, telling `onBatch` of each (and `onApplied` what each batch applied). */
export const writeTargets = (ctx: RunContext, client: BigCommerceClient, targets: readonly PriceTarget[], onApplied?: (targets: PriceTarget[]) => void) =>
  writePrices(client, targets, { ...ctx.writes, signal: ctx.signal, onBatch: ctx.onBatch && ((info) => ctx.onBatch!(ctx.order, info)), onApplied });

/** Who hears of the batches the store took: of the writes (`applied`), and of the putting back after a failure (`putBack`). */
export interface WriteListeners {
  applied?: (targets: PriceTarget[]) => void;
  putBack?: (targets: PriceTarget[]) => void;
}

/** Writes `targets` back after a failure; says how that went (`done` when all went back), for the order's error. */
async function putBack(ctx: RunContext, client: BigCommerceClient, targets: readonly PriceTarget[], done: string, onApplied?: (targets: PriceTarget[]) => void) {
  if (targets.length === 0) return done;
  let back: WriteOutcome;
  try {
    back = await writeTargets(ctx, client, targets, onApplied);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return `Putting back stopped (${messageOf(err)}); store prices may differ from before.`;
  }
  if (back.failed.length === 0) return done;
  return `Putting back failed for ${back.failed.length} items (${listFailures(back.failed.map((f) => ({ label: f.target.label, reason: f.reason })))}); their store prices may differ from before.`;
}

/**
 * Why the writes did not all go through, and `tail`, how putting back went. `internal`: the
 * writing itself threw (a bug rather than the store; a resumed run would fail the same way).
 * `items`: `count` of the `of` items failed for good (`list` names them and why).
 */
export type WriteStopped =
  | { kind: 'internal'; message: string; tail: string }
  | { kind: 'items'; count: number; of: number; list: string; tail: string };

/**
 * Writes `written`; null when every item went through. Otherwise puts back what may have been
 * written: `back(keep)` gives the writes that restore the items `keep` accepts. After a throw
 * that is every item; after failed items every item but the ones the store refused (those were
 * not written; any other may have been, a timed-out batch too). `done` is the tail when all went
 * back. `listen` hears of each batch the store took.
 */
export async function writeOrPutBack(
  ctx: RunContext,
  client: BigCommerceClient,
  written: readonly PriceTarget[],
  back: (keep: (target: PriceTarget) => boolean) => PriceTarget[],
  done: string,
  listen: WriteListeners = {},
): Promise<WriteStopped | null> {
  let outcome: WriteOutcome;
  try {
    outcome = await writeTargets(ctx, client, written, listen.applied);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return { kind: 'internal', message: messageOf(err), tail: await putBack(ctx, client, back(() => true), done, listen.putBack) };
  }
  if (outcome.failed.length === 0) return null;
  const refused = new Set(outcome.failed.filter((f) => f.permanent).map((f) => f.target.key));
  const list = listFailures(outcome.failed.map((f) => ({ label: f.target.label, reason: f.reason })));
  const tail = await putBack(ctx, client, back((t) => !refused.has(t.key)), done, listen.putBack);
  return { kind: 'items', count: outcome.failed.length, of: written.length, list, tail };
}
