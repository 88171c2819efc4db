/** returnPath: where the login page sends a user after sign-in (a guard's state, else ?from=, else /). */
import { describe, expect, it } from 'vitest';
import { returnPath } from './login-page';

describe('returnPath', () => {
  it("prefers the guard's state, then the address's ?from=, then /", () => {
    expect(returnPath({ from: '/settings' }, '?from=%2Fproducts')).toBe('/settings');
    expect(returnPath(null, '?from=%2Fproducts%3Fpage%3D2')).toBe('/products?page=2');
    expect(returnPath(undefined)).toBe('/');
  });

  it('never leaves the site', () => {
    for (const from of ['//evil.example', 'https://evil.example', '/\\evil.example', 'products']) {
      expect(returnPath({ from }), from).toBe('/');
      expect(returnPath(null, `?from=${encodeURIComponent(from)}`), from).toBe('/');
    }
  });
});
