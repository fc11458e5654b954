/**
 * What the huge-document suites share: the bounds, the message that says what is off, and the requests
 * an editor sends on its own for a document it opens.
 */
import { strict as assert } from 'node:assert';
import type { LspClient } from '../protocol/lspClient';

export const MAX_PEAK_MB = 1024;
export const MAX_SECONDS = 90;
export const TOLD =
  /is larger than [\d.]+ MB: it is not checked, folding, outline, links, inlay hints, the ▶ Run lenses and formatting are off/;

export function repeatTo(size: number, unit: string, head = '', tail = ''): string {
  return head + unit.repeat(Math.ceil((size - head.length - tail.length) / unit.length)) + tail;
}

/** The requests an editor sends for a document it opens, and Format Document. */
export function editorRequests(client: LspClient, uri: string): Array<Promise<unknown>> {
  const doc = { textDocument: { uri } };
  const whole = { start: { line: 0, character: 0 }, end: { line: 1_000_000, character: 0 } };
  const view = { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } };
  // The server has no code lenses of its own (the ▶ Run lenses are the extension's, from
  // wikimapQuery/runnableQueries): "method not found" is its answer.
  const codeLens = client.request('textDocument/codeLens', doc).catch((err: { code?: number }) => {
    assert.equal(err.code, -32601, String(err));
    return null;
  });
  return [
    client.request('textDocument/semanticTokens/full', doc),
    client.request('textDocument/semanticTokens/range', { ...doc, range: view }),
    client.request('textDocument/foldingRange', doc),
    client.request('textDocument/documentSymbol', doc),
    codeLens,
    client.request('textDocument/inlayHint', { ...doc, range: whole }),
    client.request('textDocument/documentLink', doc),
    client.request('wikimapQuery/runnableQueries', { uri }),
    client.request('textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } }),
  ];
}

/** The answers to editorRequests over the budget: empty, except the semantic tokens (the first two). */
export function assertEmptyOverBudget(answers: unknown[]): void {
  for (const [i, answer] of answers.entries()) {
    const empty = answer === null || (Array.isArray(answer) && answer.length === 0);
    const noTokens = !!answer && Array.isArray((answer as { data?: unknown[] }).data) && (answer as { data: unknown[] }).data.length === 0;
    assert.ok(empty || noTokens || i <= 1, `answer ${i} is empty over the budget: ${JSON.stringify(answer).slice(0, 200)}`);
  }
}
