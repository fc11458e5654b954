/**
 * A hostile catalogue (issue 25, the hostile pass): a wiki's paraminfo, or a saved file, may list
 * tens of thousands of values or parameters, or a templated parameter of many variables whose names
 * multiply to billions. Completion builds items only for what the capped list keeps (the same list as
 * before), hover and validation match a templated name without expanding it or backtracking, and a
 * catalogue past the size of any wiki's is refused with a message.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList, MarkupContent } from 'vscode-languageserver-types';
import {
  createWikiCatalogue,
  MAX_CATALOGUE_PARAMETERS,
  MAX_CATALOGUE_VALUES,
  MAX_HELP_URL_LENGTH,
  MAX_HELP_URLS,
} from '../../../server/src/service/wiki/wikiCatalogue';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { matchTemplate, splitTemplate } from '../../../server/src/service/wiki/wikiTemplateNames';
import { cursor } from './helpers';

const KINDS = Array.from({ length: 50_000 }, (_, i) => `k${i}`);
const SLOTS = Array.from({ length: 50 }, (_, i) => `s${i}`);
const VARS = ['a', 'b', 'c', 'd', 'e', 'f'];

const huge = createWikiCatalogue({
  paraminfo: {
    modules: [
      {
        name: 'big',
        path: 'query+big',
        group: 'list',
        prefix: 'bg',
        parameters: [
          { name: 'kind', type: KINDS, multi: '', allspecifier: '*' },
          ...Array.from({ length: 20_000 }, (_, i) => ({ name: `p${i}`, type: 'string' })),
        ],
      },
      {
        name: 'tmpl',
        path: 'tmpl',
        group: 'action',
        prefix: '',
        parameters: VARS.map((v) => ({ name: `v${v}`, type: SLOTS, multi: '' })),
        // 50^6 names: 15,625,000,000
        templatedparameters: [
          {
            name: `t${VARS.map((v) => `{${v}}`).join('-')}z`,
            type: 'string',
            templatevars: Object.fromEntries(VARS.map((v) => [v, `v${v}`])),
          },
        ],
      },
    ],
  },
});
const service = getWikiLanguageService({ resolveCatalogue: () => huge });

function complete(textWithCursor: string): CompletionList {
  const { text, offset } = cursor(textWithCursor, '¦');
  const document = TextDocument.create('file:///huge.wikiquery', 'wikiquery', 1, text);
  return service.doComplete(document, service.parse(document), offset, {});
}

/** The capped list as it was built before: every item, then those starting with what is typed, then those holding it. */
function expectedCap(keys: string[], typed: string): string[] {
  return [...keys.filter((k) => k.startsWith(typed)), ...keys.filter((k) => !k.startsWith(typed) && k.includes(typed))].slice(0, 200);
}

describe('wiki completion and hover with a huge catalogue', () => {
  it('50,000 values: the capped list of before, built from the values it keeps, with their sort order', () => {
    const list = complete('action=query&list=big&bgkind=k5|k123¦');
    assert.equal(list.isIncomplete, true);
    assert.deepEqual(
      list.items.map((i) => i.label),
      expectedCap([...KINDS.filter((k) => k !== 'k5'), '*'], 'k123'),
    );
    // the sort text still counts the value's place among all offered (k5 is left out: already written)
    assert.equal(list.items.find((i) => i.label === 'k123')!.sortText, '000122');
  });

  it('50,000 values, nothing typed: the first 200, the all-specifier past the cap', () => {
    const list = complete('action=query&list=big&bgkind=¦');
    assert.equal(list.isIncomplete, true);
    assert.deepEqual(
      list.items.map((i) => i.label),
      KINDS.slice(0, 200),
    );
  });

  it('20,000 parameters: the capped list of names, each with its description', () => {
    const list = complete('action=query&list=big&bgp123¦');
    assert.equal(list.isIncomplete, true);
    const names = ['bgkind', ...Array.from({ length: 20_000 }, (_, i) => `bgp${i}`)];
    const labels = list.items.map((i) => i.label as string);
    assert.deepEqual(
      labels.filter((l) => l.startsWith('bg')),
      expectedCap(names, 'bgp123').filter((l) => l.startsWith('bgp123')),
    );
    assert.match((list.items.find((i) => i.label === 'bgp123')!.documentation as MarkupContent).value, /parameter `p123`/);
  });

  it('a template of 15 billion names: completion offers a bounded list', () => {
    const list = complete('action=tmpl&t¦');
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items.length, 200);
    assert.ok(list.items.every((i) => /^t(s\d+-){5}s\d+z$/.test(i.label as string) || !(i.label as string).startsWith('t')));
  });

  it('hover on a templated name matches it, without expanding the template', () => {
    const { text, offset } = cursor('action=tmpl&ts1-s2-s3-s4-s49¦-s0z=1', '¦');
    const document = TextDocument.create('file:///huge.wikiquery', 'wikiquery', 1, text);
    const h = service.doHover(document, service.parse(document), offset, {});
    assert.match((h!.contents as MarkupContent).value, /`\{f\}` is one of the values of `vf` \(here `s0`\)/);
  });

  it('a 3,000-character name against the 6-variable template: judged unrecognized (no backtracking)', () => {
    const text = `action=tmpl&t${'a'.repeat(3000)}=1`;
    const document = TextDocument.create('file:///huge.wikiquery', 'wikiquery', 1, text);
    const codes = service.doValidation(document, service.parse(document), {}).map((d) => d.code);
    assert.ok(codes.includes('unrecognizedparams'), JSON.stringify(codes));
  });
});

describe('templated names matched in linear time, as the shortest-first regular expression does', () => {
  /** What the matcher replaced: `(.+?)` per variable. */
  function byRegex(template: string, wire: string): Record<string, string> | undefined {
    const vars: string[] = [];
    const re = new RegExp(
      '^' +
        template.replace(/\{([^}]+)\}|[.*+?^$()|[\]\\]/g, (all, v: string | undefined) => {
          if (v === undefined) return '\\' + all;
          vars.push(v);
          return '(.+?)';
        }) +
        '$',
    );
    const m = re.exec(wire);
    return m ? Object.fromEntries(vars.map((v, i) => [v, m[i + 1]])) : undefined;
  }

  const TABLE: Array<[string, string]> = [
    ['fromtext-{slot}', 'fromtext-main'],
    ['fromtext-{slot}', 'fromtext-'],
    ['fromtext-{slot}', 'totext-main'],
    ['a{x}-{y}', 'a--b'],
    ['a{x}-{y}', 'ap-q-r'],
    ['{x}{y}', 'ab'],
    ['{x}{y}', 'a'],
    ['x{a}x', 'xx'],
    ['x{a}x', 'xxx'],
    ['{a}', 'line\nbreak'],
    ['pre{a}mid{b}post', 'premidmidpostpost'],
  ];
  for (const [template, wire] of TABLE)
    it(`${template} against ${JSON.stringify(wire)}`, () => {
      const { literals, vars } = splitTemplate(template);
      assert.deepEqual(matchTemplate(wire, literals, vars), byRegex(template, wire));
    });

  it('agrees with the regular expression on 20,000 random templates and names', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    const word = (alphabet: string, max: number) => Array.from({ length: rand(max + 1) }, () => alphabet[rand(alphabet.length)]).join('');
    for (let k = 0; k < 20_000; k++) {
      const parts = Array.from({ length: rand(4) + 1 }, () => word('ab-', 3));
      const template = parts.map((p, i) => (i ? `{v${i}}${p}` : p)).join('');
      const wire = word('ab-', 9);
      const { literals, vars } = splitTemplate(template);
      assert.deepEqual(matchTemplate(wire, literals, vars), byRegex(template, wire), `${template} ${wire}`);
    }
  });
});

describe('a catalogue larger than any wiki is refused', () => {
  const module = (params: unknown[]) => ({
    paraminfo: { modules: [{ name: 'm', path: 'query+m', group: 'list', prefix: 'm', parameters: params }] },
  });
  it(`more than ${MAX_CATALOGUE_PARAMETERS} parameters`, () => {
    const params = Array.from({ length: MAX_CATALOGUE_PARAMETERS + 1 }, (_, i) => ({ name: `p${i}`, type: 'string' }));
    assert.throws(
      () => createWikiCatalogue(module(params)),
      /it describes more than 100000 parameters \(a wiki's catalogue has a few thousand\): it is not read/,
    );
  });
  it(`more than ${MAX_CATALOGUE_VALUES} allowed values`, () => {
    const values = Array.from({ length: MAX_CATALOGUE_VALUES + 1 }, (_, i) => `v${i}`);
    assert.throws(() => createWikiCatalogue(module([{ name: 'p', type: values }])), /more than 1000000 allowed values/);
  });
  it('help URLs: at most ten kept per module, none over 2,000 characters', () => {
    const urls = [
      `https://x.example/${'a'.repeat(MAX_HELP_URL_LENGTH)}`,
      ...Array.from({ length: 1000 }, (_, i) => `https://x.example/${i}`),
    ];
    const m = createWikiCatalogue({
      paraminfo: { modules: [{ name: 'm', path: 'query+m', group: 'list', prefix: 'm', helpurls: urls, parameters: [] }] },
    }).getQueryModule('m')!;
    assert.deepEqual(m.helpurls, urls.slice(1, 1 + MAX_HELP_URLS));
  });
  it('at the budget, read', () => {
    const values = Array.from({ length: MAX_CATALOGUE_VALUES }, (_, i) => `v${i}`);
    assert.equal(createWikiCatalogue(module([{ name: 'p', type: values }])).getQueryModule('m')?.parameters.length, 1);
  });
});
