/**
 * A small closed-loop HTTP load generator over node:http (autocannon is not installed, and no
 * package is added for this): N keep-alive connections, each sending its next request as soon
 * as the previous answer has been read, for a fixed time. Latency is measured per request from
 * send to the last byte of the answer. Run it in its own process, so its work does not share
 * the server's event loop (bench/products-api.ts spawns it).
 */
import http from 'node:http';

export interface LoadOptions {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  connections: number;
  durationMs: number;
  /** Headers of the c-th connection (e.g. a token per user). */
  headers: (connection: number) => Record<string, string>;
  /**
   * The path of a request: `i` counts the run's requests, `nth` those of this connection (a
   * connection can walk its own sequence, as one user does).
   */
  path: (i: number, connection: number, nth: number) => string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  durationMs: number;
  bytes: number;
  /** Sorted, in ms. */
  latencies: Float64Array;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const target = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections, maxFreeSockets: o.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + o.durationMs;

  const send = (connection: number, nth: number) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const req = http.request(
        { host: target.hostname, port: target.port, path: o.path(next++, connection, nth), method: 'GET', agent, headers: o.headers(connection) },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            latencies.push(performance.now() - sentAt);
            const status = String(res.statusCode ?? 0);
            statuses[status] = (statuses[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });

  await Promise.all(Array.from({ length: o.connections }, async (_, c) => {
    for (let nth = 0; performance.now() < deadline; nth++) await send(c, nth);
  }));
  const durationMs = performance.now() - started;
  agent.destroy();
  return { requests: latencies.length, errors, statuses, durationMs, bytes, latencies: Float64Array.from(latencies).sort() };
}

/** The p-th percentile (0-100) of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
