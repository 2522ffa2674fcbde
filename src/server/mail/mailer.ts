// Sends mail over SMTP (nodemailer), or prints it to the log when SMTP_URL is not set (R7). Every message is signed here,
// text and HTML alike, with the organisation's name as stored (R51), and goes out under its From name: one place, so the
// two parts never disagree and a change in Admin → Settings shows in the next e-mail of every process.
import nodemailer from 'nodemailer';
import QRCode from 'qrcode';
import type { Logger } from '../logger';
import { signature, SIGNATURE_SLOT, type MailQr } from './render';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; printed to the log when mail is not configured. */
  link?: string;
  /** False: the message carries its own signature (staff's messages to the field). */
  signOff?: boolean;
  /** R61: check-in QR codes the HTML shows (cid:), attached as inline PNGs. */
  qr?: MailQr[];
}

/** R61: each QR as an inline PNG attachment (Content-ID), 4 px a module, for a 160 px image that scans off a phone screen. */
export async function qrAttachments(qr: MailQr[] | undefined) {
  return Promise.all(
    (qr ?? []).map(async ({ cid, code }) => ({
      cid,
      filename: 'check-in-code.png',
      contentType: 'image/png',
      content: await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 }),
    })),
  );
}

/** Who the mail is from: the organisation's name (the signature) and the From header's display name. */
export interface MailIdentity {
  name: string;
  mailFromName: string;
}

export interface Mailer {
  configured: boolean;
  /** The organisation's current name and From name (settings/organisation.ts), read as each message is sent. */
  identity(): Promise<MailIdentity>;
  send(message: MailMessage): Promise<void>;
  /** Closes a pool's open connections. */
  close?(): void;
}

/** The text and the HTML part, signed with the same name. */
export function signMessage<T extends Pick<MailMessage, 'text' | 'html' | 'signOff'>>(message: T, name: string) {
  const sign = message.signOff !== false ? signature(name) : null;
  return {
    text: sign ? `${message.text.trimEnd()}\n\n${sign.text}\n` : message.text,
    // A function, so a `$&` or `$'` in the organisation's name is not read as a replacement pattern.
    html: message.html.replace(SIGNATURE_SLOT, () => sign?.html ?? ''),
  };
}

/** The From header: the stored display name with MAIL_FROM's address. */
export function fromHeader(address: string, identity: MailIdentity) {
  return { name: identity.mailFromName, address };
}

/**
 * `from`: MAIL_FROM's address. `identity`: the stored organisation (settings/organisation.ts).
 * `pool`: keep up to `pool` connections open and send message after message over them (the message queue's thousands),
 * rather than one connection per message.
 */
export function createMailer(
  options: { smtpUrl: string | null; from: string; identity: () => Promise<MailIdentity>; pool?: number },
  logger: Logger,
): Mailer {
  const { identity } = options;
  if (!options.smtpUrl) {
    return {
      configured: false,
      identity,
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
    identity,
    close: () => transport.close(),
    async send(message) {
      const who = await identity();
      await transport.sendMail({
        from: fromHeader(options.from, who),
        to: message.to,
        subject: message.subject,
        ...signMessage(message, who.name),
        ...(message.qr?.length ? { attachments: await qrAttachments(message.qr) } : {}),
      });
      logger.info(`[mail] sent "${message.subject}"`);
    },
  };
}
