import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Whom the mail is from, for the reader: a restaurant's name on its guests' mails (the address stays the sender's). */
  fromName?: string;
  /** Where a reply goes: the restaurant's own address, so a guest answering a confirmation reaches it. */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under DATA_DIR/mail
 * so a demo with no mail server still shows what would have been sent.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const [platform] = addressparser(options.from, { flatten: true });
  // MAIL_FROM's address under the name the message asks for ("Trattoria Demo <no-reply@…>").
  const envelope = ({ fromName, ...message }: MailMessage) => ({ ...message, from: fromName && platform ? { name: fromName, address: platform.address } : options.from });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to file (no SMTP_URL set)');
    },
  };
}

/** Collects messages in memory; tests read them. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
