/** What the preview says when the overlaps of a new order could not be checked (issue 31). */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { describe, expect, it } from 'vitest';
import { uncheckedReason } from './use-overlaps';

describe('uncheckedReason', () => {
  it('says offline, unreachable, or the server\'s refusal, plainly', () => {
    expect(uncheckedReason(undefined, false)).toBe('Overlaps with other work orders could not be checked: you are offline. Other orders may change some of the same prices.');
    expect(uncheckedReason(new TypeError('Failed to fetch'), true)).toContain('could not be checked: the server cannot be reached.');
    expect(uncheckedReason(new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests. Try again in 5 seconds.'), true))
      .toBe('Overlaps with other work orders could not be checked: Too many requests. Try again in 5 seconds.');
  });
});
