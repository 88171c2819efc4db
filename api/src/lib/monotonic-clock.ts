/**
 * Creation times that never repeat within this process: lists ordered by `created_at` (work
 * orders, newest first) keep the order things were created in, even when two were created in
 * the same millisecond (their random ids would otherwise decide). At most a millisecond ahead
 * of the wall clock per call made within that millisecond.
 */
let last = 0;

export function monotonicNow(): Date {
  const t = Math.max(Date.now(), last + 1);
  last = t;
  return new Date(t);
}
