import { ApiError, getErrorMessage } from '@catalog/contracts/errors';
import { DashboardStats } from '@catalog/contracts/dashboard';
import { lazySchema } from '@catalog/contracts/lazy-schema';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_FAILED_MESSAGE, createApiFetch, createApiStream, NETWORK_ERROR_MESSAGE, withQuery } from './api-client';
import { parseRetryAfter } from './api-response';
import { reportNoAnswer, resetConnectivity } from './connectivity';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeServer(respond: (call: Call) => Response, token: () => Promise<string | null> = async () => 'token-1') {
  const calls: Call[] = [];
  const apiFetch = createApiFetch({
    getToken: token,
    fetch: async (input, init = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return respond(call);
    },
  });
  return { apiFetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiFetch', () => {
  it('sends the bearer ID token, cookies and JSON', async () => {
    const { apiFetch, calls } = fakeServer(() => json({ ok: true }));
    await apiFetch('/api/settings', { method: 'POST', body: { storeHash: 'abc' } });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/settings');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"storeHash":"abc"}');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
  });

  it("builds the response's schema as it sends the request, not when the answer comes", async () => {
    const built: string[] = [];
    const Answer = lazySchema(() => {
      built.push('schema');
      return { parse: (data: unknown) => data as { ok: boolean } };
    });
    const { apiFetch } = fakeServer(() => {
      built.push('answer');
      return json({ ok: true });
    });
    await expect(apiFetch('/api/thing', { schema: Answer })).resolves.toEqual({ ok: true });
    expect(built).toEqual(['schema', 'answer']);
  });

  it('sends no token when auth is false (the invitation lookup)', async () => {
    const { apiFetch, calls } = fakeServer(() => json({}), async () => {
      throw new Error('must not be asked');
    });
    await apiFetch('/api/invitations/abc', { auth: false });
    expect(calls[0]!.init.headers).not.toHaveProperty('Authorization');
  });

  it("fails with 'Authentication failed' when no token can be had, without calling the API", async () => {
    for (const token of [async () => null, async () => Promise.reject(new Error('auth/internal-error'))]) {
      const { apiFetch, calls } = fakeServer(() => json({}), token);
      const error = await apiFetch('/api/dashboard').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(getErrorMessage(error, '')).toBe(AUTH_FAILED_MESSAGE);
      expect(calls).toHaveLength(0);
    }
  });

  it('fails as a network error, not a sign-out, when the token cannot be refreshed offline', async () => {
    const offline = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), { code: 'auth/network-request-failed' });
    const { apiFetch, calls } = fakeServer(() => json({}), async () => Promise.reject(offline));
    const error = await apiFetch('/api/dashboard').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(getErrorMessage(error, '')).toBe(NETWORK_ERROR_MESSAGE);
    expect(calls).toHaveLength(0);
  });

  it('asks nothing it knows will find no answer: nothing without a network, no read while the server is not answering', async () => {
    const { apiFetch, calls } = fakeServer(() => json({}));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(apiFetch('/api/dashboard')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
      await expect(apiFetch('/api/work-orders', { method: 'POST', body: {} })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
      expect(calls).toHaveLength(0);
    } finally {
      onLine.mockRestore();
    }
    reportNoAnswer();
    try {
      await expect(apiFetch('/api/dashboard')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
      expect(calls).toHaveLength(0);
      // A write is still tried; its answer says the server is back, and reads go again.
      await apiFetch('/api/work-orders', { method: 'POST', body: {} });
      await apiFetch('/api/dashboard');
      expect(calls.map((c) => c.url)).toEqual(['/api/work-orders', '/api/dashboard']);
    } finally {
      resetConnectivity();
    }
  });

  it("shows the server's error message for an error body", async () => {
    const { apiFetch } = fakeServer(() =>
      json({ error: { code: 'FORBIDDEN', message: 'Only owners and admins can do that' } }, 403),
    );
    const error = await apiFetch('/api/company/name').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).code).toBe('FORBIDDEN');
    expect(getErrorMessage(error, 'fallback')).toBe('Only owners and admins can do that');
  });

  it("on a 429 shows the server's message and carries its Retry-After", async () => {
    const { apiFetch } = fakeServer(() =>
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Try again in 42 seconds.' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
      }),
    );
    const error = await apiFetch('/api/sync', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 42_000 });
    expect(getErrorMessage(error, 'fallback')).toBe('Too many requests. Try again in 42 seconds.');
    // No header: no wait is known.
    const plain = fakeServer(() => json({ error: { code: 'RATE_LIMITED', message: 'Slow down' } }, 429));
    expect(await plain.apiFetch('/api/sync').catch((e: ApiError) => e.retryAfterMs)).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date, within an hour', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(3_600_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("reads '{status}: {body}' for a response without our error shape, else the status text", async () => {
    const withBody = fakeServer(() => new Response('Bad gateway from proxy', { status: 502 }));
    await expect(withBody.apiFetch('/api/dashboard')).rejects.toThrow('502: Bad gateway from proxy');
    const empty = fakeServer(() => new Response(null, { status: 504, statusText: 'Gateway Timeout' }));
    await expect(empty.apiFetch('/api/dashboard')).rejects.toThrow('504: Gateway Timeout');
  });

  it('parses the response with the schema it is given', async () => {
    const stats = { totalProducts: 3, pendingOrders: 1, completedOrders: 0, awaitingApproval: 0, lastSyncAt: null, needsAttention: [] };
    const { apiFetch } = fakeServer(() => json(stats));
    await expect(apiFetch('/api/dashboard', { schema: DashboardStats })).resolves.toEqual(stats);
    const broken = fakeServer(() => json({ totalProducts: 'many' }));
    await expect(broken.apiFetch('/api/dashboard', { schema: DashboardStats })).rejects.toThrow();
  });

  it('reports a request that never reached the server as a network error', async () => {
    const { apiFetch } = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/dashboard')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});

describe('withQuery', () => {
  it('turns a query object into URL parameters and skips empty values', () => {
    expect(
      withQuery('/api/products', { search: 'mug & cup', category: '', page: 2, limit: 20, x: null, y: undefined }),
    ).toBe('/api/products?search=mug+%26+cup&page=2&limit=20');
    expect(withQuery('/api/work-orders', { includeArchived: false })).toBe('/api/work-orders?includeArchived=false');
    expect(withQuery('/api/products', { category: '' })).toBe('/api/products');
  });
});

describe('apiStream', () => {
  function fakeStreamServer(respond: (call: Call) => Response, token: () => Promise<string | null> = async () => 'token-1') {
    const calls: Call[] = [];
    const apiStream = createApiStream({
      getToken: token,
      fetch: async (input, init = {}) => {
        const call = { url: String(input), init };
        calls.push(call);
        return respond(call);
      },
    });
    return { apiStream, calls };
  }

  it('sends the bearer token and hands an OK response back with its body unread', async () => {
    const { apiStream, calls } = fakeStreamServer(() => new Response('data: {}\n\n', { status: 200 }));
    const res = await apiStream('/api/sync', { method: 'POST', body: {} });
    expect(res.bodyUsed).toBe(false);
    await expect(res.text()).resolves.toBe('data: {}\n\n');
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it("throws the server's error for a refusal before streaming (409)", async () => {
    const { apiStream } = fakeStreamServer(() =>
      json({ error: { code: 'CONFLICT', message: 'A sync is already running for this store' } }, 409),
    );
    const error = await apiStream('/api/sync', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(getErrorMessage(error, 'Failed to start sync')).toBe('A sync is already running for this store');
  });

  it("fails with 'Authentication failed' without a token, and reports a network failure", async () => {
    const noToken = fakeStreamServer(() => new Response(''), async () => null);
    await expect(noToken.apiStream('/api/sync')).rejects.toThrow(AUTH_FAILED_MESSAGE);
    expect(noToken.calls).toHaveLength(0);
    const offline = fakeStreamServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.apiStream('/api/sync')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
