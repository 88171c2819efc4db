/**
 * A CSV download as an HTTP answer: the rows streamed as they are produced (lib/csv.ts), typed
 * text/csv in UTF-8, offered as an attachment with a file name, never stored by a cache (the
 * service worker and any intermediary fetch it anew each time).
 */
import type { Context } from 'hono';
import { csvStream } from './csv';
import type { AppEnv } from '../middleware/request-log';

/** `fileName`: ASCII letters, digits, dots and dashes (the routes build it so). */
export function csvResponse<E extends AppEnv>(c: Context<E>, fileName: string, rows: AsyncIterable<string[][]>): Response {
  const log = c.get('log');
  const body = csvStream(rows, (err) => log.error('CSV export failed while streaming', { err, fileName }));
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
