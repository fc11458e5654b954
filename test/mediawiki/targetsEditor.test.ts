/**
 * The editor judges one document against three targets, over stdio: the real MediaWiki 1.39 started
 * here, configured in `wikimapQuery.wikis` (its catalogue fetched by the language server), and the
 * built-in MediaWiki 1.43 and 1.45 (the core modules recorded from those real releases), named in
 * `wikimapQuery.wiki.targets`. Each diagnostic's message says which targets reject the request; per
 * target, the diagnostics naming it must give that wiki's verdicts (live for 1.39, the recordings of
 * 1.43.3 and 1.45.0 for the others), with no false alarm — as `check --target` does
 * (targetsAgreement.test.ts).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { LspClient } from '../protocol/lspClient';
import { judgeByWiki, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { itAgreesOnEachTarget, targetAgreements, type TargetNames } from './targetsRunner';
import { readCorpus, type CheckerDiagnostic } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const FILE = 'corpus-rules.txt';
const NAMES: TargetNames = ['live', 'MediaWiki 1.43', 'MediaWiki 1.45'];
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];
/** The targets a message names as rejecting: `[on A, B; accepted by C]` or `[on every target: A, B, C]`. */
function rejectingTargets(message: string): string[] {
  const m = /\[on (?:every target: )?([^;\]]*)(?:;[^\]]*)?\]$/.exec(message);
  assert.ok(m, `the message names its targets: ${message}`);
  return m[1].split(', ');
}

/** An editor diagnostic in the checker's result shape (the parameter from the diagnostic's data or the pair it starts in). */
function asResult(text: string, d: Diagnostic): CheckerDiagnostic {
  const lines = text.split('\n');
  const line = lines[d.range.start.line];
  const data = d.data as { param?: unknown } | undefined;
  let param: string | null = typeof data?.param === 'string' ? data.param : null;
  if (param === null) {
    const from = Math.max(line.lastIndexOf('&', d.range.start.character - 1), line.lastIndexOf('?', d.range.start.character - 1)) + 1;
    const eq = line.indexOf('=', from);
    param = eq > from ? line.slice(from, eq) : null;
  }
  return {
    file: 'corpus.wikiquery',
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    severity: SEVERITY[d.severity ?? 1] as CheckerDiagnostic['severity'],
    code: String(d.code),
    message: d.message as string,
    param,
  };
}

describe('the editor, three targets: MediaWiki 1.39 live (configured), built-in 1.43 and 1.45', function () {
  this.timeout(600000);
  const corpus = readCorpus(path.join(__dirname, FILE));
  const text = corpus.map((e) => `action=query&${e.query}`).join('\n\n') + '\n';
  let wiki: MediaWikiInstance | undefined;
  let client: LspClient | undefined;
  let cacheDir: string;
  let agreements = new Map<string, Agreement>();
  let published: Diagnostic[] = [];

  before(async () => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-editor-'));
    wiki = await startMediaWiki();
    const live = await judgeByWiki(corpus, wiki, await loadWikiCatalogue(wiki, loadBuiltinCatalogue(readJson)));
    client = await LspClient.start({
      initializationOptions: {
        wikis: { live: wiki.apiUrl },
        // loggedIn: the live wiki is asked logged in (the recordings' session verdicts are not compared).
        wiki: { targets: ['live', '1.43', '1.45'], loggedIn: true },
        catalogueCacheDir: cacheDir,
        diagnostics: { delay: 0 },
      },
    });
    const c = client;
    const uri = 'file:///home/user/queries/corpus.wikiquery';
    await c.open(uri, 'wikiquery', text, 1);
    // The live wiki's catalogue arrives in the background; the documents are judged again once it has.
    const after = await c.waitFor(
      'the live catalogue',
      () => (c.logs.some((l) => /^Catalogue of .* loaded/.test(l)) ? c.published.length : undefined),
      120000,
    );
    published = await c.waitFor(
      'diagnostics by the live catalogue',
      () => c.published.slice(after).find((p) => p.uri === uri)?.diagnostics,
      120000,
    );
    const results = published.map((d) => ({ result: asResult(text, d), targets: rejectingTargets(d.message as string) }));
    agreements = targetAgreements(corpus, FILE, live, NAMES, (i, name) =>
      results.filter((r) => (r.result.line - 1) / 2 === i && r.targets.includes(name)).map((r) => r.result),
    );
  });
  after(async () => {
    await client?.stop();
    await wiki?.stop();
    if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  itAgreesOnEachTarget(NAMES, FILE, 'in the editor', () => agreements);

  it('a request the targets judge differently says where it is rejected and where accepted', () => {
    const i = corpus.findIndex((e) => e.query === 'list=recentchanges&rctitle=Alpha&rcnamespace=1');
    assert.ok(i >= 0, 'the corpus line is there');
    const on = published.filter((d) => d.range.start.line / 2 === i).map((d) => [String(d.code), d.message as string]);
    assert.equal(on.length, 1, JSON.stringify(on));
    assert.equal(on[0][0], 'invalidparammix');
    assert.match(on[0][1], /\[on MediaWiki 1\.43, MediaWiki 1\.45; accepted by live\]$/);
  });
});
