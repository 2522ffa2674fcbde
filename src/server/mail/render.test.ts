// Every e-mail the portal sends says the same in its text part and its HTML part (docs/decisions/103): the same words,
// links and amounts in the same order, signed or not; and what a stranger typed is escaped in the HTML, plain in the text.
// Every builder named `…Message` in a templates file is an e-mail kind: the samples (mail-samples.fixture.ts) must name each one (the
// typecheck and the first test say so), so a new kind is checked without anyone remembering to add it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as accountTemplates from './templates';
import * as golferTemplates from './golfer-templates';
import * as messageTemplates from './message-templates';
import * as moneyTemplates from './money-templates';
import * as nextYearTemplates from './next-year-templates';
import { signMessage } from './mailer';
import { renderMail, type RenderedMail } from './render';
import { ORG, TEAM, URL, samples } from './mail-samples.fixture';

const modules: Record<string, Record<string, unknown>> = {
  'templates.ts': accountTemplates,
  'golfer-templates.ts': golferTemplates,
  'message-templates.ts': messageTemplates,
  'money-templates.ts': moneyTemplates,
  'next-year-templates.ts': nextYearTemplates,
};

/** Every kind's every sample, as the recipient gets it: signed with the organisation's name where the kind is signed. */
function allMails() {
  return Object.entries(samples).flatMap(([kind, inputs]) => {
    const build = Object.values(modules).find((m) => kind in m)![kind] as (input: unknown) => RenderedMail;
    return (inputs as unknown[]).map((input, i) => {
      const mail = build(input);
      return { name: `${kind} #${i + 1}`, mail: { ...mail, ...signMessage(mail, ORG) } };
    });
  });
}

const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
    if (e[0] !== '#') return named[e.toLowerCase()]!;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });

/** What a reader of the HTML part sees: comments and tags gone, entities decoded, whitespace folded. */
const htmlAsText = (html: string) =>
  decode(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' '),
  ).trim();

const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:)]/g;

/** The words, links and amounts a part carries, in order. */
function says(text: string) {
  return {
    links: text.match(LINK) ?? [],
    amounts: text.replace(LINK, ' ').match(/\$\d[\d,]*(?:\.\d\d)?/g) ?? [],
    words: text.replace(LINK, ' ').match(/[\p{L}\p{N}]+/gu) ?? [],
  };
}

describe('every e-mail kind', () => {
  it('is named in the samples: every `…Message` builder of every templates file, and no e-mail built elsewhere', () => {
    const dir = import.meta.dirname;
    expect(readdirSync(dir).filter((f) => f.endsWith('templates.ts'))).toEqual(Object.keys(modules).sort());
    const kinds = Object.values(modules).flatMap((m) => Object.keys(m).filter((k) => k.endsWith('Message')));
    expect(kinds.sort()).toEqual(Object.keys(samples).sort());
    // renderMail is called only by the templates files, so no e-mail is described anywhere the samples cannot see.
    const server = join(dir, '..');
    const callers = (readdirSync(server, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => readFileSync(join(server, f), 'utf8').includes('renderMail('))
      .map((f) => relative(dir, join(server, f)))
      .sort();
    expect(callers).toEqual(['render.ts', ...Object.keys(modules)].sort());
  });

  it.each(allMails())('$name: the text part and the HTML part carry the same words, links and amounts', ({ mail }) => {
    const text = says(mail.text);
    const html = says(htmlAsText(mail.html));
    expect(html.words).toEqual(text.words);
    expect(html.links).toEqual(text.links);
    expect(html.amounts).toEqual(text.amounts);
    expect(text.words.length).toBeGreaterThan(10);
    // Every address the HTML links to is one the text part shows.
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));
    for (const href of hrefs) expect(text.links).toContain(href);
  });
});

describe('escaping', () => {
  const [withTeam] = samples.golferAnswerRequestMessage;
  const mail = accountTemplates.registrationMessage(samples.registrationMessage[0]!);

  it('a typed name with markup or an ampersand is escaped in the HTML and plain in the text', () => {
    const golfer = golferTemplates.golferAnswerRequestMessage(withTeam!);
    expect(golfer.html).not.toContain('<script>');
    expect(golfer.html).toContain('Birdies &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; $&amp;');
    expect(golfer.html).toContain('Ann O&#39;Hara &lt;b&gt;');
    expect(golfer.text).toContain(TEAM);
    expect(golfer.text).toContain("Hi Ann O'Hara <b>,");
    expect(mail.html).toContain('Spring &amp; Summer Classic');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Thank you for registering your 2 teams for Spring & Summer Classic');
  });

  it('a link keeps its query in the text and has it escaped in the href', () => {
    const confirm = accountTemplates.confirmEmailMessage({ firstName: 'Robin', url: URL });
    expect(confirm.text).toContain(`Confirm my e-mail: ${URL}\n`);
    expect(confirm.html).toContain(`href="${URL.replace('&', '&amp;')}"`);
    expect(confirm.html).not.toContain('a1&kind');
  });

  it("the organisation's name in the signature: escaped in the HTML, plain in the text, `$&` taken as it is", () => {
    const signed = signMessage(mail, ORG);
    expect(signed.text).toContain(`See you on the course.\n${ORG}\n`);
    expect(signed.html).toContain('See you on the course.<br>Smith &amp; Sons &lt;Golf&gt; $&amp; Co</p>');
    expect(signed.html).not.toContain('<!--signature-->');
    expect(signed.html.match(/See you on the course/g)).toHaveLength(1);
  });

  it('a line break inside a paragraph stays one in the HTML; a heading and a table escape their text', () => {
    const rendered = renderMail({
      subject: 's',
      heading: 'Fish & <chips>',
      blocks: ['one\ntwo', { lines: [['A & B', '<1>']] }, { link: 'More <info>', url: 'https://x.example/?a=1&b=2' }],
    });
    expect(rendered.html).toContain('one<br>two');
    expect(rendered.html).toContain('Fish &amp; &lt;chips&gt;</h1>');
    expect(rendered.html).toContain('A &amp; B:</td>');
    expect(rendered.html).toContain('&lt;1&gt;</td>');
    expect(rendered.html).toContain('More &lt;info&gt;: <a href="https://x.example/?a=1&amp;b=2"');
    expect(rendered.text).toBe('Fish & <chips>\n\none\ntwo\n\nA & B: <1>\n\nMore <info>: https://x.example/?a=1&b=2\n');
  });
});
