/** Serving on a free port, closing with clients still connected, and the free-port checks. */
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, portIsFree } from './free-port.mjs';
import { listen } from './listen';

const hello = { fetch: (req: Request) => new Response(`hello ${new URL(req.url).pathname}`) };

describe('listen', () => {
  it('serves the handler on a free port of 127.0.0.1 by default', async () => {
    const running = await listen(hello);
    try {
      expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
      expect(running.port).toBeGreaterThan(0);
      expect(await (await fetch(`${running.url}/x`)).text()).toBe('hello /x');
    } finally {
      await running.close();
    }
  });

  it('serves on the port it is given, and refuses one that is taken', async () => {
    const port = await freePort();
    const running = await listen(hello, { port });
    try {
      expect(running.port).toBe(port);
      await expect(listen(hello, { port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await running.close();
    }
  });

  it('closes at once although a response is still streaming to a client, and then refuses connections', async () => {
    // A response that never ends: server.close() alone would wait for it forever.
    const endless = { fetch: () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('.')) })) };
    const running = await listen(endless);
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve) => {
      request(`${running.url}/`, { agent }, (res) => {
        res.once('data', () => resolve());
        res.on('error', () => {});
      })
        .on('error', () => {})
        .end();
    });
    const started = Date.now();
    await running.close();
    agent.destroy();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await portIsFree(running.port)).toBe(true);
    await expect(fetch(running.url)).rejects.toThrow();
  });
});

describe('freePort / portIsFree', () => {
  it('finds a port nothing listens at, and tells a taken port from a free one', async () => {
    const port = await freePort();
    expect(await portIsFree(port)).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    const running = await listen(hello, { port });
    try {
      expect(await portIsFree(port)).toBe(false);
    } finally {
      await running.close();
    }
  });
});
