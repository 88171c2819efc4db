/**
 * Times the tests schedule work orders at: in the future, within the 366 days the API allows
 * (issue 31), on a whole minute so a test can compare the string it sent with the one it reads.
 */
const DAY = 86_400_000;
const minute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** A start a month ahead. */
export const LATER = minute(Date.now() + 30 * DAY);
/** An end two months ahead: after LATER. */
export const LATER_END = minute(Date.now() + 60 * DAY);
