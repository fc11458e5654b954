/**
 * StringDef's length limits (maxbytes / maxchars), ExpiryDef's values and TagsDef's verdicts.
 * The built-in catalogue has no parameter of these kinds switched on (MediaWiki core declares no
 * string limits; its expiry parameters need $wgWatchlistExpiry), so the tables run on the
 * built-in catalogue with parameters declared as paraminfo shows them when they are:
 * - action=watch&expiry and action=userrights&expiry typed `expiry` (ApiWatch / ApiUserrights,
 *   MediaWiki 1.45 with $wgWatchlistExpiry = true);
 * - srsearch with maxbytes 12 and maxchars 5, titles with maxchars 3 (limits as an extension's
 *   module declares them with StringDef::PARAM_MAX_BYTES / PARAM_MAX_CHARS).
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { createWikiCatalogue, BUILTIN_CATALOGUE_FILES, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { codePointLength, utf8Length } from '../../../server/src/service/wiki/wikiStringLimits';
import { expiryProblem } from '../../../server/src/service/wiki/wikiExpiryValue';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { builtinCatalogue, cursor, readRepoJson, validate } from './helpers';

interface RawParam {
  name: string;
  type: unknown;
  [k: string]: unknown;
}
interface RawModule {
  name: string;
  parameters: RawParam[];
}

function patched(version = '1.45.0'): WikiCatalogue {
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const modules = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.modules)) as { paraminfo: { modules: RawModule[] } };
  const actions = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.actions)) as { paraminfo: { modules: RawModule[] } };
  const core = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.core)) as { paraminfo: { modules: RawModule[] } };
  const mod = (doc: { paraminfo: { modules: RawModule[] } }, name: string) => doc.paraminfo.modules.find((m) => m.name === name)!;
  const param = (m: RawModule, name: string) => m.parameters.find((p) => p.name === name)!;
  mod(actions, 'watch').parameters.push({ name: 'expiry', type: 'expiry', required: false, multi: false });
  Object.assign(param(mod(actions, 'userrights'), 'expiry'), { type: 'expiry' });
  Object.assign(param(mod(modules, 'search'), 'search'), { maxbytes: 12, maxchars: 5 });
  Object.assign(param(mod(core, 'query'), 'titles'), { maxbytes: null, maxchars: 3 });
  return createWikiCatalogue(modules, { core: [core, actions], source: 'fixture', version });
}

const catalogue = patched();

/** [code, text the range covers, param] of the codes this file is about. */
type Seen = [string, string, string];
const CODES = new Set(['maxbytes', 'maxchars', 'badexpiry', 'badexpiry-past', 'badtags']);

function seen(query: string): Seen[] {
  return validate(query, { catalogue })
    .filter((d) => CODES.has(d.code))
    .map((d) => [d.code, d.text, d.param]);
}

describe('wiki: StringDef length limits (maxbytes, maxchars)', () => {
  // StringDef::validate: strlen() > PARAM_MAX_BYTES → maxbytes (first); mb_strlen() > PARAM_MAX_CHARS → maxchars.
  const TABLE: Array<{ name: string; query: string; expect: Seen[] }> = [
    { name: 'within both limits', query: 'action=query&list=search&srsearch=abcde', expect: [] },
    { name: 'too many characters', query: 'action=query&list=search&srsearch=abcdef', expect: [['maxchars', 'abcdef', 'srsearch']] },
    {
      name: 'too many bytes is reported before characters',
      query: 'action=query&list=search&srsearch=%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9',
      expect: [['maxbytes', '%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9', 'srsearch']],
    },
    {
      name: 'bytes are counted in UTF-8, after decoding (4 × é = 8 bytes, 4 characters)',
      query: 'action=query&list=search&srsearch=%C3%A9%C3%A9%C3%A9%C3%A9',
      expect: [],
    },
    {
      name: 'characters are code points (an emoji is one, not two UTF-16 units)',
      query: 'action=query&list=search&srsearch=ab%F0%9F%98%80',
      expect: [],
    },
    {
      name: 'four-byte characters: 4 emoji = 16 bytes',
      query: 'action=query&list=search&srsearch=%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80',
      expect: [['maxbytes', '%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80', 'srsearch']],
    },
    {
      name: 'each value of a multi-valued string is checked',
      query: 'action=query&prop=info&titles=Abc|Abcd|X',
      expect: [['maxchars', 'Abcd', 'titles']],
    },
    { name: 'maxbytes null means no byte limit', query: 'action=query&prop=info&titles=%C3%A9%C3%A9%C3%A9', expect: [] },
    {
      name: 'parameters without limits are not checked',
      query: 'action=query&list=allpages&apfrom=a-very-long-page-title-indeed',
      expect: [],
    },
  ];
  for (const t of TABLE) it(t.name, () => assert.deepEqual(seen(t.query), t.expect));

  it('maxbytes and maxchars are errors, with the limit in the message', () => {
    const [d] = validate('action=query&list=search&srsearch=abcdef', { catalogue }).filter((x) => x.code === 'maxchars');
    assert.equal(d.severity, 'error');
    assert.match(d.message, /cannot be longer than 5 characters \(this value has 6\)/);
  });

  it('counts bytes and code points as PHP strlen / mb_strlen do', () => {
    for (const [s, bytes, chars] of [
      ['', 0, 0],
      ['abc', 3, 3],
      ['é', 2, 1],
      ['€', 3, 1],
      ['😀', 4, 1],
      ['\ud800', 3, 1],
    ] as const) {
      assert.equal(utf8Length(s), bytes, `bytes of ${JSON.stringify(s)}`);
      assert.equal(codePointLength(s), chars, `chars of ${JSON.stringify(s)}`);
    }
  });

  it('the catalogue reads maxbytes / maxchars from paraminfo (null: no limit)', () => {
    const search = catalogue.getModule('query+search')!.paramByName.get('search')!;
    assert.equal(search.maxbytes, 12);
    assert.equal(search.maxchars, 5);
    const titles = catalogue.getModule('query')!.paramByName.get('titles')!;
    assert.equal(titles.maxbytes, undefined);
    assert.equal(titles.maxchars, 3);
  });

  const HOVER: Array<{ name: string; text: string; has: RegExp }> = [
    {
      name: 'both limits',
      text: 'action=query&list=search&srse|arch=x',
      has: /Length: at most 12 bytes \(UTF-8\), at most 5 characters per value/,
    },
    { name: 'a character limit only', text: 'action=query&prop=info&tit|les=A', has: /Length: at most 3 characters per value/ },
  ];
  for (const t of HOVER) {
    it(`hover names the limit: ${t.name}`, () => {
      const { text, offset } = cursor(t.text);
      const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
      const td = TextDocument.create('file:///t.wikiquery', 'wikiquery', 1, text);
      const hover = service.doHover(td, service.parse(td), offset, {});
      assert.ok(hover, 'a hover');
      assert.match((hover.contents as MarkupContent).value, t.has);
    });
  }
});

describe('wiki: ExpiryDef values (badexpiry, badexpiry-past)', () => {
  const TABLE: Array<{ name: string; query: string; expect: Seen[] }> = [
    {
      name: 'the four words for no expiry',
      query: 'action=userrights&user=A&add=sysop&expiry=infinite|indefinite|infinity|never',
      expect: [],
    },
    {
      name: 'relative times strtotime() reads',
      query:
        'action=watch&titles=A&expiry=1%20week\n\naction=watch&titles=A&expiry=3%20months\n\naction=watch&titles=A&expiry=next%20monday',
      expect: [],
    },
    { name: 'an ISO timestamp in the future', query: 'action=watch&titles=A&expiry=2999-01-01T00:00:00Z', expect: [] },
    { name: 'a word strtotime() does not read', query: 'action=watch&titles=A&expiry=bogus', expect: [['badexpiry', 'bogus', 'expiry']] },
    {
      name: 'the no-expiry words are matched exactly (Infinite)',
      query: 'action=watch&titles=A&expiry=Infinite',
      expect: [['badexpiry', 'Infinite', 'expiry']],
    },
    { name: 'an empty expiry', query: 'action=watch&titles=A&expiry=', expect: [['badexpiry', '', 'expiry']] },
    {
      name: 'a long unknown word in a relative time',
      query: 'action=watch&titles=A&expiry=1%20fortnite',
      expect: [['badexpiry', '1%20fortnite', 'expiry']],
    },
    {
      name: 'past the year 9999 (MediaWiki 1.45)',
      query: 'action=watch&titles=A&expiry=9999-12-31T00:00:01Z',
      expect: [['badexpiry', '9999-12-31T00:00:01Z', 'expiry']],
    },
    {
      name: 'an absolute time in the past',
      query: 'action=watch&titles=A&expiry=2001-01-01T00:00:00Z',
      expect: [['badexpiry-past', '2001-01-01T00:00:00Z', 'expiry']],
    },
    {
      name: 'each value of a multi-valued expiry',
      query: 'action=userrights&user=A&add=sysop|bot&expiry=infinite|forever',
      expect: [['badexpiry', 'forever', 'expiry']],
    },
    {
      name: 'expiry of other types is not checked (protect: a string the module reads)',
      query: 'action=protect&title=A&protections=edit%3Dsysop&expiry=bogus',
      expect: [],
    },
  ];
  for (const t of TABLE) it(t.name, () => assert.deepEqual(seen(t.query), t.expect));

  it('the year-9999 limit (ExpiryDef::isInMwRange) holds from MediaWiki 1.45 on, not on 1.39', () => {
    const old = patched('1.39.17');
    const codes = (cat: WikiCatalogue) =>
      validate('action=watch&titles=A&expiry=9999-12-31T00:00:01Z', { catalogue: cat })
        .filter((d) => CODES.has(d.code))
        .map((d) => d.code);
    assert.deepEqual(codes(catalogue), ['badexpiry']);
    assert.deepEqual(codes(old), []);
  });

  it('badexpiry offers the exact word as a fix for Infinite', () => {
    const [d] = validate('action=watch&titles=A&expiry=Infinite', { catalogue }).filter((x) => x.code === 'badexpiry');
    assert.equal(d.severity, 'error');
    assert.equal(d.data.replacement, 'infinite');
  });

  // Not sure strtotime() fails: no verdict (no false alarm). Values PHP accepts or may accept.
  const UNSURE = ['tomorrowx', 'est', 'sat', 'z', '1 weekest', '  ', '3 dayz', '2030-02-30', '1week', '-1', 'in 3 days'];
  for (const v of UNSURE)
    it(`no verdict where strtotime() may read it: ${JSON.stringify(v)}`, () =>
      assert.equal(expiryProblem(v, Date.UTC(2026, 0, 1)), undefined));
});

describe('wiki: TagsDef (badtags)', () => {
  // TagsDef::validate → ChangeTags::canAddTagsAccompanyingChange (no performer): a tag outside
  // listExplicitlyDefinedTags fails with `badtags`, an error even in a multi-valued parameter
  // (ParamValidator downgrades only `badvalue`). A wiki with no such tag rejects every tag.
  const TABLE: Array<{ name: string; query: string; expect: Seen[] }> = [
    {
      name: 'no tag may be applied on a fresh wiki: any value is badtags',
      query: 'action=edit&title=X&text=y&tags=bogus',
      expect: [['badtags', 'bogus', '']],
    },
    { name: 'several tags: one diagnostic over them', query: 'action=delete&title=A&tags=a|b', expect: [['badtags', 'a|b', '']] },
    { name: 'no tags given: nothing to say', query: 'action=edit&title=X&text=y', expect: [] },
  ];
  for (const t of TABLE)
    it(t.name, () =>
      assert.deepEqual(
        validate(t.query, { catalogue: builtinCatalogue() })
          .filter((d) => CODES.has(d.code))
          .map((d) => [d.code, d.text, d.param]),
        t.expect,
      ),
    );
});
