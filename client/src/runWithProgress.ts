/**
 * What every run does around its request, for the wiki and the map runner alike: a cancellable
 * progress notification whose cancel aborts the request, a history entry for the outcome, and the
 * error shown (a cancel as a note). The runners give the request and how to show its result.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../common/errorMessage';
import type { Log } from './log';
import { RunError } from '../../run/runErrors';
import type { HistoryEntry, HistoryRequest, RunHistory } from '../../run/runHistory';

/** Where runs are recorded: shared by the runners. */
export interface RunRecorder {
  readonly history: RunHistory;
  readonly saveHistory: () => void;
  readonly log: Log;
}

export interface ProgressRun<T> {
  /** "Wiki" or "Map": the cancel note says "Wiki query cancelled.". */
  kind: 'Wiki' | 'Map';
  /** Title of the progress notification. */
  title: string;
  /** The query in one line: the history label and the log prefix of an error. */
  label: string;
  request: HistoryRequest;
  /** The run itself; `signal` aborts when the user cancels. Shows the result before it returns. */
  work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => Promise<T>;
  /** The history entry of a run that succeeded: its outcome line and the result's URI. */
  recorded: (result: T) => { outcome: string; resultUri: string };
}

/** How a run ended: the result and its history entry, or the error message. */
export type RunReport<T> = { ok: true; result: T; entry: HistoryEntry } | { ok: false; error: string };

/** Runs `run.work` with progress and cancel, then records the outcome in the history. Never throws. */
export async function runWithProgress<T>(recorder: RunRecorder, run: ProgressRun<T>): Promise<RunReport<T>> {
  let result: T;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: run.title, cancellable: true },
      async (progress, token) => {
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        try {
          return await run.work(ac.signal, progress);
        } finally {
          sub.dispose();
        }
      },
    );
  } catch (e) {
    return { ok: false, error: reportRunFailure(recorder, e, run.kind, run.label, run.request) };
  }
  const entry = recorder.history.add({ label: run.label, request: run.request, ...run.recorded(result), ok: true });
  recorder.saveHistory();
  return { ok: true, result, entry };
}

/**
 * A run that failed (or was refused before it started): logged, recorded in the history when it had
 * a request, shown. A missing endpoint offers the command that selects one. Returns the message.
 */
export function reportRunFailure(recorder: RunRecorder, e: unknown, kind: 'Wiki' | 'Map', label: string, request?: HistoryRequest): string {
  const message = errorMessage(e);
  recorder.log.error(`${label}: ${message}`);
  if (request) {
    recorder.history.add({ label, request, outcome: message, ok: false });
    recorder.saveHistory();
  }
  if (e instanceof RunError && e.kind === 'cancelled') void vscode.window.showInformationMessage(`${kind} query cancelled.`);
  else if (kind === 'Wiki' && e instanceof RunError && e.kind === 'badUrl' && /no wiki is selected/.test(message)) {
    void vscode.window
      .showErrorMessage(message, 'Select Wiki…')
      .then((pick) => pick && vscode.commands.executeCommand('wikimapQuery.wiki.selectEndpoint'));
  } else void vscode.window.showErrorMessage(message);
  return message;
}
