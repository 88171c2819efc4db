/**
 * `listen(app)`: serves a fetch handler (a Hono app, or any `{ fetch }`) over HTTP with
 * @hono/node-server, as server.ts does in production, on a free local port unless one is given.
 * The one way the demo store, the Stripe stand-in, the test fixtures (a JWKS endpoint...) and
 * the benchmarks serve something; `close()` also ends open keep-alive connections, so a test's
 * teardown never waits for a client's idle socket.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  /** e.g. http://127.0.0.1:40123 (an IPv6 host in brackets). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** 0 (the default): a free port the OS picks. */
  port?: number;
  /** Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /**
   * Replace the process's global Request/Response with @hono/node-server's faster ones, as
   * server.ts does. Default false: a client in the same process (a test, the app under test
   * calling the demo store) keeps the classes it was written against.
   */
  overrideGlobalObjects?: boolean;
}

export function listen(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  { port = 0, host = '127.0.0.1', overrideGlobalObjects = false }: ListenOptions = {},
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host, overrideGlobalObjects }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
