/**
 * One run of a company's publication of lowest prior prices (issue 36 item 3), under its
 * 'prior-price' lease (publisher.ts): what should be published (every variant on sale with a
 * known low while the company publishes, else nothing) against what the store holds, and only the
 * difference written, in batches of the store's limit: deletes, then changed values, then new
 * metafields. Each batch's outcome is stored at once, so a run that stops (a crash, a lost lease)
 * leaves the table true to the store but for that one batch.
 *
 * The store's metafields of ours are read (a page of 250 per request) when the table cannot be
 * trusted: the first run for a store, the daily refresh, or a create refused because the variant
 * already has the metafield (a batch whose answer was lost, written again): then the table is
 * what the store holds, and the difference is written once more.
 */
import { type BigCommerceClient, BigCommerceError, MAX_METAFIELD_BATCH, type MetafieldWriteFailure } from '@catalog/commerce';
import type { Database, PublishedLow } from '../../db/repositories';
import { conflictsMessage, publicationFailureMessage, type RunFailure } from './failure-message';
import { metafieldValue, PRIOR_PRICE_METAFIELD } from './metafield-value';
import { saleLows } from './sale-lows';

export interface PublishRun {
  db: Database;
  client: BigCommerceClient;
  companyId: string;
  storeHash: string;
  /** The API account our metafields belong to: another's of the same namespace and key is not ours. */
  clientId: string;
  now: Date;
  /** The clock read when the run ends (its `publishedAt`); default the system's. */
  finishedAt?: () => Date;
  signal: AbortSignal;
}

export interface RunReport {
  created: number;
  updated: number;
  deleted: number;
  /** The store's metafields were read. */
  read: boolean;
  /** Why the run did not finish its work (it is tried again later), in the merchant's words; or null. */
  failure: string | null;
  /** The same as the store client described it (for the log), or null. */
  detail: string | null;
}

/** What one pass of writes met besides success. */
interface PassOutcome {
  /** Creates refused because the variant has the metafield already. */
  conflicts: number;
  /** The first other failure: a refusal, or a passing failure that stopped the pass. */
  failure: RunFailure | null;
}

/** What the company should have published: the metafield value by variant id. */
async function wanted(run: PublishRun, days: number | null): Promise<Map<number, string>> {
  if (days === null) return new Map();
  const [lows, currency] = await Promise.all([saleLows(run.db, run.companyId, { days, now: run.now }), run.db.priceLists.catalogCurrency(run.companyId)]);
  return new Map(lows.map((low) => [low.variantId, metafieldValue(low, days, currency)]));
}

/** The table becomes what the store holds of ours. */
async function readStore(run: PublishRun): Promise<void> {
  const rows: PublishedLow[] = [];
  const { namespace, key } = PRIOR_PRICE_METAFIELD;
  for await (const page of run.client.variantMetafieldPages({ namespace, key }, { signal: run.signal })) {
    for (const m of page.metafields) if (m.ownerClientId === null || m.ownerClientId === run.clientId) rows.push({ variantId: m.variantId, metafieldId: m.id, value: m.value });
  }
  await run.db.priorPrice.replace(run.companyId, rows);
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += MAX_METAFIELD_BATCH) yield items.slice(i, i + MAX_METAFIELD_BATCH);
}

/** The first failure that is not one of `expected` statuses, with how many writes failed alike. */
function firstFailure<W>(failed: readonly MetafieldWriteFailure<W>[], expected: readonly number[]): RunFailure | null {
  const others = failed.filter((f) => f.status === null || !expected.includes(f.status));
  const first = others[0];
  return first ? { status: first.status, detail: first.reason, count: others.filter((f) => f.status === first.status).length } : null;
}

/** Writes the difference between the table and `want`, batch by batch; stops at the first passing failure. */
async function writeDifference(run: PublishRun, want: ReadonlyMap<number, string>, report: RunReport): Promise<PassOutcome> {
  const { db, client, companyId } = run;
  const options = { signal: run.signal };
  const outcome: PassOutcome = { conflicts: 0, failure: null };
  const stop = (failed: readonly MetafieldWriteFailure<unknown>[]) => failed.some((f) => !f.permanent);
  const current = await db.priorPrice.published(companyId);
  const held = new Set(current.map((r) => r.variantId));
  const creates = [...want.keys()].filter((variantId) => !held.has(variantId));

  for (const batch of batches(current.filter((r) => !want.has(r.variantId)))) {
    const result = await client.deleteVariantMetafields(batch.map((r) => r.metafieldId), options);
    // A metafield already gone (404) is as good as deleted.
    const gone = new Set([...result.applied, ...result.failed.filter((f) => f.status === 404).map((f) => f.write)]);
    await db.priorPrice.record(companyId, { removed: batch.filter((r) => gone.has(r.metafieldId)).map((r) => r.variantId) });
    report.deleted += result.applied.length;
    outcome.failure ??= firstFailure(result.failed, [404]);
    if (stop(result.failed)) return outcome;
  }
  for (const batch of batches(current.filter((r) => want.has(r.variantId) && want.get(r.variantId) !== r.value))) {
    const result = await client.updateVariantMetafields(batch.map((r) => ({ id: r.metafieldId, value: want.get(r.variantId)! })), options);
    const byId = new Map(batch.map((r) => [r.metafieldId, r.variantId]));
    // One deleted in the store meanwhile (404) is made again below.
    const gone = result.failed.filter((f) => f.status === 404).map((f) => byId.get(f.write.id)!);
    await db.priorPrice.record(companyId, { written: result.applied.map((m) => ({ variantId: m.variantId, metafieldId: m.id, value: m.value })), removed: gone });
    creates.push(...gone);
    report.updated += result.applied.length;
    outcome.failure ??= firstFailure(result.failed, [404]);
    if (stop(result.failed)) return outcome;
  }
  const { namespace, key, permissionSet, description } = PRIOR_PRICE_METAFIELD;
  for (const batch of batches(creates)) {
    const result = await client.createVariantMetafields(batch.map((variantId) => ({ variantId, namespace, key, permissionSet, description, value: want.get(variantId)! })), options);
    await db.priorPrice.record(companyId, { written: result.applied.map(({ metafield: m }) => ({ variantId: m.variantId, metafieldId: m.id, value: m.value })) });
    report.created += result.applied.length;
    outcome.conflicts += result.failed.filter((f) => f.status === 409).length;
    outcome.failure ??= firstFailure(result.failed, [409]);
    if (stop(result.failed)) return outcome;
  }
  return outcome;
}

/** The daily refresh: the lows computed again, the store's metafields read. */
export const REFRESH_MS = 86_400_000;
/** The wait after a failed run: a minute, doubled with each failure in a row, at most an hour. */
export const retryDelayMs = (failures: number) => Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);

/**
 * Runs the company's publication once and records how it ended: done (the price changes it read
 * at its start handled, the next refresh in a day when it read the store, the time it finished),
 * or failed (a refusal, or the store failing after the client's retries: what it wrote stays
 * recorded, why in the merchant's words (failure-message.ts), and it runs again after
 * retryDelayMs, reading the store first). Throws on an abort (the run is left to
 * the next one, nothing recorded) and on a database failure.
 */
export async function publishLows(run: PublishRun): Promise<RunReport> {
  const { db, companyId, now } = run;
  const [company, publication] = await Promise.all([db.companies.get(companyId), db.priorPrice.publication(companyId)]);
  const report: RunReport = { created: 0, updated: 0, deleted: 0, read: false, failure: null, detail: null };
  let failure: RunFailure | null = null;
  const days = company?.publishPriorPrice ? company.priorPriceDays : null;
  try {
    // Metafields of another store than the one connected now cannot be reached any more: forgotten.
    const otherStore = publication.storeHash !== null && publication.storeHash !== run.storeHash;
    if (otherStore) await db.priorPrice.replace(companyId, []);
    const want = await wanted(run, days);
    if (otherStore || publication.storeHash === null || publication.refreshAt === null || publication.refreshAt.getTime() <= now.getTime()) {
      await readStore(run);
      report.read = true;
    }
    let pass = await writeDifference(run, want, report);
    if (pass.conflicts > 0 && !report.read) {
      await readStore(run);
      report.read = true;
      pass = await writeDifference(run, want, report);
    }
    failure = pass.failure;
    if (failure === null && pass.conflicts > 0) {
      report.failure = conflictsMessage(pass.conflicts);
      report.detail = `${pass.conflicts} creates refused with 409 after the store was read`;
    }
  } catch (err) {
    if (!(err instanceof BigCommerceError) || err.kind === 'aborted') throw err;
    failure = { status: err.status, kind: err.kind, detail: err.message };
  }
  if (failure !== null) {
    report.failure = publicationFailureMessage(failure);
    report.detail = failure.detail;
  }
  const failures = report.failure === null ? 0 : publication.failures + 1;
  await db.priorPrice.finish(companyId, report.failure === null
    ? {
        storeHash: run.storeHash, days, done: publication.requested, refreshAt: report.read ? new Date(now.getTime() + REFRESH_MS) : publication.refreshAt,
        retryAt: null, failures, lastError: null, publishedAt: run.finishedAt?.() ?? new Date(),
      }
    : { storeHash: run.storeHash, days: publication.days, refreshAt: null, retryAt: new Date(now.getTime() + retryDelayMs(failures)), failures, lastError: report.failure.slice(0, 500) });
  return report;
}
