/**
 * A local SMTP server for tests (smtp-server on 127.0.0.1, a free port): it accepts every
 * message, with or without credentials, and keeps what arrived. `readEmail` decodes the simple
 * multipart messages nodemailer writes (headers, text and HTML parts, base64 or
 * quoted-printable) so tests can read the link inside.
 */
import type { AddressInfo } from 'node:net';
import { freePort } from '@catalog/listen/free-port';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string | undefined;
  to: string[];
  /** The user name the client authenticated with, if it did. */
  user: string | undefined;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://user:secret@127.0.0.1:<port>` */
  url: string;
  received: ReceivedEmail[];
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS certificate here: plain SMTP, credentials allowed over it (loopback only).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
          to: envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP URL nothing listens at (a port that was free a moment ago). */
export async function unreachableSmtpUrl(): Promise<string> {
  return `smtp://127.0.0.1:${await freePort()}`;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** Subject, plain text and HTML of a received message. */
export function readEmail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitMessage(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = splitMessage(section.replace(/^\r?\n/, ''));
    const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim();
    parts[type] = decodeBody(part.body, part.headers['content-transfer-encoding']);
  }
  return { subject: headers.subject ?? '', text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}
