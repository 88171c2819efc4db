/**
 * `Idempotency-Key` for writes a client may send more than once (the web outbox replays an edit
 * whose answer it never saw): the first request with a key runs and its answer is recorded; a
 * replay gets that answer back without running again. The key is the client's UUID, scoped to
 * the company. A key reused for another request (other path or body) is refused (409 CONFLICT);
 * a replay while the first is still running is told to retry later (409 IN_PROGRESS, a code of
 * its own so a client never reads the message to tell them apart). A request that fails records
 * nothing, so its retry runs for real. A claim left unfinished by a dead process is taken over
 * after STALE_CLAIM_MS.
 */
import { createHash } from 'node:crypto';
import { Uuid } from '@catalog/contracts/common';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { stableJson } from '../db/catalog-plan';
import type { Database } from '../db/repositories';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that was recorded earlier and is being replayed. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Longer than any request holds its claim (a price edit waits at most 20 s for the store). */
export const STALE_CLAIM_MS = 60_000;
/** The message of a 409 IN_PROGRESS: a replay arrived while the first request still runs. */
export const IN_PROGRESS_MESSAGE = `The first request with this ${IDEMPOTENCY_HEADER} is still being processed. Try again in a moment.`;

export interface Answer<T> {
  status: number;
  body: T;
}

/** The header's value as a key, or undefined when absent; 400 when it is not a UUID. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  // A UUID is 36 characters: a longer header is refused before it is trimmed or matched.
  const parsed = header.length > 64 ? null : Uuid.safeParse(header.trim());
  if (!parsed?.success) {
    throw new ApiError(ErrorCode.VALIDATION, `${IDEMPOTENCY_HEADER} must be a UUID`, { fields: { [IDEMPOTENCY_HEADER]: 'Not a UUID' } });
  }
  return parsed.data.toLowerCase();
}

/** Runs `run` at most once per (company, key); `replayed` answers come from the record. */
export async function idempotent<T>(
  db: Database, companyId: string, key: string | undefined, request: { scope: string; body: unknown },
  run: () => Promise<Answer<T>>, now = () => new Date(),
): Promise<Answer<T> & { replayed: boolean }> {
  if (key === undefined) return { ...(await run()), replayed: false };
  const fingerprint = createHash('sha256').update(stableJson(request.body)).digest('hex');
  const at = now();
  const claim = await db.idempotency.claim(companyId, {
    key, scope: request.scope, fingerprint, now: at, staleBefore: new Date(at.getTime() - STALE_CLAIM_MS),
  });
  if (!claim.claimed) {
    const { record } = claim;
    if (record.scope !== request.scope || record.fingerprint !== fingerprint) {
      throw new ApiError(ErrorCode.CONFLICT, `This ${IDEMPOTENCY_HEADER} was already used for another request`);
    }
    if (record.status === null) {
      throw new ApiError(ErrorCode.IN_PROGRESS, IN_PROGRESS_MESSAGE);
    }
    return { status: record.status, body: record.response as T, replayed: true };
  }
  let answer: Answer<T>;
  try {
    answer = await run();
  } catch (err) {
    await db.idempotency.release(companyId, key);
    throw err;
  }
  await db.idempotency.complete(companyId, key, { status: answer.status, response: answer.body });
  return { ...answer, replayed: false };
}
