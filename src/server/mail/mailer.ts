// Sends mail over SMTP (nodemailer), or prints it to the log when SMTP_URL is not set (R7).
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; printed to the log when mail is not configured. */
  link?: string;
}

export interface Mailer {
  configured: boolean;
  send(message: MailMessage): Promise<void>;
  /** Closes a pool's open connections. */
  close?(): void;
}

/**
 * `pool`: keep up to `pool` connections open and send message after message over them (the message queue's thousands),
 * rather than one connection per message.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; pool?: number }, logger: Logger): Mailer {
  if (!options.smtpUrl) {
    return {
      configured: false,
      async send(message) {
        // The link is printed (R7: without SMTP it is the only way to it); the recipient's address never is.
        logger.info(`[mail] not sent (SMTP_URL is not set): "${message.subject}"`, message.link ? { link: message.link } : undefined);
      },
    };
  }
  const transport = options.pool
    ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: options.pool, maxMessages: Infinity })
    : nodemailer.createTransport(options.smtpUrl);
  return {
    configured: true,
    close: () => transport.close(),
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      logger.info(`[mail] sent "${message.subject}"`);
    },
  };
}
