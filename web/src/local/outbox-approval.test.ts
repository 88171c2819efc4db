/**
 * Price edits and the server's price gate (issue 31): a member's edit while the company requires
 * approval is answered 201 with a work order awaiting approval (nothing reached the store), and
 * an edit that breaks a blocking guardrail is refused with 422 GUARDRAIL. The first is delivered:
 * never sent again, its local price undone, kept as 'sentForApproval' with the server's message
 * until dismissed. The second is a refusal for good, with the server's message.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { editSentForApprovalMessage } from '@catalog/contracts/price-gate';
import type { PriceEditSentForApproval } from '@catalog/contracts/products';
import { describe, expect, it, vi } from 'vitest';
import { db, entries, local, outbox, replaceOutbox, server, setOnline, settle, setUpOutboxHarness } from '../testing/outbox-harness';
import type { OutboxEntry } from './catalog-db';
import { markSentForApproval } from './outbox-queue';

setUpOutboxHarness();

const TITLE = 'Price edit: Mug';
const answer = (id: string): PriceEditSentForApproval => ({
  workOrder: { id: `wo-${id}`, title: TITLE, status: 'awaiting_approval' },
  message: editSentForApprovalMessage(TITLE),
});

const GUARDRAIL_MESSAGE = "This price breaks your company's blocking guardrails: Below cost (1 item).";
const guardrail = () =>
  new ApiError(ErrorCode.GUARDRAIL, GUARDRAIL_MESSAGE, { status: 422, fields: { regularPrice: 'Below cost' } });

/** A server that takes every price edit as an order awaiting approval (and writes nothing), once per key. */
function approvalServer() {
  const calls: OutboxEntry[] = [];
  const answers = new Map<string, PriceEditSentForApproval>();
  replaceOutbox(async (entry) => {
    calls.push(entry);
    const first = answers.get(entry.id) ?? answer(entry.id);
    answers.set(entry.id, first);
    return first;
  });
  return calls;
}

describe('a price edit the server sends for approval (201)', () => {
  it('is settled as sent for approval, once: the local price goes back to the store\'s, and the answer reaches the submitter and the listeners', async () => {
    const calls = approvalServer();
    const heard: unknown[] = [];
    outbox.onSent((_entry, response) => heard.push(response));

    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '12.00' }, 'Mug');
    expect(outcome).toEqual({ state: 'sent', response: answer(calls[0]!.id) });
    expect(heard).toEqual([answer(calls[0]!.id)]);

    const row = await local(1);
    expect(row.regularPrice).toBe('10.00');
    expect(row.pending).toBeUndefined();
    const [entry] = await entries();
    expect(entry).toMatchObject({
      status: 'sentForApproval',
      approval: { workOrderId: `wo-${calls[0]!.id}`, title: TITLE, message: editSentForApprovalMessage(TITLE) },
    });

    // Never sent again: not by a later pass, nor a forced one.
    await outbox.flush({ force: true });
    await settle();
    expect(calls).toHaveLength(1);
    expect(await outbox.countOpenEntries()).toBe(0);
    expect((await local(1)).regularPrice).toBe('10.00');
  });

  it('queued offline, it is sent once when back online; the variant\'s price goes back, and a later pull keeps the store\'s', async () => {
    const calls = approvalServer();
    setOnline(false);
    const outcome = await outbox.enqueueVariantPrice({ id: 21, productId: 2 }, { salePrice: '15.00' }, 'Shirt');
    expect(outcome.state).toBe('queued');
    expect((await local(2)).variants.find((v) => v.id === 21)).toMatchObject({ salePrice: '15.00', pending: true });

    setOnline(true);
    await outbox.flush({ force: true });
    await settle();
    expect(calls).toHaveLength(1);
    const variant = (await local(2)).variants.find((v) => v.id === 21)!;
    expect(variant.salePrice).toBeNull();
    expect(variant.pending).toBeUndefined();
    expect((await entries()).map((e) => e.status)).toEqual(['sentForApproval']);

    // The store changes the variant meanwhile: the pull shows it, with nothing of the edit laid over.
    server.putVariant({ ...server.variants.get(21)!.row, salePrice: '18.00' });
    await settle();
    expect((await local(2)).variants.find((v) => v.id === 21)!.salePrice).toBe('18.00');
    expect(calls).toHaveLength(1);
  });

  it('does not hold up the edits queued after it: they are sent in order', async () => {
    const sent: string[] = [];
    replaceOutbox(async (entry) => {
      sent.push(entry.request.path);
      if (entry.request.path === '/api/products/1') return answer(entry.id);
      return { ok: true };
    });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { regularPrice: '12.00' }, 'Mug');
    await outbox.enqueueProductPrice(2, { regularPrice: '25.00' }, 'Shirt');
    setOnline(true);
    await outbox.flush({ force: true });
    expect(sent).toEqual(['/api/products/1', '/api/products/2']);
    expect((await entries()).map((e) => e.status)).toEqual(['sentForApproval']);
  });

  it('is dismissed without touching the price: the store\'s stays', async () => {
    approvalServer();
    await outbox.enqueueProductPrice(1, { salePrice: '8.00' }, 'Mug');
    const [entry] = await entries();
    await outbox.discard(entry!.id);
    expect(await entries()).toEqual([]);
    const row = await local(1);
    expect(row.salePrice).toBeNull();
    expect(row.regularPrice).toBe('10.00');
  });

  it('sent by another tab meanwhile: the submitter hears the answer the entry kept, and it is not sent again here', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    replaceOutbox(async (entry) => {
      sent.push(entry.request.path);
      // This tab is busy with an earlier edit while the other tab sends the next one.
      if (entry.request.path === '/api/products/2') await held;
      return entry.request.path === '/api/products/2' ? { ok: true } : answer(entry.id);
    });
    const first = outbox.enqueueProductPrice(2, { regularPrice: '25.00' }, 'Shirt');
    await vi.waitFor(() => expect(sent).toEqual(['/api/products/2']));
    const second = outbox.enqueueProductPrice(1, { regularPrice: '12.00' }, 'Mug');
    await vi.waitFor(async () => expect(await entries()).toHaveLength(2));
    const mine = (await entries())[1]!;
    // The other tab's sender got the 201 and marked it.
    const approval = { workOrderId: `wo-${mine.id}`, title: TITLE, message: editSentForApprovalMessage(TITLE) };
    await markSentForApproval(db(), mine, approval);
    release();
    expect((await first).state).toBe('sent');
    expect(await second).toEqual({ state: 'sent', response: answer(mine.id) });
    expect(sent).toEqual(['/api/products/2']);
    expect((await local(1)).regularPrice).toBe('10.00');
  });
});

describe('a price edit that breaks a blocking guardrail (422 GUARDRAIL)', () => {
  it('while the user waits: refused with the server\'s message, nothing kept, the price back', async () => {
    replaceOutbox(async () => {
      throw guardrail();
    });
    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '1.00' }, 'Mug');
    expect(outcome.state).toBe('failed');
    if (outcome.state !== 'failed') return;
    expect((outcome.error as ApiError).message).toBe(GUARDRAIL_MESSAGE);
    expect(await entries()).toEqual([]);
    expect((await local(1)).regularPrice).toBe('10.00');
  });

  it('sent later: marked rejected with the server\'s message, the price back, never sent again', async () => {
    let calls = 0;
    replaceOutbox(async () => {
      calls++;
      throw guardrail();
    });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { regularPrice: '1.00' }, 'Mug');
    expect((await local(1)).regularPrice).toBe('1.00');
    setOnline(true);
    await outbox.flush({ force: true });
    await outbox.flush({ force: true });
    expect(calls).toBe(1);
    expect(await entries()).toMatchObject([{ status: 'rejected', error: GUARDRAIL_MESSAGE }]);
    const row = await local(1);
    expect(row.regularPrice).toBe('10.00');
    expect(row.pending).toBeUndefined();
  });
});
