/**
 * Saved catalogue files an attacker wrote (issue 25, the hostile pass), each under the 32 MB byte
 * budget, in the CLI (`check --catalogue FILE`) and in the language server over stdio (a
 * `wikimapQuery.wikis` entry naming the file): a million allowed values of one parameter, 150,000
 * parameters, a `type` nested a million deep, a help URL of 10 MB and 500,000 help URLs, a module
 * listed 100,000 times, a templated parameter of twelve variables (a trillion names) met by a
 * 3,000-character name. What is larger than any wiki's catalogue is refused with a message; the rest
 * is read, and judging, hover and completion by it stay bounded: peak memory (VmHWM from /proc), time.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-types';
import { CLI, LspClient, ROOT } from '../protocol/lspClient';
import { peakRssMb, runMeasured } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_SECONDS = 90;
const MAX_PEAK_MB = 640;
const LONG_NAME = `t${'a'.repeat(3000)}`;
const QUERY = `action=query&list=allpages&apfilterredir=all&aplimt=5\naction=compare&fromtitle=A&totitle=B&${LONG_NAME}=1\n`;

type Module = { name: string; path: string; parameters: Array<Record<string, unknown>>; [k: string]: unknown };
type Catalogue = { paraminfo: Array<{ paraminfo: { modules: Module[] } }> };

function base(): Catalogue {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'test/fixtures/catalogues/mediawiki-1.39.json'), 'utf8'));
}
const modulesOf = (c: Catalogue) => c.paraminfo[0].paraminfo.modules;
const moduleOf = (c: Catalogue, name: string) => modulesOf(c).find((m) => m.name === name)!;

interface Case {
  what: string;
  file: string;
  /** The file's text: the recorded 1.39 catalogue, changed. */
  make(): string;
  /** Refused with this message, or read (undefined). */
  refused?: RegExp;
}

const CASES: Case[] = [
  {
    what: 'a parameter with 1,100,000 allowed values',
    file: 'values.json',
    make: () => {
      const c = base();
      moduleOf(c, 'allpages').parameters[5].type = Array.from({ length: 1_100_000 }, (_, i) => `v${i}`);
      return JSON.stringify(c);
    },
    refused: /it describes more than 1000000 allowed values \(a wiki's catalogue has a few thousand\): it is not read/,
  },
  {
    what: '150,000 parameters',
    file: 'params.json',
    make: () => {
      const c = base();
      const params = moduleOf(c, 'allpages').parameters;
      for (let i = 0; i < 150_000; i++) params.push({ index: 20 + i, name: `p${i}`, type: 'string' });
      return JSON.stringify(c);
    },
    refused: /it describes more than 100000 parameters/,
  },
  {
    what: 'a type nested 1,000,000 deep',
    file: 'deep.json',
    make: () => JSON.stringify(base()).replace('["all","nonredirects","redirects"]', `${'['.repeat(1_000_000)}"x"${']'.repeat(1_000_000)}`),
    refused: /"type" lists allowed values, each must be a string, got an array/,
  },
  {
    what: 'a help URL of 10 MB and 500,000 help URLs',
    file: 'help.json',
    make: () => {
      const c = base();
      moduleOf(c, 'allpages').helpurls = [`https://evil.example/${'a'.repeat(10_000_000)}`];
      moduleOf(c, 'categorymembers').helpurls = Array.from({ length: 500_000 }, (_, i) => `https://evil.example/${i}`);
      return JSON.stringify(c);
    },
  },
  {
    what: 'a module listed 100,000 times',
    file: 'repeated.json',
    make: () => {
      const c = base();
      const m = { name: 'x', path: 'query+x', group: 'list', prefix: 'x', parameters: [{ index: 1, name: 'a', type: 'string' }] };
      for (let i = 0; i < 100_000; i++) modulesOf(c).push(m);
      return JSON.stringify(c);
    },
  },
  {
    what: 'a templated parameter of twelve variables (100 values each)',
    file: 'template.json',
    make: () => {
      const c = base();
      const compare = moduleOf(c, 'compare');
      const vars = 'abcdefghijkl'.split('');
      vars.forEach((v, i) =>
        compare.parameters.push({ index: 100 + i, name: `v${v}`, type: Array.from({ length: 100 }, (_, k) => `x${k}`), multi: '' }),
      );
      (compare.templatedparameters as unknown[]).push({
        index: 200,
        name: `t${vars.map((v) => `{${v}}`).join('')}z`,
        templatevars: Object.fromEntries(vars.map((v) => [v, `v${v}`])),
        type: 'string',
      });
      return JSON.stringify(c);
    },
  },
];

describe('hostile saved catalogue files, in the CLI and the server', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-catfiles-');
  const files = new Map<string, string>();
  const fileOf = (c: Case) => {
    if (!files.has(c.file)) {
      const file = path.join(dir(), c.file);
      fs.writeFileSync(file, c.make());
      assert.ok(fs.statSync(file).size < 32 * 1024 * 1024, 'under the 32 MB byte budget');
      files.set(c.file, file);
    }
    return files.get(c.file)!;
  };

  for (const c of CASES) {
    it(`${c.what}: check --catalogue ${c.refused ? 'refuses it (exit 2)' : 'judges by it'}, bounded`, async () => {
      const query = path.join(dir(), 'q.wikiquery');
      fs.writeFileSync(query, QUERY);
      const run = await runMeasured(process.execPath, [CLI, 'check', '--catalogue', fileOf(c), query], MAX_SECONDS);
      if (c.refused) {
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, new RegExp(`cannot use the catalogue \\S+${c.file}: .*${c.refused.source}`));
      } else {
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /:1:\d+ warning unrecognizedparams Unrecognized parameter: "aplimt"/);
        // The 3,001-character name is shown cut (wikiShownMessage.ts): its first 100 and last 20 characters.
        assert.match(run.stdout, /:2:\d+ warning unrecognizedparams Unrecognized parameter: "ta{99}…a{20}"/);
      }
      assert.ok(run.peakMb < MAX_PEAK_MB, `peak RSS ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });

    it(`${c.what}: the server ${c.refused ? 'says why it is not used' : 'judges, hovers and completes by it'}, bounded`, async () => {
      const started = Date.now();
      const client = await LspClient.start({
        initializationOptions: { diagnostics: { delay: 0 }, wikis: { saved: fileOf(c) }, wiki: { apiUrl: 'saved', liveCatalogues: 'off' } },
      });
      try {
        const uri = 'file:///hostile/q.wikiquery';
        await client.open(uri, 'wikiquery', QUERY);
        const said = await client.waitFor(
          'the catalogue used or refused',
          () => client.logs.find((l) => l.includes(c.file) && /using the catalogue|cannot load the catalogue/.test(l)),
          MAX_SECONDS * 1000,
        );
        if (c.refused) {
          assert.match(
            said,
            new RegExp(`cannot load the catalogue of \\S+${c.file}: .*${c.refused.source}.*\\. Using the built-in catalogue meanwhile\\.$`),
          );
          await client.waitFor('shown to the user', () => client.shown.find((m) => m.message === said), MAX_SECONDS * 1000);
        } else assert.match(said, /using the catalogue of \S+ \(MediaWiki 1\.39\.\d+, \d+ modules, saved catalogue file\)/);
        const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
        const hover = await client.request<Hover | null>('textDocument/hover', at(0, 20));
        assert.ok(JSON.stringify(hover).length < 10_000, 'a hover of the module, its help links bounded');
        assert.match((hover!.contents as MarkupContent).value, /`allpages` — list module/);
        const values = await client.request<CompletionList>('textDocument/completion', at(0, 41));
        assert.ok(values.items.length <= 200);
        const names = await client.request<CompletionList>('textDocument/completion', at(1, 39));
        assert.ok(names.items.length <= 200 && JSON.stringify(names).length < 2_000_000);
        await client.request('textDocument/hover', at(1, 1000));
        await client.waitFor('diagnostics', () => client.published.find((p) => p.uri === uri), MAX_SECONDS * 1000);
        assert.ok(client.alive, 'the server lives');
        const peak = peakRssMb(client.pid) ?? Infinity;
        assert.ok(peak < MAX_PEAK_MB, `peak RSS ${peak.toFixed(0)} MB`);
        assert.ok((Date.now() - started) / 1000 < MAX_SECONDS, 'time');
      } finally {
        await client.stop();
      }
    });
  }
});
