/**
 * `check DIR` on a big tree: worker threads read, prefilter and parse the source files (the costly
 * part, tree-sitter) while the main thread judges what they found, file by file in the walk's order,
 * so the output is the same as with no worker. The workers run this same bundle (cliMain.ts starts
 * `runSourceScanWorker` in them). A file a worker could not scan is done again on the main thread.
 */
import { isMainThread, parentPort, Worker, workerData } from 'worker_threads';
import type { ScannedSource } from '../cli/checkCommand';
import { readServedSource } from '../cli/embeddedSources';
import { compileGrammars, HostParsers, type CompiledGrammars } from '../embedded/hostParsers';
import { hostLanguage } from '../service/embedded/hostLanguages';
import type { FoundRequest } from '../service/embedded/requestFinder';
import { MappedText } from '../service/embedded/virtualText';
import { nodeFileIo } from './nodeFileIo';
import { createPackageFiles } from './nodeRuntime';

const ROLE = 'wikimap-query-source-scan';
/** Files handed to a worker at a time: few messages, and the work stays spread to the end. */
const BATCH = 16;
/**
 * Most files handed out beyond the one the main thread is waiting for: the answers of files scanned
 * ahead wait in memory (their texts) until the main thread takes them, so a main thread slower than
 * the workers (a big map file between the sources) does not have the whole tree read into memory.
 */
const AHEAD = 256;
/**
 * Most characters of scanned texts waiting for the main thread: AHEAD files of up to the size limit
 * each would be gigabytes. The file the main thread waits for is handed out whatever this says.
 */
const AHEAD_CHARS = 32 * 1024 * 1024;
/**
 * Longest text a worker hands back: a longer file is left to the main thread (read again when its turn
 * comes), so what is in flight is bounded too. A worker sends what it has once it holds this many.
 */
const MAX_HANDED_CHARS = 1024 * 1024;

/** The windows of a scan (tests give small ones). */
export interface ScanWindow {
  files: number;
  chars: number;
}

interface Task {
  index: number;
  file: string;
  language: string;
}

/** What a worker answers for one file: skipped, its text and requests, or failed (done again on the main thread). */
type Answer = { index: number; skip: true } | { index: number; text: string; found: FoundRequest[] } | { index: number; failed: true };

/** Whether this thread is a scan worker (then `runSourceScanWorker` is its whole job). */
export function isSourceScanWorker(): boolean {
  return !isMainThread && (workerData as { role?: string } | undefined)?.role === ROLE;
}

async function scanOne(parsers: HostParsers, task: Task, skipUpTo: number): Promise<Answer> {
  try {
    const lang = hostLanguage(task.language);
    if (!lang) return { index: task.index, failed: true };
    const text = readServedSource(
      (wanted) => nodeFileIo.readTextIf!(task.file, wanted),
      skipUpTo,
      nodeFileIo.byteSearch,
      lang.id === 'csharp',
    );
    if (text === undefined) return { index: task.index, skip: true };
    // a file over the size limit is the main thread's to report
    if (text.length > skipUpTo || text.length > MAX_HANDED_CHARS) return { index: task.index, failed: true };
    return { index: task.index, text, found: await parsers.find(text, lang) };
  } catch {
    return { index: task.index, failed: true };
  }
}

/** A scan worker: answers each batch of tasks with one message. */
export function runSourceScanWorker(): void {
  const { skipUpTo, compiled } = workerData as { skipUpTo: number; compiled?: CompiledGrammars };
  const parsers = new HostParsers(createPackageFiles(), compiled);
  let queue = Promise.resolve();
  parentPort!.on('message', (batch: Task[]) => {
    queue = queue.then(async () => {
      let answers: Answer[] = [];
      let held = 0;
      for (const task of batch) {
        const answer = await scanOne(parsers, task, skipUpTo);
        answers.push(answer);
        held += 'text' in answer ? answer.text.length : 0;
        if (held >= MAX_HANDED_CHARS) {
          parentPort!.postMessage(answers);
          answers = [];
          held = 0;
        }
      }
      parentPort!.postMessage(answers);
    });
  });
}

/** A request as it came through a message: its mapped text gets its class back. */
function revived(found: FoundRequest[]): FoundRequest[] {
  for (const r of found) Object.setPrototypeOf(r.query, MappedText.prototype);
  return found;
}

/**
 * The answers the main thread has not taken yet, with the characters of their texts (and the most there
 * ever were), and the main thread's wait for the one it asks for.
 */
class AheadAnswers {
  private readonly waiting = new Map<number, (answer: ScannedSource | undefined) => void>();
  private readonly answers = new Map<number, ScannedSource | undefined>();
  chars = 0;
  peak = 0;

  settle(index: number, answer: ScannedSource | undefined): void {
    const wake = this.waiting.get(index);
    if (wake) {
      this.waiting.delete(index);
      wake(answer);
      return;
    }
    this.answers.set(index, answer);
    this.chars += charsOf(answer);
    this.peak = Math.max(this.peak, this.chars);
  }

  /** The answer for `index` if it came; the answers before it (never asked for again) go too. */
  take(index: number): { ready: boolean; answer?: ScannedSource } {
    for (const [i, a] of this.answers) {
      if (i > index) continue;
      this.answers.delete(i);
      this.chars -= charsOf(a);
      if (i === index) return { ready: true, answer: a };
    }
    return { ready: false };
  }

  wait(index: number): Promise<ScannedSource | undefined> {
    return new Promise((resolve) => this.waiting.set(index, resolve));
  }
}

const charsOf = (a: ScannedSource | undefined) => (a && a !== 'skip' ? a.text.length : 0);

/**
 * Starts `workers` threads scanning `sources` (indexes are positions in this list); returns the
 * answer for each index (undefined: scan it on the main thread) and a function that ends the threads.
 */
export function startSourceScan(
  entry: string,
  sources: { file: string; language: string }[],
  skipUpTo: number,
  workers: number,
  window: ScanWindow = { files: AHEAD, chars: AHEAD_CHARS },
): { scanned(index: number): Promise<ScannedSource | undefined>; stop(): void; peakAheadChars(): number } {
  const ahead = new AheadAnswers();
  const settle = (index: number, answer: ScannedSource | undefined) => ahead.settle(index, answer);
  let next = 0;
  let alive = workers;
  /** The index the main thread asked for last: files are handed out up to AHEAD beyond it. */
  let asked = 0;
  /** Workers with nothing in hand because the window was full: given more when the main thread moves on. */
  const idle = new Map<Worker, Set<number>>();
  const threads: Worker[] = [];
  // compiled here once for every worker (the parse's warm-up is then shared)
  const langs = [...new Set(sources.map((s) => s.language))].flatMap((id) => hostLanguage(id) ?? []);
  const compiled = compileGrammars(createPackageFiles(), langs);
  const give = (worker: Worker, held: Set<number>) => {
    const batch: Task[] = [];
    const room = () => next <= asked || (next < asked + window.files && ahead.chars < window.chars);
    for (; next < sources.length && room() && batch.length < BATCH; next++) {
      batch.push({ index: next, ...sources[next] });
      held.add(next);
    }
    if (batch.length) worker.postMessage(batch);
    else if (held.size === 0 && next < sources.length) idle.set(worker, held);
  };
  for (let w = 0; w < workers; w++) {
    const worker = new Worker(entry, { workerData: { role: ROLE, skipUpTo, compiled } });
    const held = new Set<number>();
    worker.on('message', (batch: Answer[]) => {
      for (const a of batch) {
        held.delete(a.index);
        settle(a.index, 'skip' in a ? 'skip' : 'failed' in a ? undefined : { text: a.text, found: revived(a.found) });
      }
      // At most two batches in hand (one being scanned, one queued), as at the start.
      if (held.size <= BATCH) give(worker, held);
    });
    // A worker that dies leaves its files to the main thread.
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      idle.delete(worker);
      for (const i of held) settle(i, undefined);
      held.clear();
      // the last one gone: the files never handed out are the main thread's too
      if (--alive === 0) for (; next < sources.length; next++) settle(next, undefined);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    threads.push(worker);
    give(worker, held);
    give(worker, held);
  }
  const resume = () => {
    const resumed = [...idle];
    idle.clear();
    for (const [worker, held] of resumed) give(worker, held);
  };
  return {
    scanned: (index) => {
      if (index > asked) asked = index;
      const { ready, answer } = ahead.take(index);
      resume();
      if (ready) return Promise.resolve(answer);
      if ((alive === 0 && index >= next) || index >= sources.length) return Promise.resolve(undefined);
      return ahead.wait(index);
    },
    stop: () => {
      for (const t of threads) void t.terminate();
    },
    peakAheadChars: () => ahead.peak,
  };
}
