/** The rules of sync.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { type SyncEvent, decodeSyncBlock, encodeSyncEvent, isFinalSyncStage, readSyncBlocks } from './sync';

const progress: SyncEvent = { kind: 'progress', progress: { stage: 'products', percentage: 40, message: 'Page 2 of 5' } };
const result: SyncEvent = { kind: 'result', result: { message: 'Synced 5 products', warning: 'Your plan keeps 5 products' } };
const failure: SyncEvent = { kind: 'error', error: { message: 'The store refused the access token' } };

describe('sync stream', () => {
  it("frames progress as 'data: ', the outcome as 'result: ' and a failure as 'error: ', each ending in a blank line", () => {
    expect(encodeSyncEvent(progress)).toBe('data: {"stage":"products","percentage":40,"message":"Page 2 of 5"}\n\n');
    expect(encodeSyncEvent(result).startsWith('result: {')).toBe(true);
    expect(encodeSyncEvent(failure)).toBe('error: {"message":"The store refused the access token"}\n\n');
  });

  it('decodes what it encodes', () => {
    for (const event of [progress, result, failure]) expect(decodeSyncBlock(encodeSyncEvent(event))).toEqual(event);
  });

  it('keeps an unfinished block for the next chunk', () => {
    const stream = encodeSyncEvent(progress) + encodeSyncEvent(result);
    const cut = stream.length - 10;
    const first = readSyncBlocks(stream.slice(0, cut));
    expect(first.events).toEqual([progress]);
    const second = readSyncBlocks(first.rest + stream.slice(cut));
    expect(second.events).toEqual([result]);
    expect(second.rest).toBe('');
  });

  it('skips blocks it does not understand instead of failing the sync', () => {
    expect(decodeSyncBlock(': keep-alive')).toBeNull();
    expect(decodeSyncBlock('data: not json')).toBeNull();
    expect(decodeSyncBlock('data: {"stage":"dancing","percentage":1,"message":""}')).toBeNull();
    expect(readSyncBlocks('data: {oops}\r\n\r\n' + encodeSyncEvent(failure)).events).toEqual([failure]);
  });

  it("ends on 'complete' or 'cancelled'", () => {
    expect(isFinalSyncStage('complete')).toBe(true);
    expect(isFinalSyncStage('cancelled')).toBe(true);
    expect(isFinalSyncStage('products')).toBe(false);
  });
});
