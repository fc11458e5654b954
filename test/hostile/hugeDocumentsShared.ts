/**
 * What the hostile document suites share: the bounds and their checks (peak RSS, time, no crash text), the
 * message that says what is off, the requests an editor sends on its own for a document it opens, and
 * the per-case set-up (a folder for the CLI's files, a server per case).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured, type MeasuredRun } from './hostileServer';

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

/** A folder of the suite's own for the files the CLI reads (made before its cases, removed after); the CLI is built first. */
export function suiteFolder(prefix: string): () => string {
  let dir = '';
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

/** `wikimap-query check FILE` on `content` written to `dir`, measured; the file is removed afterwards. */
export async function checkMeasured(dir: string, file: string, content: string | Buffer): Promise<MeasuredRun> {
  const target = path.join(dir, file);
  fs.writeFileSync(target, content);
  try {
    return await runMeasured(process.execPath, [CLI, 'check', target], MAX_SECONDS * 2);
  } finally {
    fs.rmSync(target);
  }
}

/** A CLI run within the bounds: peak RSS under `maxPeakMb`, time under MAX_SECONDS. */
export function assertRunBounded(run: MeasuredRun, maxPeakMb = MAX_PEAK_MB): void {
  assert.ok(run.peakMb < maxPeakMb, `peak RSS ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

/** A fresh language server over stdio for `fn`, stopped afterwards whatever happens. */
export async function withServer(fn: (client: LspClient) => Promise<void>): Promise<void> {
  const client = await LspClient.start();
  try {
    await fn(client);
  } finally {
    await client.stop();
  }
}

/** The server lives, its peak RSS is under `maxPeakMb` and `started` is less than MAX_SECONDS ago; no crash text in its output. */
export function assertServerBounded(client: LspClient, started: number, maxPeakMb = MAX_PEAK_MB): void {
  const seconds = (Date.now() - started) / 1000;
  assert.ok(client.alive, 'the server lives');
  const peak = peakRssMb(client.pid) ?? Infinity;
  assert.ok(peak < maxPeakMb, `peak RSS ${peak.toFixed(0)} MB`);
  assert.ok(seconds < MAX_SECONDS, `${seconds} s`);
  const everything = [...client.logs, ...client.stderr].join('\n');
  assert.doesNotMatch(everything, /Invalid string length|heap out of memory|invalid size|RangeError|memory access out of bounds/i);
}

/** The user was told once that the document is over the budget, and nothing logged or shown says a request failed. */
export function assertToldOnce(client: LspClient): void {
  const told = client.shown.filter((m) => TOLD.test(m.message));
  assert.equal(told.length, 1, `told once: ${JSON.stringify(client.shown.map((m) => m.message))}`);
  assert.doesNotMatch([...client.logs, ...client.stderr, ...client.shown.map((m) => m.message)].join('\n'), /failed/i);
}
