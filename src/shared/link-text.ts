// Text that looks like a link (issue 31): names are refused with it, so the portal never carries a stranger's link to
// someone else's inbox; and whatever typed text still reaches an e-mail is made inert there (no mail client turns it into
// a link). One pattern for both, here, so the browser and the server refuse the same names.

/** A dot as people type it, and the full-width dots some mail clients also read as one. */
const DOT = '[.\u3002\uff0e\uff61]';
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// Every repetition below is bounded (a scheme's 32 characters, 8 more labels, a local part's 64), so the test is linear in
// the text: unbounded, 20,000 characters of "a.b-" took 3 s, and 100 KB of one letter 25 s (a field's length is checked
// in the same pass, not before). A longer domain still matches from a later label.
/**
 * Top-level domains a mail client links even without `http://` or a path: the common generic ones, the ones spam uses
 * most, and the names reserved for examples. A name with a dot and no space ("J.R. Smith", "St.Andrews") passes.
 */
const COMMON_TLDS =
  'com|net|org|info|biz|io|co|me|app|dev|xyz|online|site|website|top|club|shop|store|live|link|click|win|vip|icu|ru|cn|uk|de|us|ly|gl|to|tk|ml|ga|cf|gq|ws|cc|tv|example|test|invalid|localhost';

const LINK_PATTERN = new RegExp(
  [
    // Any scheme with slashes (http://, https://, ftp://), and the ones that act without them.
    '[a-z][a-z0-9+.-]{0,31}:\\/\\/',
    '\\b(?:mailto|javascript|data|tel|sms):',
    // www. and the like.
    `\\bwww\\d{0,3}${DOT}`,
    // A domain followed by a port or a path: evil.example/claim, evil.example:8080.
    `\\b${LABEL}(?:${DOT}${LABEL}){0,8}${DOT}[a-z]{2,63}(?::\\d+|\\/)`,
    // A bare domain with a common top-level domain: evil.com, prize.example.
    `\\b${LABEL}(?:${DOT}${LABEL}){0,8}${DOT}(?:${COMMON_TLDS})\\b`,
    // An e-mail address (clients link those too); its local part is at most 64 characters (RFC 5321).
    `[^\\s@]{1,64}@${LABEL}(?:${DOT}${LABEL}){0,8}${DOT}[a-z]{2,63}`,
  ].join('|'),
  'iu',
);

export const NO_LINKS_MESSAGE = 'Must not contain a web address or link';

/** Whether the text holds something a mail client or a browser would turn into a link. */
export const looksLikeLink = (text: string): boolean => LINK_PATTERN.test(text);

/**
 * The text with every link in it broken the way security teams share addresses ("defanged": hxxp, [.], [at]), so no mail
 * client links it, in the text part or the HTML; text without a link is returned as it is.
 */
export function inertLinks(text: string): string {
  if (!looksLikeLink(text)) return text;
  return text
    .replace(/([a-z][a-z0-9+.-]{0,31}):\/\//giu, (_, scheme: string) => `${scheme.replace(/^http/i, 'hxxp')}[:]//`)
    .replace(/\b(mailto|javascript|data|tel|sms):/giu, '$1[:]')
    .replace(new RegExp(`(\\S)${DOT}(?=\\S)`, 'gu'), '$1[.]')
    .replace(/@/g, '[at]');
}
