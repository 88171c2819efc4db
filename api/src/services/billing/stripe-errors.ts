/**
 * Stripe failures as the API's errors: what Stripe refused (4xx) or could not do is a 502
 * UPSTREAM with a message a merchant can act on, and is logged with Stripe's own details
 * (type, code, request id). A missing object is told apart, since callers recover from it.
 */
import Stripe from 'stripe';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Logger } from '../../lib/logger';

/** Stripe says the object does not exist (a deleted customer, an unknown session). */
export function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404);
}

export function upstreamError(err: unknown, action: string, log: Logger): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    log.warn(`stripe: ${action} failed`, { type: err.type, code: err.code, status: err.statusCode, requestId: err.requestId, message: err.message });
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      return new ApiError(ErrorCode.UPSTREAM, 'The payment provider could not be reached. Please try again in a moment.');
    }
    return new ApiError(ErrorCode.UPSTREAM, `The payment provider refused to ${action}: ${err.message}`);
  }
  throw err;
}

/** Runs a Stripe call; its failure becomes `upstreamError`. */
export async function callStripe<T>(action: string, log: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw upstreamError(err, action, log);
  }
}
