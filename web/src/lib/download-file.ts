/**
 * Downloads a file the API makes (the CSV exports): fetched with the signed-in user's token
 * (apiStream: a plain link could not send it), kept as a blob, and saved under the name the
 * server gives (Content-Disposition) through a temporary object URL. The service worker never
 * answers API calls from its cache (vite.config.ts: only the app's own files are precached), and
 * the API marks these answers no-store, so each download is the catalog as it is now.
 */
import { apiStream, type QueryValue } from './api-client';

/** The file name of a Content-Disposition header ('attachment; filename="catalog.csv"'), or null. */
export function fileNameOf(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Saves the answer of GET `path` as a file; resolves with the file's name once the browser has it. */
export async function downloadApiFile(path: string, fallbackName: string, query?: Record<string, QueryValue>): Promise<string> {
  const res = await apiStream(path, { query });
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started saving it (a click's download starts asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
