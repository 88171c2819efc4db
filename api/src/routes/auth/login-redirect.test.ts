/** GET /api/login: a browser navigation is sent to /login, keeping `from` only when it is a path of this site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app';

describe('GET /api/login', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => t.close());

  const location = async (query: string) => {
    const res = await t.app.request(`/api/login${query}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.headers.get('location');
  };

  it('redirects to /login, keeping a same-site `from`', async () => {
    expect(await location('')).toBe('/login');
    expect(await location('?from=%2Fproducts%3Fpage%3D2')).toBe('/login?from=%2Fproducts%3Fpage%3D2');
    expect(new URL(`http://x${await location('?from=/work-orders')}`).searchParams.get('from')).toBe('/work-orders');
  });

  it('drops a `from` that would leave the site or is not a plain path', async () => {
    for (const from of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'products', '/a\r\nSet-Cookie:x=1', `/${'a'.repeat(3000)}`]) {
      expect(await location(`?from=${encodeURIComponent(from)}`), from).toBe('/login');
    }
  });
});
