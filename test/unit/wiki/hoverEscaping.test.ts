/**
 * Hover and completion documentation built from a hostile catalogue (a wiki's own paraminfo and
 * siteinfo, fetched): its names, types, sources, namespace names and help URLs are shown as text,
 * never as Markdown. No image, no link but to an http(s) help page, no HTML, no `command:` link.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { markdownCode, markdownHttpLink, markdownText } from '../../../server/src/service/markdown';
import { createWikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { cursor } from './helpers';

const IMAGE = '![tracker](http://evil.example/pixel.png)';
const COMMAND = '[Click me](command:workbench.action.terminal.new)';
const HTML = '<img src=x onerror=alert(1)><a href="command:x">a</a>';

const hostile = createWikiCatalogue(
  {
    paraminfo: {
      modules: [
        {
          name: 'categorymembers',
          path: 'query+categorymembers',
          group: 'list',
          prefix: 'cm',
          generator: true,
          source: `Evil ${IMAGE} ${HTML}`,
          helpurls: [
            'command:workbench.action.terminal.new',
            'javascript:alert(1)',
            'https://www.mediawiki.org/wiki/API:Categorymembers)![x](http://evil.example/y.png',
            'https://user:secret@evil.example/help',
            'data:text/html,<b>x</b>',
            '//www.mediawiki.org/wiki/API:Main_page',
          ],
          parameters: [
            { name: 'title', type: `text ${IMAGE}\n\n# Heading ${COMMAND}`, required: false, multi: false },
            { name: 'namespace', type: 'namespace', required: false, multi: true, extranamespaces: [-2] },
            { name: 'user', type: 'user', subtypes: [IMAGE, 'name'], required: false, multi: false },
          ],
        },
      ],
    },
  },
  {
    source: `https://evil.example/${COMMAND}`,
    siteinfo: {
      query: {
        namespaces: {
          '0': { id: 0, name: '' },
          '14': { id: 14, name: `Cat ${IMAGE}`, canonical: `Category ${COMMAND}` },
          '-2': { id: -2, name: `Media ${HTML}` },
        },
      },
    },
  },
);
const service = getWikiLanguageService({ resolveCatalogue: () => hostile });

function hoverMarkdown(textWithCursor: string): string {
  const { text, offset } = cursor(textWithCursor);
  const document = TextDocument.create('file:///hostile.wikiquery', 'wikiquery', 1, text);
  const h = service.doHover(document, service.parse(document), offset, {});
  assert.ok(h, `a hover at ${textWithCursor}`);
  return (h.contents as MarkupContent).value;
}

/** No Markdown construct that the catalogue's text could have made. */
function assertInert(markdown: string): void {
  assert.doesNotMatch(markdown, /(^|[^\\])!\[/, 'an image');
  assert.doesNotMatch(markdown, /\]\((?!https?:)/, 'a link to something other than http(s)');
  assert.doesNotMatch(markdown, /\]\(command:/, 'a command: link');
  assert.doesNotMatch(markdown, /(^|[^\\])<(img|a)\b/i, 'HTML');
  assert.doesNotMatch(markdown, /^#/m, 'a heading');
  assert.doesNotMatch(markdown, /secret@/, 'credentials in a link');
}

describe('wiki hover: catalogue text escaped as Markdown', () => {
  const CASES: Array<[string, string, RegExp[]]> = [
    [
      'a module: its source and help URLs',
      'action=query&list=categ|orymembers',
      [
        /Source: Evil \\!\\\[tracker\\\]\\\(http:\/\/evil\.example\/pixel\.png\\\)/,
        /\[Help 1\]\(https:\/\/www\.mediawiki\.org\/wiki\/API:Categorymembers%29!%5Bx%5D%28http:\/\/evil\.example\/y\.png\)/,
        /\[Help 2\]\(https:\/\/www\.mediawiki\.org\/wiki\/API:Main_page\)/,
      ],
    ],
    ['a parameter whose type is hostile text', 'action=query&list=categorymembers&cmti|tle=x', [/Type: text \\!\\\[tracker\\\]/]],
    ['the user subtypes', 'action=query&list=categorymembers&cmus|er=x', [/user — \\!\\\[tracker\\\]/]],
    [
      'a namespace name of the wiki',
      'action=query&list=categorymembers&cmnamespace=1|4',
      [/Namespace `14`: Cat \\!\\\[tracker\\\]/, /canonical name Category \\\[Click me\\\]/],
    ],
    [
      'the catalogue source of the URL hover',
      'https://evil.example/w/a|pi.php?action=query',
      [/\*\*https:\/\/evil\.example\/\\\[Click me\\\]/],
    ],
  ];
  for (const [what, text, expected] of CASES)
    it(what, () => {
      const markdown = hoverMarkdown(text);
      assertInert(markdown);
      for (const re of expected) assert.match(markdown, re);
    });

  it('leaves out every help URL that is not a plain http(s) page', () => {
    const markdown = hoverMarkdown('action=query&list=categ|orymembers');
    assert.equal((markdown.match(/\[Help \d\]/g) ?? []).length, 2);
    assert.doesNotMatch(markdown, /javascript:|data:|command:workbench/);
  });
});

describe('markdown helpers', () => {
  const TEXT: Array<[unknown, string]> = [
    ['plain words, a-b.c: d=e', 'plain words, a-b.c: d=e'],
    [IMAGE, '\\!\\[tracker\\]\\(http://evil.example/pixel.png\\)'],
    ['<b>&amp;</b>', '\\<b\\>\\&amp;\\</b\\>'],
    ['*em* _em_ ~s~ `c` | \\', '\\*em\\* \\_em\\_ \\~s\\~ \\`c\\` \\| \\\\'],
    ['line\n\n# heading\r\n- item', 'line # heading - item'],
    [42, '42'],
    ['a\u2028b\u2029c', 'a b c'],
    ['', ''],
  ];
  for (const [input, output] of TEXT) it(`markdownText(${JSON.stringify(input)})`, () => assert.equal(markdownText(input), output));

  const CODE: Array<[string, string]> = [
    ['abc', '`abc`'],
    ['a`b', '``a`b``'],
    ['a``b', '```a``b```'],
    ['`x', '`` `x ``'],
    ['a\n\nb', '`a b`'],
    ['', '(empty string)'],
    [' ', '` `'],
    ['a\u2029b', '`a b`'],
    [42 as unknown as string, '`42`'],
  ];
  for (const [input, output] of CODE) it(`markdownCode(${JSON.stringify(input)})`, () => assert.equal(markdownCode(input), output));

  const LINKS: Array<[unknown, string | undefined]> = [
    ['https://www.mediawiki.org/wiki/API:Main_page', '[Help](https://www.mediawiki.org/wiki/API:Main_page)'],
    ['http://example.org/a b(c)', '[Help](http://example.org/a%20b%28c%29)'],
    ['//www.mediawiki.org/x', '[Help](https://www.mediawiki.org/x)'],
    ['command:workbench.action.terminal.new', undefined],
    ['javascript:alert(1)', undefined],
    ['file:///etc/passwd', undefined],
    ['https://u:p@example.org/', undefined],
    ['not a url', undefined],
    [42, undefined],
  ];
  for (const [input, output] of LINKS)
    it(`markdownHttpLink(${JSON.stringify(input)})`, () => assert.equal(markdownHttpLink('Help', input), output));
});
