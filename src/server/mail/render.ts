// Every e-mail is described once and both parts are made from that description (docs/decisions/103): the text part and
// the HTML part cannot say different things, and what a stranger typed is escaped in the HTML and plain in the text.
// Our own small renderer rather than react-email or MJML: the figures are in the decision.

/** One piece of an e-mail's body, in reading order. */
export type MailBlock =
  /** A paragraph; a single line break inside it stays a line break in both parts. */
  | string
  /** Facts or money lines, label and value: a table in HTML, `Label: value` lines in text. */
  | { lines: readonly (readonly [label: string, value: string])[] }
  /** The e-mail's one action: a button in HTML with its address under it, `Label: address` in text. */
  | { action: string; url: string }
  /** A further link, `Label: address` in both parts. */
  | { link: string; url: string }
  /**
   * R61: a golfer's check-in code: in HTML a QR image attached to the message (multipart/related, `cid:`; mail clients
   * show those where they block data: addresses) with its caption, in text `Caption: code` (docs/decisions/116).
   */
  | { qr: string; caption: string };

/** A QR the mailer attaches as an inline PNG under `cid`. */
export interface MailQr {
  cid: string;
  code: string;
}

export interface MailDescription {
  subject: string;
  /** The heading on top of the body (the HTML's h1, the text's first line). */
  heading: string;
  blocks: readonly MailBlock[];
  /** False: the body carries its own signature (staff's messages to the field); else the mailer signs it (mailer.ts). */
  signOff?: false;
  /** The one link the message is about; printed to the log when mail is not configured (R7). */
  link?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The QR images the HTML part points to (cid:), made into PNGs by the mailer. */
  qr?: MailQr[];
  signOff?: false;
  link?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped, with the text's own line breaks kept. */
const inline = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

const GREEN = '#166534';
const MUTED = 'font-size:13px;color:#555';

/** Where the mailer puts the signature (mailer.ts signMessage): the organisation's name as stored, the same as the text part's. */
export const SIGNATURE_SLOT = '<!--signature-->';

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('lines' in block) return block.lines.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('qr' in block) return `${block.caption}: ${block.qr}`;
  return `${'action' in block ? block.action : block.link}: ${block.url}`;
}

const linkHtml = (url: string, style: string) => `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(url)}</a>`;

/** The cid of a message's QR for `code` (codes are hex, so the cid needs no escaping). */
export const qrCid = (code: string) => `qr-${code}@golf-portal`;

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="margin:0 0 16px">${inline(block)}</p>`;
  if ('qr' in block) {
    return `<p style="margin:0 0 16px;text-align:center"><img src="cid:${escapeHtml(qrCid(block.qr))}" width="160" height="160" alt="Check-in QR code" style="display:block;margin:0 auto 4px;border:0"><span style="${MUTED}">${inline(block.caption)}: ${escapeHtml(block.qr)}</span></p>`;
  }
  if ('lines' in block) {
    const rows = block.lines
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#555;vertical-align:top">${inline(label)}:</td><td style="padding:4px 0;vertical-align:top">${inline(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  }
  if ('action' in block) {
    // The address under the button, for clients that show no buttons; the text part reads `Label: address` alike.
    return `<p style="margin:24px 0 8px"><a href="${escapeHtml(block.url)}" style="background:${GREEN};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${inline(block.action)}</a></p>
<p style="margin:0 0 16px;${MUTED}">${linkHtml(block.url, `color:${GREEN};word-break:break-all`)}</p>`;
  }
  return `<p style="margin:0 0 16px">${inline(block.link)}: ${linkHtml(block.url, `color:${GREEN};word-break:break-all`)}</p>`;
}

/** The text part and the HTML part (a plain, narrow layout that reads well in every mail client) of one description. */
export function renderMail(mail: MailDescription): RenderedMail {
  const text = `${[mail.heading, ...mail.blocks.map(blockText)].join('\n\n')}\n`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f3;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;color:${GREEN}">${inline(mail.heading)}</h1>${mail.blocks.map(blockHtml).join('')}
${SIGNATURE_SLOT}
</div></body></html>`;
  const qr = mail.blocks.flatMap((block) => (typeof block === 'object' && 'qr' in block ? [{ cid: qrCid(block.qr), code: block.qr }] : []));
  return {
    subject: mail.subject,
    text,
    html,
    ...(qr.length > 0 ? { qr } : {}),
    ...(mail.signOff === false ? { signOff: false as const } : {}),
    ...(mail.link ? { link: mail.link } : {}),
  };
}

/** The sign-off the mailer adds to both parts: `name` as the organisation stores it (R51). */
export function signature(name: string) {
  const lines = ['See you on the course.', name].join('\n');
  return { text: lines, html: `<p style="margin:24px 0 0;${MUTED}">${inline(lines)}</p>` };
}
