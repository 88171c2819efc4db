/**
 * What passes between the SQLite sync writer (catalog-sync-writer.ts, main thread) and its
 * threads (catalog-sync-worker.ts): a planned batch (a Job), how one is written, and the
 * messages. Both sides write a job with `applyJob`, so a batch written on the thread and one
 * written on the main thread run the same statements.
 */
import { CATALOG_WRITE_SQL, type CatalogStatements } from './catalog-rows';

/** A planned batch: the rows to write (JSON, see CATALOG_WRITE_SQL) and the version they were planned against. */
export interface Job {
  companyId: string;
  expected: number;
  /** Versions the rows take (expected + 1 .. expected + n). */
  n: number;
  products: string | null;
  variants: string | null;
  history: string | null;
}

const JOB_SQL = {
  ...CATALOG_WRITE_SQL,
  version: 'select catalog_version as v from companies where id = ?',
  bump: 'update companies set catalog_version = catalog_version + ? where id = ?',
};

/** Writes a job inside the caller's transaction; false (nothing written) when the catalog moved on. */
export function applyJob(stmts: CatalogStatements, job: Job): boolean {
  const row = stmts.prepared(JOB_SQL.version).get(job.companyId) as { v: number } | undefined;
  if (!row || row.v !== job.expected) return false;
  if (job.n > 0) stmts.prepared(JOB_SQL.bump).run(job.n, job.companyId);
  for (const key of ['products', 'variants', 'history'] as const) {
    const rows = job[key];
    if (rows !== null) stmts.prepared(JOB_SQL[key]).run(rows);
  }
  return true;
}

/**
 * A thread's `workerData`: the database file and the settings of its connection, and its role:
 * the writer writes jobs; the checkpointer runs a WAL checkpoint whenever asked.
 */
export interface SyncThreadData {
  role: 'writer' | 'checkpointer';
  file: string;
  pragmas: readonly string[];
}

/** To the writer: a job to write, or 'close'. To the checkpointer: 'checkpoint' or 'close'. */
export type WriterRequest = { id: number; job: Job } | 'close';
export type CheckpointerRequest = 'checkpoint' | 'close';

/** From the writer, per job: whether it was written (false: the catalog moved on), or why it failed. */
export type WriterReply = { id: number; ok: boolean } | { id: number; error: { message: string; code?: string } };
/** From the checkpointer, after each checkpoint (run or not). */
export type CheckpointerReply = 'done';
