/**
 * The pages the BigCommerce callbacks answer with when they cannot open the app (shown inside the
 * control panel's iframe): a title and a sentence that says what went wrong and what to do, never
 * a stack or a blank frame. Plain HTML with inline styles (the CSP allows them), escaped.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** `action`: a link to go on with (a path of this app), e.g. to adopt the installation. */
export function appPage(c: Context, status: ContentfulStatusCode, title: string, message: string, action?: { href: string; label: string }) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} | Catalog Pilot</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 48px 24px; color: #1a1b1e; background: #f8f9fa">
<main style="max-width: 560px; margin: 0 auto; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 24px">
<h1 style="font-size: 20px; margin: 0 0 12px">${escape(title)}</h1>
<p style="margin: 0; line-height: 1.5">${escape(message)}</p>${action ? `
<p style="margin: 16px 0 0"><a href="${escape(action.href)}" target="_blank" rel="noopener" style="display: inline-block; padding: 10px 16px; background: #1c7ed6; color: #fff; border-radius: 4px; text-decoration: none; font-weight: 600">${escape(action.label)}</a></p>` : ''}
</main>
</body>
</html>`,
    status,
  );
}
