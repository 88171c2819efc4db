/**
 * Stripe's error shape, `{ error: { type, code?, message, param? } }` with the status Stripe
 * uses, so the real SDK raises the same error classes it would against api.stripe.com
 * (StripeInvalidRequestError for 400/404, StripeAuthenticationError for 401).
 */

export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';

export class StripeApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(status: number, message: string, opts: { type?: StripeErrorType; code?: string; param?: string } = {}) {
    super(message);
    this.status = status;
    this.type = opts.type ?? 'invalid_request_error';
    this.code = opts.code;
    this.param = opts.param;
  }

  toBody() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

/** 404 resource_missing: "No such customer: 'cus_123'". */
export function missing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
}

/** 400 parameter_missing for a required parameter. */
export function required(param: string): StripeApiError {
  return new StripeApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

/** 400 parameter_invalid_*: a value Stripe would refuse. */
export function invalid(param: string, message: string): StripeApiError {
  return new StripeApiError(400, message, { code: 'parameter_invalid_string', param });
}
