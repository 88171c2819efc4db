/**
 * The code of the SQLite sync writer's threads (catalog-sync-writer.ts starts them), each with a
 * connection of its own to the database file (`workerData`: SyncThreadData):
 *
 * - the writer writes each job it is sent in one IMMEDIATE transaction (applyJob: nothing when
 *   the catalog moved on since the job was planned) and answers whether it did;
 * - the checkpointer runs a PASSIVE WAL checkpoint each time it is asked, while the writer goes
 *   on writing (WAL allows both at once).
 *
 * A module of its own, bundled as a second entry point: dist/catalog-sync-worker.mjs beside
 * dist/server.mjs (build.mjs). From the TypeScript sources (vitest) testing/ts-worker.mjs
 * bundles it when a thread starts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { catalogStatements } from './catalog-rows';
import {
  applyJob, type CheckpointerReply, type CheckpointerRequest, type Job, type SyncThreadData, type WriterReply, type WriterRequest,
} from './catalog-sync-job';

if (!parentPort) throw new Error('catalog-sync-worker runs on a worker thread');
const port = parentPort;
const { role, file, pragmas } = workerData as SyncThreadData;
const db = new Database(file);
for (const pragma of pragmas) db.pragma(pragma);

/** Ends the thread: its connection first, then the port (nothing else keeps the thread alive). */
function close(): void {
  db.close();
  port.close();
}

if (role === 'writer') {
  const stmts = catalogStatements(db);
  const write = db.transaction((job: Job) => applyJob(stmts, job));
  port.on('message', (msg: WriterRequest) => {
    if (msg === 'close') return close();
    let reply: WriterReply;
    try {
      reply = { id: msg.id, ok: write.immediate(msg.job) };
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      reply = { id: msg.id, error: { message: err instanceof Error ? err.message : String(err), code: typeof code === 'string' ? code : undefined } };
    }
    port.postMessage(reply);
  });
} else {
  port.on('message', (msg: CheckpointerRequest) => {
    if (msg === 'close') return close();
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A checkpoint that cannot run now is left to the next one (or to the next commit's).
    }
    port.postMessage('done' satisfies CheckpointerReply);
  });
}
