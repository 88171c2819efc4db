/**
 * What a merchant is told when the store refuses or fails a price edit, as the API's errors:
 * a refusal of the values (400/409/422 from BigCommerce) is a 400 VALIDATION carrying the
 * store's own message, on the edited field when the store names it; a product or variant the
 * store no longer has is a 409 CONFLICT (our copy is out of date: sync); everything else (token
 * refused, rate limit, outage, no answer) is a 502 UPSTREAM, which a client may retry.
 */
import { isBigCommerceError } from '@catalog/commerce';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { syncErrorMessage, unreachableMessage } from '../sync/sync-messages';

const firstDetail = (errors: Record<string, unknown>): [string, string] | undefined => {
  const [entry] = Object.entries(errors);
  if (!entry) return undefined;
  const [key, value] = entry;
  return [key, typeof value === 'string' ? value : JSON.stringify(value)];
};

/** Our field for the store's error key ("sale_price", "variants[3].price", ...). */
function fieldOf(key: string): 'regularPrice' | 'salePrice' | undefined {
  if (/sale_price/.test(key)) return 'salePrice';
  if (/(^|[^a-z_])price/.test(key)) return 'regularPrice';
  return undefined;
}

export function storeWriteError(err: unknown, what: string, timeoutMs: number): ApiError {
  if (!isBigCommerceError(err)) throw err;
  switch (err.kind) {
    case 'validation': {
      const detail = firstDetail(err.errors);
      const reason = detail && detail[1] !== err.title ? `${err.title}: ${detail[1]}` : err.title;
      const message = `The store refused the change: ${reason}`;
      const field = detail ? fieldOf(detail[0]) : undefined;
      return new ApiError(ErrorCode.VALIDATION, message, field ? { fields: { [field]: message } } : {});
    }
    case 'not_found':
      return new ApiError(ErrorCode.CONFLICT, `The store no longer has this ${what}. Sync the store, then try again.`);
    case 'aborted':
      return new ApiError(ErrorCode.UPSTREAM, `The store did not answer within ${Math.round(timeoutMs / 1000)} seconds; nothing was changed here. Try again.`);
    case 'network':
    case 'timeout':
      return new ApiError(ErrorCode.UPSTREAM, `${unreachableMessage(err)}; nothing was changed. Try again.`);
    default:
      return new ApiError(ErrorCode.UPSTREAM, syncErrorMessage(err));
  }
}
