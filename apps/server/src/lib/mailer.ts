import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** How a message is sent. */
interface SendOptions {
  /**
   * Sent once for this key: the job queue's mailer enqueues a second message with the same key
   * (within the hour) as nothing (pg-boss `singletonKey`; ADR 0030). A direct mailer sends at once.
   */
  onceKey?: string;
}

export interface Mailer {
  /**
   * Sends one message. With no SMTP server configured the raw RFC 822 message is written to
   * `$DATA_DIR/outbox/{timestamp}-{id}.eml` instead.
   * @returns where it went: the SMTP message id or the outbox file path
   */
  send(message: MailMessage, options?: SendOptions): Promise<string>;
}

export const DEFAULT_MAIL_FROM = 'Mission Monarch <no-reply@localhost>';

/**
 * Email through nodemailer (DESIGN.md "email"): `SMTP_URL` → SMTP transport; otherwise every message
 * is kept in `outboxDir` as an `.eml` file and logged, so recovery works on a laptop.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from?: string;
  outboxDir: string;
  log: (msg: string, file?: string) => void;
}): Mailer {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return info.messageId;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log('email written to the outbox', file);
      return file;
    },
  };
}

/** Escapes text for an HTML email body. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
