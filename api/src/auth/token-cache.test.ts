import { describe, expect, it } from 'vitest';
import { cacheVerifiedTokens } from './token-cache';
import { InvalidTokenError, type VerifiedIdentity } from './verify-token';

const identity = (uid: string, expiresAt: number): VerifiedIdentity =>
  ({ uid, email: null, emailVerified: false, name: null, picture: null, expiresAt });

describe('cacheVerifiedTokens', () => {
  it('verifies a token once until it expires, then again', async () => {
    let clock = 1_000_000;
    const calls: string[] = [];
    const verify = cacheVerifiedTokens(async (token) => {
      calls.push(token);
      return identity(token, 1_000 + 60); // exp in seconds: the clock's 1,000 s + 60 s
    }, { now: () => clock });
    await verify('a');
    await verify('a');
    await verify('b');
    expect(calls).toEqual(['a', 'b']);
    clock = 1_060_000; // exactly at exp: no longer trusted
    expect((await verify('a')).uid).toBe('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('never remembers a token that failed', async () => {
    let calls = 0;
    const verify = cacheVerifiedTokens(async () => {
      calls++;
      throw new InvalidTokenError('Invalid token');
    });
    await expect(verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toBe(2);
  });
});
