/**
 * A work order's limits and the messages its schemas reject a draft with (the form's own, so the
 * device and the API say the same): items per order, title length, how far ahead a start or an
 * end may be (isTooFarAhead). Part of @catalog/contracts/work-orders.
 */
import { TEXT_LIMITS } from './common';

export const WORK_ORDER_MESSAGES = {
  title: 'Please enter a work order title',
  noProducts: 'Please select at least one product',
  noPrices: 'Please set prices for selected products',
  schedule: 'Please set both date and time for scheduled work order',
  tooMany: 'A work order can change at most 10,000 products and variants',
  duplicate: 'A product or variant appears twice in this work order',
  revertDate: 'Please set both date and time to revert at',
  revertAfterStart: 'The revert time must be after the order runs',
  inherit: "Only a variant's regular price can inherit its product's, and not while setting a new one",
  removeRecord: 'An item that removes a price list record sets no prices',
  scheduleTooFar: 'A work order can be scheduled at most 366 days ahead',
  revertTooFar: 'The revert time can be at most 366 days ahead',
  noChange: 'Change at least one of the items, the start or the end',
} as const;

/** How far ahead a start or an end may be (issue 31): a year and a day, so "same day next year" fits. */
export const MAX_DAYS_AHEAD = 366;
const MAX_AHEAD_MS = MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000;

/** Whether an ISO time lies beyond MAX_DAYS_AHEAD from `now` (the parser's clock). */
export function isTooFarAhead(iso: string | null | undefined, now: number = Date.now()): boolean {
  return iso != null && Date.parse(iso) > now + MAX_AHEAD_MS;
}

/** Items per order; a full premium catalog with its variants fits well within it. */
export const MAX_WORK_ORDER_ITEMS = 10_000;
export const MAX_TITLE_LENGTH = TEXT_LIMITS.title;
