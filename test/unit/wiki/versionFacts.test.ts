/**
 * Version facts: hover says in which of the built-in MediaWiki versions (1.39, 1.43, 1.45) a module,
 * a parameter or a value is present, deprecated or absent, derived from
 * descriptors/wiki/versions/core-modules.json. The conformance walk holds every module and
 * parameter of the recordings of real 1.43.3 and 1.45.0 wikis (test/mediawiki/recorded/, recorded
 * by another script from another request) against those facts; the mediawiki suite does the same
 * against the live 1.39.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { detach } from '../../../common/detach';
import { builtinVersionFacts } from '../../../server/src/service/wiki/wikiBuiltinVersions';
import { createWikiCatalogue, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinCatalogue, cursor, repoRoot } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

/** A recorded real wiki's own catalogue (with its extensions' modules), as `--catalogue FILE` loads it. */
function recordedCatalogue(version: string): WikiCatalogue {
  const file = path.join(repoRoot, `test/mediawiki/recorded/mediawiki-${version}/catalogue.json`);
  const [paraminfo, siteinfo] = JSON.parse(fs.readFileSync(file, 'utf8')) as [unknown, unknown];
  return createWikiCatalogue(paraminfo, { siteinfo, source: 'https://wiki.example/w/api.php' });
}

function hoverText(textWithCursor: string, catalogue?: WikiCatalogue): string {
  const { text, offset } = cursor(textWithCursor, '¦');
  const document = TextDocument.create('file:///v.wikiquery', 'wikiquery', 1, text);
  const on = catalogue ? getWikiLanguageService({ resolveCatalogue: () => catalogue }) : service;
  const h = on.doHover(document, on.parse(document), offset, {});
  assert.ok(h, `a hover for ${textWithCursor}`);
  return (h.contents as MarkupContent).value;
}

const UNRELEASED = 'MediaWiki: 1.46 development line; no release has it yet (absent from 1.39, 1.43, 1.45)';

describe('wiki version facts in hover', () => {
  const TABLE: Array<[string, string, string]> = [
    ['module in every version', 'action=query&list=all¦pages', 'MediaWiki: present in every built-in version (1.39, 1.43, 1.45)'],
    [
      'module new in 1.45',
      'action=query&list=codex¦icons',
      'MediaWiki: present from 1.45 of the built-in versions (absent from 1.39, 1.43)',
    ],
    [
      'action module new in 1.43',
      'action=acquiretemp¦username',
      'MediaWiki: present from 1.43 of the built-in versions (absent from 1.39)',
    ],
    ['module deprecated everywhere', 'action=query&list=deleted¦revs', 'deprecated in 1.39, 1.43, 1.45'],
    [
      'parameter new in 1.43',
      'action=query&list=allusers&auexclude¦temp=1',
      'MediaWiki: present from 1.43 of the built-in versions (absent from 1.39)',
    ],
    ['parameter of main new in 1.45', 'action=query&cross¦origin=1', 'present from 1.45 of the built-in versions (absent from 1.39, 1.43)'],
    [
      'parameter deprecated from 1.43',
      'action=query&prop=extlinks&elexpand¦url=1',
      'MediaWiki: present in every built-in version (1.39, 1.43, 1.45); deprecated in 1.43, 1.45',
    ],
    [
      'parameter new in 1.43, deprecated in 1.45',
      'action=parse&pars¦oid=1',
      'present from 1.43 of the built-in versions (absent from 1.39); deprecated in 1.45',
    ],
    [
      'value new in 1.43',
      'action=query&prop=info&inprop=edit¦intro',
      'present from 1.43 of the built-in versions (absent from 1.39) (value `editintro`)',
    ],
    ['value deprecated from 1.43', 'action=query&prop=info&inprop=pre¦load', 'deprecated in 1.43, 1.45 (value `preload`)'],
    [
      'value removed after 1.39',
      'action=query&list=allusers&aurights=write¦api',
      'absent from 1.43, 1.45 (present up to 1.39) (value `writeapi`)',
    ],
    // The built-in catalogue's query modules are the 1.46 development line's: what no release has is that line's.
    ['parameter only the 1.46 development line has', 'action=query&list=watchlist&wl¦labels=1', UNRELEASED],
    ['parameter only the 1.46 development line has (info)', 'action=query&prop=info&indefault¦linkcaption=1', UNRELEASED],
    [
      'value only the 1.46 development line has',
      'action=query&prop=info&inprop=watchlist¦labels',
      `${UNRELEASED} (value \`watchlistlabels\`)`,
    ],
    ['value only the 1.46 development line has (siteinfo)', 'action=query&meta=siteinfo&siprop=sb¦om', `${UNRELEASED} (value \`sbom\`)`],
    ['codex icon only the 1.46 development line lists', 'action=query&list=codexicons&names=cdxIconUser¦Blocked', UNRELEASED],
    // A rights list is the rights of the wiki the description was taken from: an extension's among them (ConfirmEdit).
    [
      'a right no release has as installed',
      'action=query&list=allusers&aurights=skip¦captcha',
      "MediaWiki: a right no built-in release has as installed (absent from 1.39, 1.43, 1.45); the 1.46 development line's description lists it: new in 1.46, or an extension's (value `skipcaptcha`)",
    ],
  ];
  for (const [what, text, phrase] of TABLE) {
    it(what, () => {
      const md = hoverText(text);
      assert.ok(md.includes(phrase), `expected «${phrase}» in:\n${md}`);
    });
  }

  // No development-line claim: for a value no catalogue lists, a parameter of main (the spec's `formatversion` is a format
  // module's), or a module of a wiki's own catalogue (an extension's is in no release either).
  const NO_LINE: Array<[string, string, WikiCatalogue | undefined]> = [
    ['a value the built-in catalogue does not list', 'action=query&prop=info&inprop=watchlist¦labelz', undefined],
    ['formatversion (main in the built-in catalogue)', 'action=query&format=json&format¦version=2', undefined],
    ["a module of a wiki's own catalogue that no release has", 'action=query&prop=ext¦racts', recordedCatalogue('1.45.0')],
  ];
  for (const [what, text, catalogue] of NO_LINE) {
    it(`no version line: ${what}`, () => {
      const md = hoverText(text, catalogue);
      assert.ok(!/development line|no release|no built-in release/.test(md), md);
    });
  }

  it('a value hovered again, in another document text, reads the same (its version line kept under a detached copy)', () => {
    const first = hoverText('action=query&prop=info&inprop=edit¦intro');
    const again = hoverText(`action=query&prop=info&inprop=edit¦intro&${'x'.repeat(5000)}=1`);
    assert.equal(again.split('present from 1.43').length, 2, again);
    assert.equal(first.slice(first.indexOf('MediaWiki')), again.slice(again.indexOf('MediaWiki')));
  });

  it('detach: an equal string', () => {
    const text = `a=${'y'.repeat(100)}&b=1`;
    const slice = text.slice(2, 102);
    assert.equal(detach(slice), slice);
    assert.equal(detach(''), '');
  });
});

/** Every module and parameter of a recorded real wiki, held against the facts of its version. */
function walkRecording(dir: string, short: string): { modules: number; params: number } {
  const facts = builtinVersionFacts();
  assert.ok(facts, 'the built-in version facts are loaded with the built-in catalogue');
  const [paraminfo] = JSON.parse(fs.readFileSync(path.join(dir, 'catalogue.json'), 'utf8')) as [any];
  let modules = 0;
  let params = 0;
  for (const m of paraminfo.paraminfo.modules as any[]) {
    if (m.source !== 'MediaWiki') {
      assert.deepEqual(facts.modulePresence(m.path).present, [], `${m.path} (${m.source}) is no core module`);
      continue;
    }
    const mp = facts.modulePresence(m.path);
    assert.ok(mp.present.includes(short), `${m.path} present in ${short}`);
    assert.equal(mp.deprecated.includes(short), !!m.deprecated, `${m.path} deprecated in ${short}`);
    modules++;
    for (const p of m.parameters as any[]) {
      const pp = facts.paramPresence(m.path, p.name);
      assert.ok(pp.present.includes(short), `${m.path} ${p.name} present in ${short}`);
      assert.equal(pp.deprecated.includes(short), !!p.deprecated, `${m.path} ${p.name} deprecated in ${short}`);
      if (Array.isArray(p.type)) {
        for (const v of p.type) {
          const vp = facts.valuePresence(m.path, p.name, v);
          assert.ok(vp?.present.includes(short), `${m.path} ${p.name}=${v} present in ${short}`);
          assert.equal(vp!.deprecated.includes(short), (p.deprecatedvalues ?? []).includes(v), `${m.path} ${p.name}=${v} deprecated`);
        }
      }
      params++;
    }
    // What the version lacks is absent from its facts too.
    const names = new Set((m.parameters as any[]).map((p) => p.name));
    for (const other of facts.shorts) {
      for (const p of facts.module(other, m.path)?.parameters ?? []) {
        if (!names.has(p.name))
          assert.ok(!facts.paramPresence(m.path, p.name).present.includes(short), `${m.path} ${p.name} absent in ${short}`);
      }
    }
  }
  return { modules, params };
}

describe('wiki version facts: conformance walk over recorded real wikis', () => {
  before(() => builtinCatalogue());
  const RECORDED = path.join(repoRoot, 'test/mediawiki/recorded');
  const CASES: Array<[string, string]> = [
    ['mediawiki-1.43.3', '1.43'],
    ['mediawiki-1.45.0', '1.45'],
  ];
  for (const [dir, short] of CASES) {
    it(`${dir}: every core module, parameter and value of its recorded paraminfo`, function () {
      const full = path.join(RECORDED, dir);
      if (!fs.existsSync(path.join(full, 'catalogue.json'))) this.skip();
      const { modules, params } = walkRecording(full, short);
      assert.ok(modules >= 60 && params >= 500, `walked ${modules} modules, ${params} parameters`);
    });
  }
  it('the versions recorded beside each other are 1.39, 1.43 and 1.45, each with its release', () => {
    const facts = builtinVersionFacts()!;
    assert.deepEqual(
      facts.versions.map((v) => v.name),
      ['mediawiki-1.39', 'mediawiki-1.43', 'mediawiki-1.45'],
    );
    for (const v of facts.versions) assert.match(v.generator, new RegExp(`^MediaWiki ${v.version.replace(/\./g, '\\.')}$`));
  });
});
