/**
 * Extension modules in requests judged with the built-in catalogue (which describes MediaWiki core
 * only): `prop=extracts`, `list=geosearch`, … get a hint (`extensionmodule`) instead of a warning or
 * an error, their parameters no "unrecognized" warning; names misspelled under a module recorded
 * from a real wiki are still reported, with the right name. Exact host ranges marked `⟦…⟧`.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkSource, diagnosticsOf, marked, wiki } from './helpers';
import { EXTENSION_MODULES, withExtensionModules } from '../../../server/src/service/embedded/extensionModules';
import { createWikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';

const WIKI = 'https://en.wikipedia.org/w/api.php';
const ROOT = path.resolve(__dirname, '../../..');

interface Case {
  name: string;
  language: string;
  source: string;
  codes: string[];
}

const CASES: Case[] = [
  {
    name: 'TextExtracts, PageImages and WikibaseClient props with their parameters: hints only',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\n` +
      `requests.get(API, params={"action": "query", "prop": "⟦extracts⟧|⟦pageimages⟧|⟦description⟧", "exintro": 1, "explaintext": 1, "piprop": "thumbnail", "pithumbsize": 200, "titles": "Foo"})\n`,
    codes: ['extensionmodule', 'extensionmodule', 'extensionmodule'],
  },
  {
    name: 'GeoData list=geosearch (parameters not recorded: none reported) beside a real misspelling of a core module',
    language: 'javascript',
    source:
      `const api = new mw.Api();\n` +
      `api.get({ action: 'query', list: '⟦geosearch⟧|search', gscoord: '37.7|-122.4', gsradius: 10000, srsearch: 'x', ⟦srlimt⟧: 5 });\n`,
    codes: ['extensionmodule', 'unrecognizedparams'],
  },
  {
    name: 'generator=geosearch is no error: a hint, and its g-prefixed parameters stand',
    language: 'php',
    source:
      `<?php\n$api = '${WIKI}';\n` +
      `$params = ['action' => 'query', 'generator' => '⟦geosearch⟧', 'ggscoord' => '1|2', 'ggsradius' => 10, 'prop' => 'info'];\n`,
    codes: ['extensionmodule'],
  },
  {
    name: 'a misspelled parameter of a recorded module (TextExtracts) is still reported',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "prop": "⟦extracts⟧", "⟦exintor⟧": 1, "titles": "Foo"})\n`,
    codes: ['extensionmodule', 'unrecognizedparams'],
  },
  {
    name: "an extension's log type (GlobalBlocking's gblblock) and log action: hints, not badvalue errors; a misspelled core type stays an error",
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\n` +
      `requests.get(API, params={"action": "query", "list": "logevents", "letype": "⟦gblblock⟧"})\n` +
      `requests.get(API, params={"action": "query", "list": "logevents", "leaction": "⟦gblblock/gblock⟧"})\n` +
      `requests.get(API, params={"action": "query", "list": "logevents", "letype": "⟦blok⟧"})\n`,
    codes: ['extensionmodule', 'extensionmodule', 'badvalue'],
  },
  {
    name: "CentralAuth's centralauthtoken, which it adds to every request (ApiHookHandler::onAPIGetAllowedParams on ApiMain): a hint on any module; a misspelling stays a warning",
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\n` +
      `requests.post(API, data={"action": "query", "meta": "tokens", "⟦centralauthtoken⟧": "abc"})\n` +
      `requests.post(API, data={"action": "purge", "titles": "A", "⟦centralauthtoken⟧": "abc"})\n` +
      `requests.post(API, data={"action": "query", "meta": "tokens", "⟦centralauthtokn⟧": "abc"})\n`,
    codes: ['extensionmodule', 'extensionmodule', 'unrecognizedparams'],
  },
  {
    name: 'an unknown module that is no extension module of the table keeps its warning',
    language: 'python',
    source: `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "prop": "info|⟦revison⟧", "titles": "Foo"})\n`,
    codes: ['unrecognizedvalues'],
  },
];

describe('requests inside source code: extension modules with the built-in catalogue', function () {
  this.timeout(60000);
  for (const c of CASES) {
    it(`${c.language}: ${c.name}`, async () => {
      const { text, ranges } = marked(c.source);
      const expected = ranges.map(([s, e], i) => `${c.codes[i]} ${s}-${e}`).sort();
      assert.deepEqual(await diagnosticsOf(c.language, text), expected);
    });
  }

  it('says which extension adds the module, and the misspelling gets its right name', async () => {
    const source = `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "prop": "extracts", "exintor": 1, "titles": "Foo"})\n`;
    const { checked } = await checkSource('python', source);
    const diagnostics = checked.flatMap((c) => c.diagnostics);
    assert.match(String(diagnostics[0].message), /"extracts" is a prop module of the TextExtracts extension/);
    assert.equal(diagnostics[0].severity, 4);
    assert.match(String(diagnostics[1].message), /Did you mean "exintro"\?/);
    assert.equal((diagnostics[1].data as { suggestion?: string }).suggestion, 'exintro');
  });

  it('the hint follows its severity setting (off: nothing)', async () => {
    const source = `import requests\nAPI = '${WIKI}'\nrequests.get(API, params={"action": "query", "list": "geosearch", "gscoord": "1|2"})\n`;
    const { document, checked } = await checkSource('python', source);
    const query = checked[0].service === 'wiki' ? checked[0].parsed : undefined;
    assert.ok(query);
    const raw = wiki.doValidation(checked[0].service === 'wiki' ? checked[0].virtual : document, query, {});
    const catalogue = wiki.getCatalogue(query.queries[0]);
    assert.deepEqual(withExtensionModules(raw, query, catalogue, { extensionmodule: 'off' }), []);
    assert.deepEqual(
      withExtensionModules(raw, query, catalogue, { extensionmodule: 'warning' }).map((d) => [d.code, d.severity]),
      [['extensionmodule', 2]],
    );
  });

  it("a wiki's own catalogue judges for real: its verdicts are left as they are", () => {
    const recorded = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/mediawiki/recorded/mediawiki-1.45.0/catalogue.json'), 'utf8'));
    const own = createWikiCatalogue(recorded[0], { siteinfo: recorded[1], source: 'https://wiki.example/w/api.php' });
    const virtual = TextDocument.create('file:///x.wikiquery', 'wikiquery', 1, 'action=query&list=geosearch&gscoord=1|2');
    const parsed = wiki.parse(virtual);
    const raw = wiki.doValidation(virtual, parsed, {});
    assert.ok(raw.length >= 2);
    assert.equal(withExtensionModules(raw, parsed, own, {}), raw);
  });

  it('the modules recorded from a real wiki match that recording (prefix and parameters)', () => {
    for (const m of EXTENSION_MODULES.filter((x) => x.recorded)) {
      const file = /\((test\/mediawiki\/recorded\/[^)]+)\)/.exec(m.recorded!)![1];
      const paraminfo = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))[0].paraminfo;
      const found = paraminfo.modules.find((x: { name: string; group: string }) => x.name === m.name && x.group === m.group);
      assert.ok(found, `${m.name} in ${file}`);
      assert.equal(found.prefix, m.prefix);
      assert.equal(found.source, m.extension);
      assert.deepEqual(
        found.parameters.map((p: { name: string }) => p.name),
        m.params,
      );
    }
  });

  it('no module of the table is one the built-in catalogue has (the table names extensions only)', () => {
    const virtual = TextDocument.create('file:///x.wikiquery', 'wikiquery', 1, 'action=query');
    const catalogue = wiki.getCatalogue(wiki.parse(virtual).queries[0]);
    assert.equal(catalogue.source, 'built-in');
    for (const m of EXTENSION_MODULES) assert.equal(catalogue.getQueryModule(m.name), undefined, m.name);
  });
});
