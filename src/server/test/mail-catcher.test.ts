// The harness's own mail reading: what nodemailer sends arrives whole, and encoded links come out intact.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, findLink, startMailCatcher, type MailCatcher } from './mail-catcher';

describe('mail catcher', () => {
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(() => mail?.close());

  it('catches a multipart message from nodemailer with its text and HTML, decoding long quoted-printable lines', async () => {
    const link = `http://localhost:3000/api/auth/verify-email?token=${'abc.DEF_123-'.repeat(20)}&callbackURL=${encodeURIComponent('http://localhost:3000/register')}`;
    await nodemailer.createTransport(mail.url).sendMail({
      from: 'Desk <desk@example.org>',
      to: 'Golfer@Example.org',
      subject: 'Confirm your e-mail — café',
      text: `Héllo,\n\nConfirm: ${link}\n`,
      html: `<p>Héllo</p><a href="${link.replace(/&/g, '&amp;')}">Confirm</a>`,
    });
    const caught = await mail.waitFor('golfer@example.org');
    expect(caught.from).toBe('desk@example.org');
    expect(caught.subject).toBe('Confirm your e-mail — café');
    expect(caught.text).toContain('Héllo,');
    expect(caught.html).toContain('<p>Héllo</p>');
    expect(findLink(caught, 'http://localhost:3000/api/auth/verify-email?')).toBe(link);
  });

  it('waits, then fails clearly when no message comes', async () => {
    await expect(mail.waitFor('nobody@example.org', undefined, 100)).rejects.toThrow(/No e-mail to nobody@example.org/);
  });
});

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and decodes bytes as UTF-8', () => {
    expect(decodeQuotedPrintable('token=3Dabc=\r\ndef caf=C3=A9=\nend')).toBe('token=abcdef caféend');
  });
});
