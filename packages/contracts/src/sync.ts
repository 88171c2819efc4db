/**
 * The sync stream of POST /api/sync: text blocks separated by a blank line, each starting with
 * 'data: ' (progress), 'result: ' (the outcome) or 'error: ' (a failure), then JSON. The API
 * encodes with encodeSyncEvent and the web client decodes with readSyncBlocks, so the framing
 * lives in one place.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Stages in the order a sync passes them; it ends on 'complete' or 'cancelled'. */
export const SYNC_STAGES = ['starting', 'categories', 'products', 'saving', 'complete', 'cancelled'] as const;
export const SyncStage = lazySchema(() => z.enum(SYNC_STAGES));
export type SyncStage = z.infer<typeof SyncStage>;

export const SyncProgress = lazySchema(() =>
  z.object({
    stage: SyncStage,
    percentage: z.number().min(0).max(100),
    message: z.string(),
  }),
);
export type SyncProgress = z.infer<typeof SyncProgress>;

export const SyncResult = lazySchema(() =>
  z.object({
    message: z.string(),
    /** Set when the plan's product limit cut the catalog; shown as 'Plan Limit Reached'. */
    warning: z.string().optional(),
  }),
);
export type SyncResult = z.infer<typeof SyncResult>;

export const SyncFailure = lazySchema(() => z.object({ message: z.string() }));
export type SyncFailure = z.infer<typeof SyncFailure>;

export type SyncEvent =
  | { kind: 'progress'; progress: SyncProgress }
  | { kind: 'result'; result: SyncResult }
  | { kind: 'error'; error: SyncFailure };

/**
 * GET /api/sync/status: the company's running sync, started on any device or API process, with
 * its latest progress (`startedAt` an ISO time), or `{ running: false }`.
 */
export const SyncStatus = lazySchema(() =>
  z.discriminatedUnion('running', [
    z.object({ running: z.literal(false) }),
    SyncProgress.extend({ running: z.literal(true), startedAt: z.string() }),
  ]),
);
export type SyncStatus = z.infer<typeof SyncStatus>;

/** The toast title of a sync result's warning. */
export const PLAN_LIMIT_WARNING_TITLE = 'Plan Limit Reached';

const PREFIX = { progress: 'data: ', result: 'result: ', error: 'error: ' } as const;

export function isFinalSyncStage(stage: SyncStage): boolean {
  return stage === 'complete' || stage === 'cancelled';
}

/** One block of the stream, blank line included. */
export function encodeSyncEvent(event: SyncEvent): string {
  const payload =
    event.kind === 'progress' ? event.progress : event.kind === 'result' ? event.result : event.error;
  return `${PREFIX[event.kind]}${JSON.stringify(payload)}\n\n`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The event a block holds, or null for a block that is empty, unknown or malformed. */
export function decodeSyncBlock(block: string): SyncEvent | null {
  const text = block.trim();
  if (text.startsWith(PREFIX.progress)) {
    const parsed = SyncProgress.safeParse(parseJson(text.slice(PREFIX.progress.length)));
    return parsed.success ? { kind: 'progress', progress: parsed.data } : null;
  }
  if (text.startsWith(PREFIX.result)) {
    const parsed = SyncResult.safeParse(parseJson(text.slice(PREFIX.result.length)));
    return parsed.success ? { kind: 'result', result: parsed.data } : null;
  }
  if (text.startsWith(PREFIX.error)) {
    const parsed = SyncFailure.safeParse(parseJson(text.slice(PREFIX.error.length)));
    return parsed.success ? { kind: 'error', error: parsed.data } : null;
  }
  return null;
}

/**
 * Splits what has arrived so far into complete events and the unfinished tail, which the
 * caller keeps and prepends to the next chunk.
 */
export function readSyncBlocks(buffer: string): { events: SyncEvent[]; rest: string } {
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? '';
  const events = parts.map(decodeSyncBlock).filter((e): e is SyncEvent => e !== null);
  return { events, rest };
}
