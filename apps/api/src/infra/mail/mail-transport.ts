import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable id so a re-delivery after a crash can be recognised by the receiver. */
  messageId: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** The port every mail goes through; SMTP in production, .eml files in the embedded mode. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  /**
   * Whether a message with this Message-ID was already delivered, for a transport that can tell
   * (the file transport: its file exists). SMTP cannot: an accepted message leaves no trace we
   * can read back, so it has no such method (decision 112).
   */
  wasDelivered?(messageId: string): Promise<boolean>;
}

export function createMailTransport(opts: { smtpUrl?: string; mailDir: string }): MailTransport {
  return opts.smtpUrl ? smtpTransport(opts.smtpUrl) : fileTransport(opts.mailDir);
}

/**
 * Nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket by default; a stuck
 * SMTP server would hold the outbox worker's batch that long. Failures are retried by the outbox
 * with backoff. Query parameters in SMTP_URL (e.g. `?socketTimeout=60000`) override these.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail({ ...m, messageId: m.messageId });
    },
  };
}

/** Writes each message as an .eml file a developer can open and a test can read. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(m) {
      const info = await transporter.sendMail({ ...m, messageId: m.messageId });
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${Date.now()}-${fileIdOf(m.messageId)}.eml`), info.message as Buffer);
    },
    async wasDelivered(messageId) {
      const suffix = `-${fileIdOf(messageId)}.eml`;
      return existsSync(dir) && readdirSync(dir).some((name) => name.endsWith(suffix));
    },
  };
}

const fileIdOf = (messageId: string) => messageId.replace(/[^a-zA-Z0-9.-]/g, '_');
