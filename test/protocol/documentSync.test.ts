/**
 * Document sync as the LSP specification says, over stdio against the real server: one `didChange`
 * carrying several content changes, each computed against the text the previous one produced (as
 * Neovim and eglot batch typing). The server's copy is observed through what it answers: its
 * semantic tokens and its published diagnostics for the version must equal what the same services
 * compute in-process from the reference text the test kept.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Position } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../server/src/service/wiki/wikiLanguageService';
import { getMapLanguageService } from '../../server/src/service/map/mapLanguageService';
import { builtinCatalogue } from '../unit/wiki/helpers';
import { descriptorJson } from '../unit/map/mapTestUtil';
import { seededRandom } from '../support/seededRandom';
import type { LanguageService } from '../../server/src/service/languageTypes';
import { ensureBuilt, LspClient } from './lspClient';

const wiki = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() }) as LanguageService<unknown>;
const map = getMapLanguageService({ descriptor: descriptorJson }) as LanguageService<unknown>;

interface Change {
  range?: { start: Position; end: Position };
  text: string;
}

/** Position of a UTF-16 offset (what LSP positions count), lines split at `\n`. */
function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Moves an offset off the middle of a surrogate pair (editors never cut one in two). */
function whole(text: string, offset: number): number {
  const c = text.charCodeAt(offset);
  return offset > 0 && offset < text.length && c >= 0xdc00 && c <= 0xdfff ? offset - 1 : offset;
}

const PIECES = [
  'a',
  'p',
  '&',
  '=',
  '|',
  '5',
  '\n',
  '\n  &',
  '&aplimt=5',
  'list=allpages',
  '😀',
  'é',
  '𝔘𝔫',
  '%7C',
  '# note\n',
  ' ',
  'aplimit=max',
  '\n\n',
];

/** A random batch: each change against the text the previous one made; returns the changes and the final text. */
function randomBatch(r: () => number, text: string): { changes: Change[]; text: string } {
  const changes: Change[] = [];
  const n = 1 + Math.floor(r() * 8);
  for (let i = 0; i < n; i++) {
    if (r() < 0.03) {
      // A whole-text change inside a batch is allowed too.
      text = text.replace(/aplimt/g, 'aplimit');
      changes.push({ text });
      continue;
    }
    const at = whole(text, Math.floor(r() * (text.length + 1)));
    const kind = r();
    const remove = kind < 0.35 ? whole(text, Math.min(text.length, at + 1 + Math.floor(r() * 6))) - at : 0;
    const insert = kind < 0.2 ? '' : PIECES[Math.floor(r() * PIECES.length)];
    changes.push({ range: { start: positionAt(text, at), end: positionAt(text, at + Math.max(0, remove)) }, text: insert });
    text = text.slice(0, at) + insert + text.slice(at + Math.max(0, remove));
  }
  return { changes, text };
}

function expectedDiagnostics(
  service: LanguageService<unknown>,
  uri: string,
  languageId: string,
  version: number,
  text: string,
): Diagnostic[] {
  const document = TextDocument.create(`${uri}#reference-${version}`, languageId, version, text);
  return service.doValidation(document, service.parse(document), {});
}

function expectedTokens(service: LanguageService<unknown>, uri: string, languageId: string, version: number, text: string): number[] {
  const document = TextDocument.create(`${uri}#reference-${version}`, languageId, version, text);
  return service.getSemanticTokens(document, service.parse(document));
}

/** Diagnostics without fields that do not depend on the text (for a readable comparison). */
function seen(diagnostics: Diagnostic[]): unknown[] {
  return diagnostics.map((d) => ({ code: d.code, range: d.range, message: d.message, severity: d.severity }));
}

describe('document sync: batched content changes (LSP: applied in order)', function () {
  this.timeout(60000);
  let client: LspClient;
  before(async () => {
    ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 }, wiki: { liveCatalogues: 'off' } } });
  });
  after(() => client.stop());

  it('typing `&aplimt=5` at the end of a line as one batch of single-character inserts (Neovim) gives the typed text', async () => {
    const uri = 'file:///sync/typed.wikiquery';
    let text = 'action=query&list=allpages\naction=query&meta=siteinfo\n';
    await client.open(uri, 'wikiquery', text, 1);
    const changes: Change[] = [];
    let at = text.indexOf('\n');
    for (const ch of '&aplimt=5') {
      const p = positionAt(text, at);
      changes.push({ range: { start: p, end: p }, text: ch });
      text = text.slice(0, at) + ch + text.slice(at);
      at++;
    }
    await client.change(uri, 2, changes);
    const diagnostics = await client.diagnosticsFor(uri, 2);
    const unknown = diagnostics.find((d) => d.code === 'unrecognizedparams');
    assert.ok(unknown, `expected the unknown parameter aplimt, got ${JSON.stringify(seen(diagnostics))}`);
    assert.match(String(unknown.message), /aplimt/);
    assert.deepEqual(unknown.range, { start: { line: 0, character: 27 }, end: { line: 0, character: 33 } });
    assert.deepEqual(seen(diagnostics), seen(expectedDiagnostics(wiki, uri, 'wikiquery', 2, text)));
  });

  it('a batch that deletes then retypes across lines (eglot) gives the same text as the reference', async () => {
    const uri = 'file:///sync/eglot.wikiquery';
    let text = 'action=query\n  &list=allpages\n  &aplimit=5\n';
    await client.open(uri, 'wikiquery', text, 1);
    // Join the lines (delete the newline and indentation), then type a value at the new end.
    const joinAt = text.indexOf('\n  &list');
    const changes: Change[] = [{ range: { start: positionAt(text, joinAt), end: positionAt(text, joinAt + 3) }, text: '' }];
    text = text.slice(0, joinAt) + text.slice(joinAt + 3);
    const end = text.indexOf('aplimit=5') + 'aplimit=5'.length;
    changes.push({ range: { start: positionAt(text, end - 1), end: positionAt(text, end) }, text: '5000' });
    text = text.slice(0, end - 1) + '5000' + text.slice(end);
    await client.change(uri, 2, changes);
    assert.equal(text, 'action=query&list=allpages\n  &aplimit=5000\n');
    assert.deepEqual(seen(await client.diagnosticsFor(uri, 2)), seen(expectedDiagnostics(wiki, uri, 'wikiquery', 2, text)));
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.deepEqual(tokens.data, expectedTokens(wiki, uri, 'wikiquery', 2, text));
  });

  for (const seed of [1, 2, 3]) {
    it(`randomised batches (inserts, deletes, newlines, surrogate pairs) keep the server's text equal to the reference (seed ${seed})`, async () => {
      const r = seededRandom(seed);
      const uri = `file:///sync/random-${seed}.wikiquery`;
      let text = '# queries\naction=query&list=allpages&aplimit=50\n\naction=query&prop=info&titles=Main_Page|😀\n  &inprop=url\n';
      await client.open(uri, 'wikiquery', text, 1);
      for (let version = 2; version <= 40; version++) {
        const batch = randomBatch(r, text);
        text = batch.text;
        await client.change(uri, version, batch.changes);
        const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
        assert.deepEqual(
          tokens.data,
          expectedTokens(wiki, uri, 'wikiquery', version, text),
          `semantic tokens of version ${version} (text ${JSON.stringify(text)})`,
        );
        assert.deepEqual(
          seen(await client.diagnosticsFor(uri, version)),
          seen(expectedDiagnostics(wiki, uri, 'wikiquery', version, text)),
          `diagnostics of version ${version}`,
        );
      }
    });
  }

  it('10,000 whole-text replacements in one batch, each followed by an edit in its text, then entries that are not changes: the last replacement and the edits after it', async () => {
    const uri = 'file:///sync/replacements.wikiquery';
    await client.open(uri, 'wikiquery', 'action=query&list=allpages\n', 1);
    const changes: unknown[] = [];
    let text = '';
    for (let i = 0; i < 10_000; i++) {
      text = `# version ${i}\naction=query&list=allpages&aplimit=${i}\n`;
      changes.push({ text });
      // An edit in the replacement's own positions: aplimit → aplimt.
      const at = text.indexOf('aplimit') + 5;
      changes.push({ range: { start: positionAt(text, at), end: positionAt(text, at + 1) }, text: '' });
      text = text.slice(0, at) + text.slice(at + 1);
    }
    // Not changes (no text, a text that is not a string, a broken range): dropped, never taken for a replacement.
    changes.push({}, { text: 42 }, { range: { start: { line: 'x' } }, text: 'junk' }, null);
    await client.change(uri, 2, changes);
    const diagnostics = await client.diagnosticsFor(uri, 2);
    assert.ok(
      diagnostics.some((d) => d.code === 'unrecognizedparams' && /aplimt/.test(String(d.message))),
      JSON.stringify(seen(diagnostics)),
    );
    assert.deepEqual(seen(diagnostics), seen(expectedDiagnostics(wiki, uri, 'wikiquery', 2, text)));
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.deepEqual(tokens.data, expectedTokens(wiki, uri, 'wikiquery', 2, text));
    assert.equal(text.split('\n')[0], '# version 9999');
  });

  it('map queries: a batch of edits inside the JSON gives the reference text', async () => {
    const uri = 'file:///sync/batch.mapquery.json';
    let text = '{"pos1": {"x": 0, "y": 0, "z": 0},\n "pos2": {"x": 10, "y": 10, "z": 10},\n "type": "bones"}\n';
    await client.open(uri, 'json', text, 1);
    const changes: Change[] = [];
    // Retype the type value one character at a time, then add a field on a new line.
    const typeAt = text.indexOf('bones');
    changes.push({ range: { start: positionAt(text, typeAt), end: positionAt(text, typeAt + 5) }, text: '' });
    text = text.slice(0, typeAt) + text.slice(typeAt + 5);
    let at = typeAt;
    for (const ch of 'travelnett') {
      changes.push({ range: { start: positionAt(text, at), end: positionAt(text, at) }, text: ch });
      text = text.slice(0, at) + ch + text.slice(at);
      at++;
    }
    const close = text.lastIndexOf('}');
    changes.push({ range: { start: positionAt(text, close), end: positionAt(text, close) }, text: ',\n "limt": 5' });
    text = text.slice(0, close) + ',\n "limt": 5' + text.slice(close);
    await client.change(uri, 2, changes);
    const diagnostics = await client.diagnosticsFor(uri, 2);
    assert.deepEqual(seen(diagnostics), seen(expectedDiagnostics(map, uri, 'json', 2, text)));
    assert.ok(
      diagnostics.some((d) => d.code === 'unknowntype' && /travelnett/.test(String(d.message))),
      JSON.stringify(seen(diagnostics)),
    );
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.deepEqual(tokens.data, expectedTokens(map, uri, 'json', 2, text));
  });
});
