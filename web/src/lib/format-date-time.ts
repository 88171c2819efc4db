/**
 * Dates as the product prints them (spec section 9): 'MMM d, yyyy at h:mm a' and the shorter
 * forms, in the reader's time zone (tests pass one). Stated once in contracts (date-time.ts),
 * which the API also formats with.
 */
export { formatClockTime, formatDateTime, formatMonthDayTime } from '@catalog/contracts/date-time';
