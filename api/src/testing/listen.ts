/**
 * Serves an app over HTTP on a free local port, as server.ts does in production (the real
 * @hono/node-server path, not `app.request`): benchmarks measure what a client would see.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

export function listen(app: { fetch: (request: Request) => Response | Promise<Response> }, host = '127.0.0.1'): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: host }) as Server;
    server.once('error', reject);
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
