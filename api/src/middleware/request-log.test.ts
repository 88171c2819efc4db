/**
 * The request log never holds a secret from the URL: an invitation's token in its path (the
 * link, the accept) or a token-like query parameter; everything else is logged as sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../lib/logger';
import { testApp, testUser } from '../testing/test-app';
import { REDACTED, redactPath, redactQuery } from './request-log';

type Line = { level: string; msg: string } & Record<string, unknown>;

/** A logger that keeps its lines (with its children's fields), as the JSON logger would write them. */
function capturingLogger(lines: Line[], base: Record<string, unknown> = {}): Logger {
  const write = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, ...base, ...fields });
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => capturingLogger(lines, { ...base, ...fields }),
  };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('request log redaction', () => {
  it('hides invitation tokens in paths and token-like query values, in what the app writes', async () => {
    const lines: Line[] = [];
    const t = await testApp({ logger: capturingLogger(lines) });
    closers.push(t.close);
    const token = 'SeCrEtInViTaTiOnToKeN0123456789abcdefXYZ';
    await t.app.request(`/api/invitations/${token}`);
    await t.app.request(`/api/invitations/${token}/accept`, { method: 'POST', headers: testUser().headers });
    await t.app.request(`/api/products?search=mug&token=${token}&oobCode=${token}&apiKey=${token}&code=${token}&page=2`, { headers: testUser().headers });
    await t.app.request(`/accept-invitation?token=${token}`);

    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(4);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/api/invitations/${REDACTED}`, status: 404 });
    expect(requests[1]).toMatchObject({ method: 'POST', path: `/api/invitations/${REDACTED}/accept` });
    expect(requests[2]).toMatchObject({
      path: '/api/products',
      query: `search=mug&token=${REDACTED}&oobCode=${REDACTED}&apiKey=${REDACTED}&code=${REDACTED}&page=2`,
    });
    expect(requests[3]).toMatchObject({ path: '/accept-invitation', query: `token=${REDACTED}` });
  });

  it('keeps what is not a secret', () => {
    expect(redactPath('/api/invitations')).toBe('/api/invitations');
    expect(redactPath('/api/work-orders/abc/undo')).toBe('/api/work-orders/abc/undo');
    expect(redactQuery('cursor=10&limit=500&flag')).toBe('cursor=10&limit=500&flag');
    expect(redactQuery('id_token=a.b.c&Key=1&%74oken=x')).toBe(`id_token=${REDACTED}&Key=${REDACTED}&%74oken=${REDACTED}`);
  });
});
