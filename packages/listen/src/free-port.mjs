/**
 * Local ports: one that is free now (the OS picks it: listen on port 0, read the port, close),
 * and whether a given one is. Plain JavaScript, so the scripts Node runs without a TypeScript
 * loader (scripts/start.mjs, scripts/auth-emulator.mjs) share it with the tests and benchmarks
 * (types: free-port.d.mts). A port found free may be taken again by anyone before it is used;
 * callers that need it held serve on port 0 instead (listen.ts).
 */
import net from 'node:net';

/** A port nothing listens at on `host` right now. Also the way to get a URL that refuses connections. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened at on `host` now. */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
