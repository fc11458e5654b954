import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { parseWikiDocument, reparseWikiDocument } from '../../../server/src/service/wiki/wikiQueryParser';
import { doWikiValidation } from '../../../server/src/service/wiki/wikiValidator';
import type { WikiDocument } from '../../../server/src/service/wiki/wikiTypes';
import { readRepoJson } from './helpers';
import { seededRandom } from '../../support/seededRandom';

/** The same edits on every run. */
const rng = seededRandom;

const QUERIES = [
  'action=query&list=allpages&aplimit=50&apfrom=B',
  'https://w.example/w/api.php?action=query&prop=revisions&titles=Main_Page&rvprop=content|timestamp',
  'api.php?action=query&generator=categorymembers&gcmtitle=Category:Maps&prop=info',
  'action=query\n  &list=recentchanges\n  &rclimit=5000\n  &rcshow=!bot',
  '# a comment\naction=query&meta=siteinfo&siprop=general',
  'action=query&list=allpagez&aplimt=5',
  '?action=query&list=categorymembers',
];

/** A document of `n` queries from the list above, with blank lines and comments between some. */
function document(r: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(QUERIES[Math.floor(r() * QUERIES.length)]);
    if (r() < 0.6) out.push('');
  }
  return out.join('\n') + '\n';
}

/** Typed and deleted text that changes how lines group into queries. */
const PIECES = [
  '\n',
  '\n\n',
  '&',
  '#',
  ' ',
  '?',
  '=',
  '|',
  'x',
  '5',
  'aplimit=5000',
  '&cmtitle=A',
  'https://w.example/api.php?',
  '\n&apnamespace=99',
  '\r\n',
  'list=allpages',
];

function randomEdit(r: () => number, text: string): { at: number; remove: number; insert: string } {
  const at = Math.floor(r() * (text.length + 1));
  return { at, remove: r() < 0.4 ? Math.floor(r() * 12) : 0, insert: r() < 0.8 ? PIECES[Math.floor(r() * PIECES.length)] : '' };
}

/** What a feature can read of a parse. */
function shape(doc: WikiDocument): unknown {
  return {
    queries: doc.queries.map((q) => ({
      range: q.range,
      lines: q.lines,
      apiUrl: q.apiUrl,
      urlRange: q.urlRange,
      multiLine: q.multiLine,
      index: q.index,
      params: q.params.map((p) => [p.name, p.value, p.nameRange, p.valueRange, p.hasEquals, p.overridden]),
    })),
    comments: doc.comments,
  };
}

describe('wiki documents after an edit', () => {
  it('re-parsing from the previous version gives the same queries as parsing from scratch, edit after edit', () => {
    const r = rng(11);
    for (let round = 0; round < 30; round++) {
      let text = document(r, 5 + Math.floor(r() * 40));
      let parsed = parseWikiDocument(text);
      for (let e = 0; e < 100; e++) {
        const { at, remove, insert } = randomEdit(r, text);
        text = text.slice(0, at) + insert + text.slice(Math.min(text.length, at + remove));
        parsed = reparseWikiDocument(parsed, text);
        assert.deepEqual(shape(parsed), shape(parseWikiDocument(text)), `round ${round}, edit ${e}: ${JSON.stringify(text)}`);
      }
    }
  });

  it('diagnostics after each edit are those of the whole new text checked afresh', () => {
    // Two catalogue objects: the reference run shares no cached verdict with the edited document.
    const edited = loadBuiltinCatalogue(readRepoJson);
    const fresh = loadBuiltinCatalogue(readRepoJson);
    const service = getWikiLanguageService({ resolveCatalogue: () => edited });
    const r = rng(12);
    for (let round = 0; round < 10; round++) {
      let doc = TextDocument.create(`file:///edits/${round}.wikiquery`, 'wikiquery', 1, document(r, 30));
      service.doValidation(doc, service.parse(doc));
      for (let e = 0; e < 60; e++) {
        const text = doc.getText();
        const { at, remove, insert } = randomEdit(r, text);
        const range = { start: doc.positionAt(at), end: doc.positionAt(Math.min(text.length, at + remove)) };
        doc = TextDocument.update(doc, [{ range, text: insert }], doc.version + 1);
        const afterEdit = service.doValidation(doc, service.parse(doc));
        const afresh = doWikiValidation(parseWikiDocument(doc.getText()), () => fresh, {}, doc);
        assert.deepEqual(afterEdit, afresh, `round ${round}, edit ${e}: ${JSON.stringify(doc.getText())}`);
      }
    }
  });
});
