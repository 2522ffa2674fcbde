// A local SMTP server that keeps every message it receives, so tests can read the e-mails the portal sends.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  headers: Map<string, string>;
  text: string;
  html: string;
  raw: string;
}

export interface MailCatcher {
  /** Give this to the app as SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** The first message to `to` (optionally matching), waiting for it to arrive. */
  waitFor(to: string, match?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /**
   * Called for every message as its data ends, numbered from 1; true refuses it with a temporary error (451), as a busy mail
   * server does, and the message is not kept. (The tests of R45's retries refuse every tenth.)
   */
  refuse?: (n: number, envelope: { from: string; to: string[] }) => boolean;
  /** Called on MAIL FROM, before any message data (a fault test kills its sender there); true refuses the transaction. */
  onMailFrom?: (from: string) => boolean | void;
  /**
   * A slow mail server: each message's data is answered (accepted, kept, or refused) only this long after it ends, so the
   * sender is in the middle of an e-mail all that time (the clean-stop test's mail server that never answers in time).
   */
  answerAfterMs?: number;
  /**
   * Each message's data is answered only once this settles (then after `answerAfterMs`): the clean-stop test holds the
   * e-mail under way until the server says it is stopping, whatever the machine's load.
   */
  holdAnswer?: () => Promise<unknown>;
  /** Called on RCPT TO: a reply text refuses the recipient with 550 and that text, as a mail server refusing an address does. */
  refuseRecipient?: (to: string) => string | null;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    // SMTP_URL with a user and password (as a real relay has) signs in: any is accepted, over plain text in tests.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(address, _session, callback) {
      if (options.onMailFrom?.(address.address) === true) callback(new Error('The sender is gone'));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (refusal) callback(Object.assign(new Error(refusal), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answerSoon = () => (options.answerAfterMs ? setTimeout(answer, options.answerAfterMs) : answer());
        if (options.holdAnswer) void options.holdAnswer().then(answerSoon, answerSoon);
        else answerSoon();
      });
      const answer = () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        };
        if (options.refuse?.(++received, envelope)) {
          const error = Object.assign(new Error('Try again later (refused by the test)'), { responseCode: 451 });
          callback(error);
          return;
        }
        messages.push({
          ...parseMail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        callback();
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within ${timeoutMs} ms (${messages.length} caught)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for our own messages: headers, multipart/alternative, quoted-printable and base64 parts. */
export function parseMail(raw: string): Omit<CaughtMail, 'from' | 'to'> {
  const root = parsePart(raw);
  let text = '';
  let html = '';
  const visit = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const child of splitMultipart(part.body, boundary)) visit(parsePart(child));
      return;
    }
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (/^text\/html/i.test(type)) html ||= decoded;
    else if (/^text\/plain/i.test(type)) text ||= decoded;
  };
  visit(root);
  return { subject: decodeWords(root.headers.get('subject') ?? ''), headers: root.headers, text, html, raw };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts = body.split(`--${boundary}`);
  // parts[0] is the preamble; the last starts with "--" (the closing delimiter).
  return parts
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .map((p) => p.replace(/^\n/, '').replace(/\n$/, ''));
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function decodeQuotedPrintable(input: string): string {
  // Soft line breaks ("=" at the end of a line) join lines; =XX are bytes of UTF-8.
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QBqb])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The first link in a message's text part that starts with `prefix`. */
export function findLink(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s<>"']*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
