/**
 * Outgoing email over SMTP with nodemailer, configured by SMTP_URL (`smtp://user:pass@host:587`,
 * `smtps://...` for implicit TLS) and SMTP_FROM. Callers get a small `Mailer` so tests and the
 * services never see nodemailer; without SMTP_URL there is no mailer at all.
 */
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects with its reason otherwise. */
  send(message: EmailMessage): Promise<void>;
  /** Closes pooled connections (shutdown, end of a test). */
  close(): void;
}

/**
 * How long a send may take, so a slow or unreachable mail server costs the inviter seconds, not
 * nodemailer's default minutes (the invitation itself is saved either way).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: smtp.url, ...TIMEOUTS });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: smtp.from, ...message });
      if (info.rejected.length > 0) throw new Error(`the mail server rejected ${info.rejected.length} recipient(s)`);
    },
    close: () => transport.close(),
  };
}
