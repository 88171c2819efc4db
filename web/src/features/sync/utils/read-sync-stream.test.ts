import { encodeSyncEvent, type SyncEvent } from '@catalog/contracts/sync';
import { describe, expect, it } from 'vitest';
import { followSyncStream, readSyncStream } from './read-sync-stream';

const encoder = new TextEncoder();

/** A body that delivers `chunks` one read at a time, then ends (or fails with `error`). */
function body(chunks: Array<string | Uint8Array>, error?: Error): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) {
        const chunk = chunks[i++]!;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } else if (error) controller.error(error);
      else controller.close();
    },
  });
}

const progress = (stage: 'starting' | 'products' | 'complete' | 'cancelled', percentage: number, message: string): SyncEvent => ({
  kind: 'progress',
  progress: { stage, percentage, message },
});

async function collect(stream: ReadableStream<Uint8Array>) {
  const events: SyncEvent[] = [];
  for await (const event of readSyncStream(stream)) events.push(event);
  return events;
}

describe('readSyncStream', () => {
  it('reads blocks split across chunks, and a character split between two reads', async () => {
    const text =
      encodeSyncEvent(progress('starting', 0, 'Connecting to your store')) +
      encodeSyncEvent(progress('products', 40, 'Fetching products (page 1 of 2) – café')) +
      encodeSyncEvent({ kind: 'result', result: { message: 'Synced 5 products' } });
    const bytes = encoder.encode(text);
    // Cut inside a block and inside the two-byte 'é'.
    const cutInBlock = 17;
    const cutInChar = encoder.encode(text.slice(0, text.indexOf('é'))).length + 1;
    const chunks = [bytes.slice(0, cutInBlock), bytes.slice(cutInBlock, cutInChar), bytes.slice(cutInChar)];
    expect(await collect(body(chunks))).toEqual([
      progress('starting', 0, 'Connecting to your store'),
      progress('products', 40, 'Fetching products (page 1 of 2) – café'),
      { kind: 'result', result: { message: 'Synced 5 products' } },
    ]);
  });

  it('reads a last block that ends without its blank line, and skips malformed blocks', async () => {
    const events = await collect(
      body(['data: {not json}\n\n', 'data: {"stage":"products","percentage":50,"message":"Half"}\r\n\r\n', 'error: {"message":"The store went away"}']),
    );
    expect(events).toEqual([progress('products', 50, 'Half'), { kind: 'error', error: { message: 'The store went away' } }]);
  });

  it('throws when the stream breaks', async () => {
    await expect(collect(body([encodeSyncEvent(progress('starting', 0, 'Connecting'))], new Error('reset')))).rejects.toThrow('reset');
  });
});

describe('followSyncStream', () => {
  it('passes progress on and ends with the result (warning included)', async () => {
    const seen: number[] = [];
    const outcome = await followSyncStream(
      body([
        encodeSyncEvent(progress('starting', 0, 'Connecting')),
        encodeSyncEvent(progress('products', 50, 'Fetching products (page 1 of 1)')),
        encodeSyncEvent(progress('complete', 100, 'Synced 5 products')),
        encodeSyncEvent({ kind: 'result', result: { message: 'Synced 5 products', warning: 'Your Trial plan allows 5 products' } }),
      ]),
      (p) => seen.push(p.percentage),
    );
    expect(seen).toEqual([0, 50, 100]);
    expect(outcome).toEqual({
      status: 'complete',
      result: { message: 'Synced 5 products', warning: 'Your Trial plan allows 5 products' },
    });
  });

  it("fails with the error block's message", async () => {
    const outcome = await followSyncStream(
      body([encodeSyncEvent(progress('starting', 0, 'Connecting')), encodeSyncEvent({ kind: 'error', error: { message: 'The store was not found. Check the store hash in Settings.' } })]),
      () => {},
    );
    expect(outcome).toEqual({ status: 'failed', message: 'The store was not found. Check the store hash in Settings.' });
  });

  it("ends as cancelled on the 'cancelled' stage", async () => {
    const outcome = await followSyncStream(
      body([encodeSyncEvent(progress('products', 30, 'Fetching')), encodeSyncEvent(progress('cancelled', 30, 'Sync cancelled; nothing was changed'))]),
      () => {},
    );
    expect(outcome).toEqual({ status: 'cancelled', message: 'Sync cancelled; nothing was changed' });
  });

  it("fails with 'Failed to sync products' when the stream breaks or ends without an outcome", async () => {
    const broken = await followSyncStream(body([encodeSyncEvent(progress('products', 30, 'Fetching'))], new Error('reset')), () => {});
    expect(broken).toEqual({ status: 'failed', message: 'Failed to sync products' });
    const cut = await followSyncStream(body([encodeSyncEvent(progress('products', 30, 'Fetching'))]), () => {});
    expect(cut).toEqual({ status: 'failed', message: 'Failed to sync products' });
    const empty = await followSyncStream(body([]), () => {});
    expect(empty).toEqual({ status: 'failed', message: 'Failed to sync products' });
  });

  it("counts a stream that reached 'complete' as done even if its result block was lost", async () => {
    const outcome = await followSyncStream(body([encodeSyncEvent(progress('complete', 100, 'Synced 5 products'))]), () => {});
    expect(outcome).toEqual({ status: 'complete', result: { message: 'Synced 5 products' } });
  });
});
