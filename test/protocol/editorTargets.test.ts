/**
 * Target wikis in the editor, over stdio: `wikimapQuery.wiki.targets` and a `# targets: …` line judge
 * every wiki request against each target (the built-in MediaWiki versions here; a live wiki in
 * test/mediawiki/targetsEditor.test.ts). Diagnostics name the targets that reject and accept, with the
 * worst severity; hover shows the facts of each group of targets where they differ; completion offers
 * what every target accepts first. The editor and `wikimap-query check --target` agree (one code path).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CompletionItem, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { CLI, cursor, ensureBuilt, LspClient, ROOT, textOf, type ClientOptions } from './lspClient';
import { pathToFileURL } from 'node:url';
import { startFakeWiki } from '../unit/catalogue-store/fakeWiki';
import { THREE_VERSIONS_DOCUMENT } from '../support/targetsDocument';

const DOCUMENT = THREE_VERSIONS_DOCUMENT;

async function withServer<T>(
  options: { settings?: Record<string, unknown>; trusted?: boolean; client?: Omit<ClientOptions, 'initializationOptions'> },
  work: (c: LspClient) => Promise<T>,
): Promise<T> {
  const client = await LspClient.start({
    ...options.client,
    initializationOptions: {
      diagnostics: { delay: 0 },
      wiki: { liveCatalogues: 'off' },
      ...options.settings,
      ...(options.trusted === false ? { workspaceTrusted: false } : {}),
    },
  });
  try {
    return await work(client);
  } finally {
    await client.stop();
  }
}

async function diagnosticsOf(c: LspClient, text: string, name = 'targets.wikiquery'): Promise<Diagnostic[]> {
  const uri = `file:///home/user/queries/${name}`;
  await c.open(uri, 'wikiquery', text, 1);
  return c.diagnosticsFor(uri, 1);
}

/** A diagnostic's message (the server sends plain strings). */
const msg = (d: Diagnostic) => d.message as string;
const brief = (ds: Diagnostic[], text: string) => ds.map((d) => `${d.range.start.line}:${String(d.code)}:${textOf(text, d.range)}`);

describe('target wikis in the editor (LSP over stdio)', function () {
  this.timeout(60000);
  before(() => ensureBuilt());

  it('wiki.targets: each problem once, naming the targets that reject and accept, with the worst severity', async () => {
    const ds = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39', '1.43', '1.45'] } } }, (c) =>
      diagnosticsOf(c, DOCUMENT),
    );
    assert.deepEqual(brief(ds, DOCUMENT), [
      '0:unrecognizedparams:rnminsize',
      '1:unrecognizedparams:auexcludetemp',
      '3:missingparam:search',
    ]);
    assert.match(msg(ds[0]), /rnminsize.* \[on MediaWiki 1\.39, MediaWiki 1\.43; accepted by MediaWiki 1\.45\]$/);
    assert.match(msg(ds[1]), / \[on MediaWiki 1\.39; accepted by MediaWiki 1\.43, MediaWiki 1\.45\]$/);
    assert.match(msg(ds[2]), / \[on every target: MediaWiki 1\.39, MediaWiki 1\.43, MediaWiki 1\.45\]$/);
    assert.equal(ds[2].severity, 1, 'missingparam is an error');
  });

  it('the editor and check --target give the same problems and targets', async () => {
    const ds = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39', '1.43', '1.45'] } } }, (c) =>
      diagnosticsOf(c, DOCUMENT),
    );
    const run = spawnSync(
      process.execPath,
      [CLI, 'check', '--format', 'json', '--target', '1.39', '--target', '1.43', '--target', '1.45', '-'],
      {
        cwd: ROOT,
        input: DOCUMENT,
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 1, run.stderr);
    const fromCli = (JSON.parse(run.stdout) as CheckResult[]).map(
      (r) => `${r.line - 1}:${r.column - 1}:${r.code}:${r.severity}:${r.targets!.join('+')}`,
    );
    const level = ['', 'error', 'warning', 'information', 'hint'];
    const fromEditor = ds.map((d) => {
      const on = /\[on (?:every target: )?([^;\]]*)/.exec(msg(d))![1].split(', ');
      return `${d.range.start.line}:${d.range.start.character}:${String(d.code)}:${level[d.severity!]}:${on.join('+')}`;
    });
    assert.deepEqual(fromEditor, fromCli);
  });

  const LINE_CASES: Array<{ name: string; header: string; expected: string[]; problems: string[] }> = [
    {
      name: 'a # targets: line overrides the setting',
      header: '# targets: 1.39, 1.45',
      expected: [
        'unrecognizedparams:rnminsize:MediaWiki 1.39',
        'unrecognizedparams:auexcludetemp:MediaWiki 1.39',
        'missingparam:search:MediaWiki 1.39, MediaWiki 1.45',
      ],
      problems: [],
    },
    {
      name: 'a URL on the line is refused, the other names still judge',
      header: '# A comment first\n# targets: https://en.wikipedia.org/w/api.php, 1.43',
      expected: ['unrecognizedparams:rnminsize:MediaWiki 1.43', 'missingparam:search:MediaWiki 1.43'],
      problems: ['unknowntarget:https://en.wikipedia.org/w/api.php:not a target name'],
    },
    {
      name: 'an unknown name and a path are refused',
      header: '# targets: enwiki, ./saved.json, 1.45',
      expected: ['missingparam:search:MediaWiki 1.45'],
      problems: ['unknowntarget:enwiki:Unknown target "enwiki"', 'unknowntarget:./saved.json:not a target name'],
    },
  ];
  for (const c of LINE_CASES) {
    it(c.name, async () => {
      const text = `${c.header}\n${DOCUMENT}`;
      const ds = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.43'] } } }, (client) =>
        diagnosticsOf(client, text),
      );
      const problems = ds.filter((d) => d.code === 'unknowntarget');
      const judged = ds.filter((d) => d.code !== 'unknowntarget');
      assert.deepEqual(
        judged.map((d) => `${String(d.code)}:${textOf(text, d.range)}:${/\[on (?:every target: )?([^;\]]*)/.exec(msg(d))?.[1]}`),
        c.expected,
      );
      assert.deepEqual(
        problems.map((d) => `${String(d.code)}:${textOf(text, d.range)}`),
        c.problems.map((p) => p.split(':').slice(0, -1).join(':')),
      );
      problems.forEach((d, i) => {
        assert.ok(msg(d).includes(c.problems[i].split(':').at(-1)!), msg(d));
        assert.match(msg(d), /wikimapQuery\.wikis .*\(1\.39, 1\.43, 1\.45\)/);
      });
    });
  }

  it('a # targets: line of 100,000 names: the first 20 are read, the rest marked once (toomanytargets)', async () => {
    const names = ['1.39', '1.45', ...Array.from({ length: 99_998 }, (_, i) => `wiki${i}`)];
    const text = `# targets: ${names.join(', ')}\n${DOCUMENT}`;
    const ds = await withServer({}, (c) => diagnosticsOf(c, text));
    const cut = ds.filter((d) => d.code === 'toomanytargets');
    assert.equal(cut.length, 1, JSON.stringify(cut));
    assert.match(msg(cut[0]), /^100000 targets are named; at most 20 are read, the first 20: the rest are left out\.$/);
    assert.ok(textOf(text, cut[0].range).startsWith('wiki18, wiki19, '), textOf(text, cut[0].range).slice(0, 40));
    assert.ok(textOf(text, cut[0].range).endsWith('wiki99997'));
    assert.equal(ds.filter((d) => d.code === 'unknowntarget').length, 18, 'only the names read are judged as names');
    assert.ok(
      ds.some((d) => /\[on MediaWiki 1\.39; accepted by MediaWiki 1\.45\]/.test(msg(d))),
      'the first names still judge',
    );
  });

  it('wiki.targets of 100,000 names: the first 20 are read, the cut logged once', async () => {
    const targets = ['1.39', '1.45', ...Array.from({ length: 99_998 }, (_, i) => `wiki${i}`)];
    const logs = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets } } }, async (c) => {
      const ds = await diagnosticsOf(c, DOCUMENT);
      assert.ok(
        ds.some((d) => /\[on MediaWiki 1\.39; accepted by MediaWiki 1\.45\]/.test(msg(d))),
        'the first names still judge',
      );
      await diagnosticsOf(c, DOCUMENT, 'second.wikiquery');
      return c.logs.filter((l) => l.includes('wikimapQuery.wiki.targets'));
    });
    // The settings are read with their bound (1,000 entries, common/settings.ts), then the first 20 of those are targets.
    const said = (text: string) => logs.filter((l) => l.includes(text)).length;
    assert.equal(said('wiki.targets has 100,000 entries; only the first 1,000 are read'), 1, logs.join('\n').slice(0, 500));
    assert.equal(said('1000 targets are named; at most 20 are read'), 1, logs.join('\n').slice(0, 500));
    assert.equal(logs.length, 20, `18 unknown names and the two cuts: ${logs.length} lines`);
  });

  it('untrusted workspace: targets are ignored, and the # targets: line says so', async () => {
    const text = `# targets: 1.39\n${DOCUMENT}`;
    const ds = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39'] } }, trusted: false }, (c) =>
      diagnosticsOf(c, text),
    );
    const note = ds.find((d) => d.code === 'targetsignored');
    assert.ok(note, JSON.stringify(ds));
    assert.equal(textOf(text, note.range), '# targets: 1.39');
    assert.ok(
      ds.every((d) => !msg(d).includes('[on ')),
      'judged by the seed catalogue as without targets',
    );
  });

  it('hover shows the facts of each group of targets where they differ, once where they agree', async () => {
    await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39', '1.43', '1.45'] } } }, async (c) => {
      const uri = 'file:///home/user/queries/hover.wikiquery';
      await c.open(uri, 'wikiquery', DOCUMENT, 1);
      const at = (line: number, character: number) =>
        c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
      const differ = ((await at(0, 'action=query&list=random&rnmi'.length))!.contents as MarkupContent).value;
      assert.match(differ, /^\*\*MediaWiki 1\.39, MediaWiki 1\.43:\*\*/);
      assert.match(differ, /\n---\n\n\*\*MediaWiki 1\.45:\*\*\n\n/);
      const same = ((await at(2, 'action=query&list=allp'.length))!.contents as MarkupContent).value;
      assert.doesNotMatch(same, /\*\*MediaWiki 1\.\d+/, 'allpages is the same on every target: one answer');
    });
  });

  it('completion offers what every target accepts first and marks the rest with the targets that have it', async () => {
    await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39', '1.43', '1.45'] } } }, async (c) => {
      const { text, position } = cursor('action=query&list=random&rn|\n');
      const uri = 'file:///home/user/queries/complete.wikiquery';
      await c.open(uri, 'wikiquery', text, 1);
      const list = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      const byLabel = new Map<string, CompletionItem>(list.items.map((i) => [i.label, i]));
      const minsize = byLabel.get('rnminsize');
      const limit = byLabel.get('rnlimit');
      assert.ok(minsize && limit, list.items.map((i) => i.label).join(', '));
      assert.equal(minsize.labelDetails?.description, 'only on MediaWiki 1.45');
      assert.equal(limit.labelDetails?.description, undefined);
      const order = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
      assert.ok(order.indexOf('rnlimit') < order.indexOf('rnminsize'), order.join(', '));
      for (const i of list.items) {
        if (!i.labelDetails?.description?.startsWith('only on')) continue;
        assert.ok(order.indexOf(i.label) > order.indexOf('rnlimit'), `${i.label} is after what every target has`);
      }
    });
  });

  it('source files: the requests in a Python dict are judged by each target; hover groups the targets', async () => {
    const py = [
      'import requests',
      'API = "https://en.wikipedia.org/w/api.php"',
      'params = {"action": "query", "list": "random", "rnminsize": 100, "format": "json"}',
      'requests.get(API, params=params)',
      '',
    ].join('\n');
    await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.39', '1.45'] } } }, async (c) => {
      const uri = 'file:///home/user/bot/random.py';
      await c.open(uri, 'python', py, 1);
      const ds = await c.diagnosticsFor(uri, 1);
      assert.deepEqual(brief(ds, py), ['2:unrecognizedparams:rnminsize']);
      assert.match(msg(ds[0]), / \[on MediaWiki 1\.39; accepted by MediaWiki 1\.45\]$/);
      const hover = await c.request<Hover | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 2, character: py.split('\n')[2].indexOf('rnminsize') + 3 },
      });
      const value = (hover!.contents as MarkupContent).value;
      assert.match(value, /^\*\*MediaWiki 1\.39:\*\*/);
      assert.match(value, /\*\*MediaWiki 1\.45:\*\*\n\n/);
    });
  });

  const SOURCE_LINE_CASES: Array<{ uri: string; languageId: string; text: string[]; expected: string[] }> = [
    {
      uri: 'file:///home/user/bot/random.py',
      languageId: 'python',
      text: [
        '#!/usr/bin/env python3',
        '# targets: 1.39, 1.45',
        'import requests',
        'params = {"action": "query", "list": "random", "rnminsize": 100, "format": "json"}',
        'requests.get("https://en.wikipedia.org/w/api.php", params=params)',
      ],
      expected: ['3:unrecognizedparams:rnminsize:[on MediaWiki 1.39; accepted by MediaWiki 1.45]'],
    },
    {
      uri: 'file:///home/user/gadget/random.js',
      languageId: 'javascript',
      text: [
        '// A gadget',
        '// targets: 1.45, enwiki',
        "fetch('https://en.wikipedia.org/w/api.php?action=query&list=random&rnminsize=1');",
      ],
      expected: ['1:unknowntarget:enwiki:'],
    },
    {
      uri: 'file:///home/user/gadget/old.js',
      languageId: 'javascript',
      text: ['// targets: 1.39', "fetch('https://en.wikipedia.org/w/api.php?action=query&list=allusers&auexcludetemp=1');"],
      expected: ['1:unrecognizedparams:auexcludetemp:[on every target: MediaWiki 1.39]'],
    },
  ];
  for (const c of SOURCE_LINE_CASES) {
    it(`source files: a targets line in the host language's comments (${c.uri.split('/').pop()})`, async () => {
      const text = `${c.text.join('\n')}\n`;
      const ds = await withServer({ settings: { wiki: { liveCatalogues: 'off', targets: ['1.43'] } } }, async (client) => {
        await client.open(c.uri, c.languageId, text, 1);
        return client.diagnosticsFor(c.uri, 1);
      });
      assert.deepEqual(
        ds.map((d) => `${d.range.start.line}:${String(d.code)}:${textOf(text, d.range)}:${/\[on [^\]]*\]/.exec(msg(d))?.[0] ?? ''}`),
        c.expected,
      );
    });
  }

  it('completion on the # targets: line offers the configured wikis and the built-in versions not yet named', async () => {
    const settings = { wikis: { commons: 'https://commons.wikimedia.org/w/api.php' }, wiki: { liveCatalogues: 'off' } };
    await withServer({ settings }, async (c) => {
      for (const [withCursor, labels, replaced] of [
        ['# targets: 1.39, |\naction=query&list=random\n', ['commons', '1.43', '1.45'], ''],
        ['# targets: co|\naction=query&list=random\n', ['commons', '1.39', '1.43', '1.45'], 'co'],
      ] as const) {
        const { text, position } = cursor(withCursor);
        const uri = `file:///home/user/queries/line-${labels.length}.wikiquery`;
        await c.open(uri, 'wikiquery', text, 1);
        const list = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
        assert.deepEqual(
          list.items.map((i) => i.label),
          labels,
        );
        const edit = list.items[0].textEdit as { range: import('vscode-languageserver-types').Range; newText: string };
        assert.equal(textOf(text, edit.range), replaced);
      }
    });
  });

  it('a configured wiki judged by the built-in catalogue until its own loads says so, and is judged again when it arrives', async () => {
    const wiki = await startFakeWiki({ withoutModules: ['random'] });
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-pending-'));
    const text = 'action=query&list=search\naction=query&list=random\n';
    try {
      const settings = { wikis: { intranet: wiki.apiUrl }, wiki: { targets: ['intranet', '1.45'] }, catalogueCacheDir: cacheDir };
      await withServer({ settings }, async (c) => {
        const uri = 'file:///home/user/queries/pending.wikiquery';
        await c.open(uri, 'wikiquery', text, 1);
        const first = await c.diagnosticsFor(uri, 1);
        assert.deepEqual(
          first.map((d) => `${d.range.start.line}:${String(d.code)}:${/\[on [^\]]*\]/.exec(msg(d))?.[0]}`),
          ['0:missingparam:[on every target: intranet (built-in catalogue until its own loads), MediaWiki 1.45]'],
        );
        // Its own catalogue (without list=random) arrives in the background: the document is judged again.
        const judged = await c.waitFor('diagnostics by the wiki’s own catalogue', () => {
          const last = c.published.filter((p) => p.uri === uri).at(-1)!.diagnostics;
          return last.some((d) => /\[on intranet;/.test(msg(d))) ? last : undefined;
        });
        assert.deepEqual(
          judged.map((d) => `${d.range.start.line}:${String(d.code)}:${/\[on [^\]]*\]/.exec(msg(d))?.[0]}`),
          ['0:missingparam:[on every target: intranet, MediaWiki 1.45]', '1:unrecognizedvalues:[on intranet; accepted by MediaWiki 1.45]'],
        );
      });
      // A wiki that is not fetched (liveCatalogues off) says that the built-in catalogue stands in for it.
      const off = { ...settings, wiki: { targets: ['intranet'], liveCatalogues: 'off' } };
      const ds = await withServer({ settings: off }, (c) => diagnosticsOf(c, text, 'off.wikiquery'));
      assert.match(msg(ds[0]), /\[on every target: intranet \(built-in catalogue: its own is not fetched\)\]$/);
    } finally {
      await wiki.close();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  /** The `[on …]` note of each diagnostic, by line and code. */
  const notes = (ds: Diagnostic[]) => ds.map((d) => `${d.range.start.line}:${String(d.code)}:${/\[on [^\]]*\]/.exec(msg(d))?.[0]}`);
  /** The diagnostics last published for `uri` once `done` holds for them (no edit in between). */
  const settled = (c: LspClient, uri: string, what: string, done: (ds: Diagnostic[]) => boolean) =>
    c.waitFor(what, () => {
      const last = c.published.filter((p) => p.uri === uri).at(-1)?.diagnostics;
      return last && done(last) ? last : undefined;
    });

  it('a wikimapQuery.wikis entry that is a saved catalogue file (workspace-relative) is a target, read again when the file changes', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-saved-target-'));
    const file = path.join(root, 'catalogues', 'intranet.json');
    fs.mkdirSync(path.dirname(file));
    fs.copyFileSync(path.join(ROOT, 'test/fixtures/catalogues/mediawiki-1.39.json'), file);
    const settings = { wikis: { intranet: 'catalogues/intranet.json' }, wiki: { targets: ['intranet', '1.45'], liveCatalogues: 'off' } };
    const capabilities = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } } };
    try {
      await withServer({ settings, client: { rootUri: pathToFileURL(root).href, capabilities } }, async (c) => {
        const uri = pathToFileURL(path.join(root, 'targets.wikiquery')).href;
        await c.open(uri, 'wikiquery', DOCUMENT, 1);
        // Read in the background (never fetched, although live catalogues are off): the saved 1.39 judges.
        const judged = await settled(c, uri, 'diagnostics by the saved file', (ds) => ds.some((d) => /\[on intranet;/.test(msg(d))));
        assert.deepEqual(notes(judged), [
          '0:unrecognizedparams:[on intranet; accepted by MediaWiki 1.45]',
          '1:unrecognizedparams:[on intranet; accepted by MediaWiki 1.45]',
          '3:missingparam:[on every target: intranet, MediaWiki 1.45]',
        ]);
        const watch = await c.waitFor('the saved file watched', () =>
          c.registrations.find(
            (r) => r.method === 'workspace/didChangeWatchedFiles' && JSON.stringify(r.registerOptions).includes('intranet.json'),
          ),
        );
        assert.deepEqual(watch.registerOptions, {
          watchers: [{ globPattern: { baseUri: pathToFileURL(path.dirname(file)).href, pattern: 'intranet.json' } }],
        });
        // The wiki is upgraded: the file is saved again from 1.45; the document is judged by it without an edit.
        fs.copyFileSync(path.join(ROOT, 'test/fixtures/catalogues/mediawiki-1.45.0.json'), file);
        await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type: 2 }] });
        const upgraded = await settled(c, uri, 'diagnostics by the new file', (ds) => ds.length === 1);
        assert.deepEqual(notes(upgraded), ['3:missingparam:[on every target: intranet, MediaWiki 1.45]']);
        const logs = c.logs.join('\n');
        assert.match(logs, /using the catalogue of .*intranet\.json \(MediaWiki 1\.45\.0, \d+ modules, saved catalogue file\)/);
      });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a target whose catalogue cannot be had says so at once after the failed load, without an edit (a wiki, a file)', async () => {
    const wiki = await startFakeWiki({ failWith: { status: 500, body: 'down' } });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-failed-target-'));
    const cacheDir = path.join(root, 'cache');
    const settings = {
      wikis: { down: wiki.apiUrl, gone: path.join(root, 'missing.json') },
      wiki: { targets: ['down', 'gone'] },
      catalogueCacheDir: cacheDir,
    };
    try {
      await withServer({ settings }, async (c) => {
        const uri = 'file:///home/user/queries/failed.wikiquery';
        await c.open(uri, 'wikiquery', 'action=query&list=search\n', 1);
        const first = await c.diagnosticsFor(uri, 1);
        assert.match(msg(first[0]), /down \(built-in catalogue until its own loads\)/, 'judged before the wiki answered');
        const failed = await settled(
          c,
          uri,
          'both notes say could not be loaded',
          (ds) => (msg(ds[0]).match(/could not be loaded/g) ?? []).length === 2,
        );
        assert.deepEqual(notes(failed), [
          '0:missingparam:[on every target: down (built-in catalogue: its own could not be loaded), gone (built-in catalogue: its own could not be loaded)]',
        ]);
        assert.match(c.logs.join('\n'), /missing\.json: no such file/);
      });
      // Untrusted: the file entry is not read, and the log says why.
      await withServer({ settings: { wikis: { gone: 'catalogues/x.json' } }, trusted: false }, async (c) => {
        await diagnosticsOf(c, 'action=query&list=search\n', 'untrusted.wikiquery');
        await c.waitFor('the untrusted note', () => c.logs.find((l) => /x\.json.*not read in a workspace you do not trust/.test(l)));
      });
    } finally {
      await wiki.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('without targets nothing changes: no note in messages', async () => {
    const ds = await withServer({}, (c) => diagnosticsOf(c, DOCUMENT));
    assert.ok(ds.length > 0);
    assert.ok(ds.every((d) => !msg(d).includes('[on ')));
  });

  it('the target code is read only for the first document with targets (a chunk of its own, server.editorTargets.js)', async () => {
    // The bundle files the server reads, watched from a preload: the chunk is read once, when first required (with the
    // code cache or by Node's own loader, both read it with fs.readFileSync).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-chunk-'));
    const preload = path.join(dir, 'watch.js');
    fs.writeFileSync(
      preload,
      [
        "const fs = require('fs');",
        'const read = fs.readFileSync;',
        'fs.readFileSync = function (file, ...rest) {',
        "  if (typeof file === 'string' && /editorTargets\\.js$/.test(file)) process.stderr.write('required ' + require('path').basename(file) + '\\n');",
        '  return read.call(this, file, ...rest);',
        '};',
      ].join('\n'),
    );
    const launch = (command: string, args: string[]): [string, string[]] => [command, ['--require', preload, ...args]];
    const required = (c: LspClient) => c.stderr.join('').match(/required \S+/g) ?? [];
    try {
      await withServer({ client: { launch } }, async (c) => {
        await diagnosticsOf(c, 'action=query&list=search&srsearch=x\n', 'plain.wikiquery');
        await c.connection.sendRequest('textDocument/completion', {
          textDocument: { uri: 'file:///home/user/queries/plain.wikiquery' },
          position: { line: 0, character: 3 },
        });
        assert.deepEqual(required(c), [], 'a document without targets');
        const ds = await diagnosticsOf(c, `# targets: 1.39, 1.45\n${DOCUMENT}`, 'targeted.wikiquery');
        assert.ok(
          ds.some((d) => msg(d).includes('[on ')),
          'judged by the targets',
        );
        await c.waitFor('the chunk required', () => required(c).length > 0 || undefined);
        assert.deepEqual(required(c), ['required server.editorTargets.js'], 'once, for the first document with targets');
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
