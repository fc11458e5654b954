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
import { builtinVersionFacts } from '../../../server/src/service/wiki/wikiVersions';
import { builtinCatalogue, cursor, repoRoot } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

function hoverText(textWithCursor: string): string {
  const { text, offset } = cursor(textWithCursor, '¦');
  const document = TextDocument.create('file:///v.wikiquery', 'wikiquery', 1, text);
  const h = service.doHover(document, service.parse(document), offset, {});
  assert.ok(h, `a hover for ${textWithCursor}`);
  return (h.contents as MarkupContent).value;
}

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
  ];
  for (const [what, text, phrase] of TABLE) {
    it(what, () => {
      const md = hoverText(text);
      assert.ok(md.includes(phrase), `expected «${phrase}» in:\n${md}`);
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
