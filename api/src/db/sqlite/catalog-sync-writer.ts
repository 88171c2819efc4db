/**
 * The SQLite sync writer (ProductsRepository.syncWriter). better-sqlite3 runs SQL on the calling
 * thread, and a sync's writes (indexes, the FTS5 trigger, commits and WAL checkpoints) are most
 * of its CPU time: on the main thread they stop the fetching and parsing of the next pages. So a
 * sync of a database file writes through a worker thread with its own connection to that file:
 *
 * - the main thread plans each batch as `upsertMany` does (reads the rows it touches in one
 *   snapshot, with the company's catalog version; decides and numbers the rows to write; works
 *   out the price history against the live rows), and posts the rows as JSON;
 * - the worker writes them in one IMMEDIATE transaction, if the company's catalog version is
 *   still the one the batch was planned against. Every catalog write moves that version, so an
 *   unchanged version means the rows read are still current; otherwise (a price edit landed in
 *   between) it writes nothing and the batch is planned and written again on the main thread,
 *   under the write lock, like any other write.
 *
 * A third connection, on a thread of its own, runs the WAL checkpoints (copying committed pages
 * into the database file, with its fsyncs) after each batch, concurrently with the next write:
 * as SQLite's automatic checkpoint after a commit they stalled the writer.
 *
 * Both paths write a batch with the same code (applyJob, catalog-sync-job.ts), so they write the
 * same rows; the threads run catalog-sync-worker.ts. Without a file (`:memory:`), for a one-page
 * sync, or when the thread fails, batches are planned and written on the main thread in one
 * IMMEDIATE transaction.
 */
import { Worker } from 'node:worker_threads';
import { historyRows, numberRows, rowCount } from '../catalog-plan';
import { NotFoundError } from '../errors';
import type {
  CatalogSyncWriter, NewPriceHistoryEntry, Product, ProductInput, ProductVariant, ProductWithVariants, SyncWriteResult,
} from '../repositories';
import { historyRowsJson, productRowsJson, variantRowsJson, type CatalogStatements } from './catalog-rows';
import {
  applyJob, type CheckpointerRequest, type Job, type SyncThreadData, type WriterReply, type WriterRequest,
} from './catalog-sync-job';
import { currentVersion, planSqliteUpsert } from './catalog-writes';
import { CONNECTION_PRAGMAS } from './pragmas';
import type { SqliteDb } from './types';

/**
 * Starts a thread running catalog-sync-worker: from the bundle this module is part of, the
 * worker's own bundle beside it (catalog-sync-worker.mjs: build.mjs emits both into api/dist, as
 * testing/built-server.ts and bench/run.mjs do into theirs). From the TypeScript sources (this
 * module is a .ts file: vitest), Node cannot load the worker's .ts on a thread, so
 * testing/ts-worker.mjs bundles it and runs that.
 */
function startWorker(data: SyncThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./catalog-sync-worker.mjs', import.meta.url), { workerData: data });
  return new Worker(new URL('../../testing/ts-worker.mjs', import.meta.url), {
    workerData: data,
    argv: [new URL('./catalog-sync-worker.ts', import.meta.url).href],
  });
}

/** The thread is gone (failed to start, crashed): the job may or may not have been written. */
class WriterGone extends Error {}

/** The worker thread and its one job in flight. */
class WriterThread {
  private readonly worker: Worker;
  private pending: { id: number; resolve: (ok: boolean) => void; reject: (err: Error) => void } | null = null;
  private nextId = 0;
  private exited: Promise<void>;
  gone = false;

  private readonly checkpointer: Checkpointer | null;

  constructor(file: string) {
    // Neither connection checkpoints on its own: the checkpointer does, when asked after a batch.
    const pragmas = [...CONNECTION_PRAGMAS, 'wal_autocheckpoint = 0'];
    this.checkpointer = Checkpointer.start(file, pragmas);
    try {
      // Without a checkpointer the writer checkpoints after its commits, as SQLite does by default.
      this.worker = startWorker({ role: 'writer', file, pragmas: this.checkpointer ? pragmas : CONNECTION_PRAGMAS });
    } catch (err) {
      this.checkpointer?.close();
      throw err;
    }
    this.worker.on('message', (msg: WriterReply) => {
      const pending = this.pending;
      if (!pending || pending.id !== msg.id) return;
      this.pending = null;
      if ('error' in msg) pending.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
      else pending.resolve(msg.ok);
      if ('ok' in msg && msg.ok) this.checkpointer?.request();
    });
    const lost = (why: string) => {
      this.gone = true;
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new WriterGone(why));
    };
    this.worker.on('error', (err) => lost(`the sync writer thread failed: ${err.message}`));
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        lost(`the sync writer thread exited (${code})`);
        resolve();
      });
    });
  }

  /** Writes the job on the thread: true when written, false when the catalog moved on (nothing written). */
  run(job: Job): Promise<boolean> {
    if (this.gone) return Promise.reject(new WriterGone('the sync writer thread is gone'));
    if (this.pending) return Promise.reject(new Error('the sync writer takes one batch at a time'));
    return new Promise((resolve, reject) => {
      const id = ++this.nextId;
      this.pending = { id, resolve, reject };
      this.worker.postMessage({ id, job } satisfies WriterRequest);
    });
  }

  async close(): Promise<void> {
    if (!this.gone) this.worker.postMessage('close' satisfies WriterRequest);
    this.checkpointer?.close();
    await this.exited;
  }
}

/** The checkpointer thread: one checkpoint at a time, and one more if asked meanwhile. */
class Checkpointer {
  private busy = false;
  private again = false;
  private gone = false;

  /** A checkpointer on `file`, or null when its thread cannot be started. */
  static start(file: string, pragmas: readonly string[]): Checkpointer | null {
    try {
      return new Checkpointer(startWorker({ role: 'checkpointer', file, pragmas }));
    } catch {
      return null;
    }
  }

  private constructor(private readonly worker: Worker) {
    worker.on('message', () => {
      this.busy = false;
      if (this.again) this.request();
    });
    // Without it the WAL only grows until the sync ends (the next commit on the main connection checkpoints).
    const lost = () => {
      this.gone = true;
    };
    worker.on('error', lost);
    worker.once('exit', lost);
  }

  request(): void {
    this.again = this.busy;
    if (this.busy || this.gone) return;
    this.busy = true;
    this.worker.postMessage('checkpoint' satisfies CheckpointerRequest);
  }

  /**
   * Ends the thread after the checkpoint it may be running, without waiting for it: the sync's
   * rows are committed, and copying the last of them into the file is the thread's own business
   * (the process does not wait for it either, and stopping a checkpoint midway is safe).
   */
  close(): void {
    if (!this.gone) this.worker.postMessage('close' satisfies CheckpointerRequest);
    this.worker.unref();
  }
}

/** The live products among `products` with their live variants, by store id: what getByExternalIds reads. */
function liveRows(products: readonly Product[], variants: readonly ProductVariant[]): ProductWithVariants[] {
  const live = new Map<string, ProductWithVariants>();
  for (const p of products) if (p.deletedAt === null) live.set(p.id, { ...p, variants: [] });
  for (const v of variants) if (v.deletedAt === null) live.get(v.productId)?.variants.push(v);
  const byExternal = <T extends { externalId: number }>(a: T, b: T) => a.externalId - b.externalId;
  for (const p of live.values()) p.variants.sort(byExternal);
  return [...live.values()].sort(byExternal);
}

type History = (before: ProductWithVariants[]) => NewPriceHistoryEntry[];

/** Plans a batch inside the caller's transaction: the job to write and what it does. */
function plan(
  tx: SqliteDb, stmts: CatalogStatements, companyId: string, inputs: ProductInput[], now: Date, history: History,
): { job: Job; result: SyncWriteResult } {
  const version = currentVersion(tx, companyId);
  const { plan, existingProducts, existingVariants } = planSqliteUpsert(stmts, companyId, inputs, now);
  const before = liveRows(existingProducts, existingVariants);
  const entries = history(before);
  // As priceHistory.add checks: history only for this company's rows (those the batch read).
  const known = new Set(before.flatMap((p) => [p.id, ...p.variants.map((v) => `${p.id}/${v.id}`)]));
  for (const e of entries) {
    if (!known.has(e.variantId ? `${e.productId}/${e.variantId}` : e.productId)) throw new NotFoundError('price history for an unknown product or variant');
  }
  const historyOf = historyRows(companyId, entries, now);
  const n = rowCount(plan);
  numberRows(plan, version + 1);
  const { inserted, updated, unchanged, variantsDeleted } = plan;
  return {
    job: {
      companyId, expected: version, n,
      products: productRowsJson(plan.products), variants: variantRowsJson(plan.variants), history: historyRowsJson(historyOf),
    },
    result: { inserted, updated, unchanged, variantsDeleted, version: version + n, priceChanges: historyOf.length },
  };
}

/** The writer thread, or null when threads cannot be started here (the main thread writes). */
function startThread(file: string): WriterThread | null {
  try {
    return new WriterThread(file);
  } catch {
    return null;
  }
}

/**
 * A writer for one sync of `companyId`. `file` is the database file (null in memory); a thread is
 * started only for a sync of more than one page.
 */
export function sqliteSyncWriter(
  db: SqliteDb, stmts: CatalogStatements, file: string | null, companyId: string, expected: { pages: number },
): CatalogSyncWriter {
  let thread = file !== null && expected.pages > 1 ? startThread(file) : null;

  /** Plans and writes the batch on this thread, under the write lock. */
  const writeHere = (inputs: ProductInput[], now: Date, history: History): SyncWriteResult =>
    db.transaction((tx) => {
      const { job, result } = plan(tx, stmts, companyId, inputs, now, history);
      if (!applyJob(stmts, job)) throw new Error('the catalog version moved inside a write transaction');
      return result;
    }, { behavior: 'immediate' });

  return {
    async write(inputs, now, history) {
      if (thread && !thread.gone) {
        // One read snapshot: the version and the rows the plan is based on belong together.
        const { job, result } = db.transaction((tx) => plan(tx, stmts, companyId, inputs, now, history), { behavior: 'deferred' });
        try {
          if (await thread.run(job)) return result;
          // The catalog moved on since the snapshot: nothing was written; plan again under the lock.
        } catch (err) {
          // A thread that died may or may not have committed the job; writing it again here is
          // harmless (the rows are then unchanged, and no price differs from the stored one).
          if (!(err instanceof WriterGone)) throw err;
        }
      }
      return writeHere(inputs, now, history);
    },
    async close() {
      const closing = thread;
      thread = null;
      await closing?.close();
    },
  };
}
