/**
 * Dates as the product prints them (spec section 9): 'MMM d, yyyy at h:mm a', e.g.
 * "Mar 8, 2030 at 9:05 AM", in the reader's time zone (tests pass one). Shared by the Team page
 * and the accept-invitation page (when invitations were sent and when they expire).
 */

/** An ISO timestamp or Date as 'MMM d, yyyy at h:mm a'; '' for an unreadable value. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
  // Newer ICU puts a narrow no-break space before AM/PM; print a plain one, as everywhere else.
  return `${day.format(date)} at ${time.format(date).replace(/\u202f/g, ' ')}`;
}
