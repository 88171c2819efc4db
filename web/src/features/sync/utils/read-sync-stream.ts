/**
 * Reads POST /api/sync's body as it arrives: bytes through a streaming TextDecoder (a character
 * may be split between chunks), blocks through the contracts' readSyncBlocks (a block may be
 * split too), and the run's outcome from its final block.
 */
import {
  readSyncBlocks,
  type SyncEvent,
  type SyncProgress,
  type SyncResult,
} from '@catalog/contracts/sync';
import { SYNC_FAILED_MESSAGE } from './sync-messages';

/** The events of a sync stream, in order; throws if the stream breaks. */
export async function* readSyncStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SyncEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const { events, rest } = readSyncBlocks(buffer);
      buffer = rest;
      yield* events;
    }
    done = true;
    // The last block may end without its blank line.
    yield* readSyncBlocks(`${buffer}${decoder.decode()}\n\n`).events;
  } finally {
    // The caller stopped early (an outcome arrived) or the read failed: let go of the stream.
    if (!done) void reader.cancel().catch(() => {});
  }
}

export type SyncOutcome =
  | { status: 'complete'; result: SyncResult }
  | { status: 'cancelled'; message: string }
  | { status: 'failed'; message: string };

/**
 * Follows a sync stream to its outcome, passing each progress event on. The outcome is the
 * first `result:` or `error:` block or 'cancelled' stage; a stream that breaks, or ends without
 * one, failed ('Failed to sync products') unless it had reached the 'complete' stage.
 */
export async function followSyncStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: SyncProgress) => void,
): Promise<SyncOutcome> {
  let last: SyncProgress | undefined;
  try {
    for await (const event of readSyncStream(body)) {
      if (event.kind === 'result') return { status: 'complete', result: event.result };
      if (event.kind === 'error') {
        return { status: 'failed', message: event.error.message.trim() || SYNC_FAILED_MESSAGE };
      }
      last = event.progress;
      onProgress(event.progress);
      if (event.progress.stage === 'cancelled') {
        return { status: 'cancelled', message: event.progress.message };
      }
    }
  } catch {
    return { status: 'failed', message: SYNC_FAILED_MESSAGE };
  }
  if (last?.stage === 'complete') return { status: 'complete', result: { message: last.message } };
  return { status: 'failed', message: SYNC_FAILED_MESSAGE };
}
