/**
 * A stand-in for our API in component tests: `fetch` stubbed with a table of routes keyed
 * 'METHOD /path', every request recorded, and the API's own 404 for a request with no route.
 */
import { vi } from 'vitest';

/** A JSON response, as the API sends one. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers by 'METHOD /path' (e.g. 'GET /api/subscription'); the handler gets the parsed JSON body. */
export type ApiRoutes = Record<string, (body: unknown) => Response>;

export interface StubbedRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stubs `fetch` until vi.unstubAllGlobals(). `routes()` is read on each request, so a test can
 * add a route or replace the whole table after the stub is in place.
 */
export function stubApi(routes: () => ApiRoutes, requests: StubbedRequest[]): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    const route = routes()[`${method} ${url}`];
    return route ? route(body) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}
