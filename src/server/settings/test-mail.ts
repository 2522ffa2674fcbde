// 'Send a test e-mail' (R51): one message, sent as every e-mail is (the stored From name and signature), over a connection
// of its own with short timeouts, and what the mail server answered, in its own words.
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { fromHeader, signMessage, type MailIdentity } from '../mail/mailer';
import { testMailMessage } from '../mail/templates';
import { mailFromParts } from './organisation';

export type TestMailResult = 'accepted' | 'refused' | 'unreachable' | 'not-configured';

export interface TestMailAnswer {
  result: TestMailResult;
  to: string;
  /** The mail server's own reply (`250 …`, `550 …`) or the connection's error; '' without SMTP_URL. */
  reply: string;
}

/** A test must answer while the admin waits: far shorter than nodemailer's two minutes. */
const TIMEOUT_MS = 10_000;

/** Errors before any SMTP reply: the server was not reached (or stopped answering). */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ETLS', 'EPROTOCOL']);

/** What the mail server said, without the SMTP password should an error quote the address it used. */
function scrub(text: string, smtpUrl: string) {
  let password = '';
  try {
    password = decodeURIComponent(new URL(smtpUrl).password);
  } catch {
    /* not a URL nodemailer could use either */
  }
  const clean = password ? text.split(password).join('****') : text;
  return clean.replace(/\s+/g, ' ').trim().slice(0, 500);
}

export async function sendTestMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  identity: MailIdentity,
  input: { to: string; adminName: string },
): Promise<TestMailAnswer> {
  const { to } = input;
  if (!config.smtpUrl) return { result: 'not-configured', to, reply: '' };
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  const message = testMailMessage({ org: identity.name, adminName: input.adminName });
  try {
    const info = await transport.sendMail({
      from: fromHeader(mailFromParts(config.mailFrom).address, identity),
      to,
      subject: message.subject,
      ...signMessage(message, identity.name),
    });
    return { result: 'accepted', to, reply: scrub(String(info.response ?? ''), config.smtpUrl) };
  } catch (error) {
    const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
    if (e.responseCode && e.response) return { result: 'refused', to, reply: scrub(e.response, config.smtpUrl) };
    const reply = scrub(e.message ?? String(error), config.smtpUrl);
    if (!e.code || CONNECTION_CODES.has(e.code)) return { result: 'unreachable', to, reply };
    return { result: 'refused', to, reply };
  } finally {
    transport.close();
  }
}
