/**
 * History of the last runs (default 50): what was run, where, when and how it ended, so it can be
 * re-run or its result opened again. Plain data so it can live in the extension's global state.
 * VS Code-free.
 */
import { isObject } from '../common/isObject';
import type { WikiParams } from './wiki/wikiRequest';
import { isSensitiveParam, redactUserInfo } from './redact';

export type HistoryRequest = { kind: 'wiki'; apiUrl: string; params: WikiParams } | { kind: 'map'; baseUrl: string; body: unknown };

export interface HistoryEntry {
  id: string;
  /** Epoch milliseconds. */
  time: number;
  label: string;
  request: HistoryRequest;
  /** "HTTP 200 · 10 items" or the error message. */
  outcome: string;
  ok: boolean;
  /** URI of the result document/view, while it exists in this session. */
  resultUri?: string;
}

export const HISTORY_LIMIT = 50;

export class RunHistory {
  private entries: HistoryEntry[] = [];
  private counter = 0;

  constructor(
    readonly limit = HISTORY_LIMIT,
    saved?: unknown,
  ) {
    // Entries saved by an older version may hold credentials in URLs: they are redacted on load.
    if (Array.isArray(saved))
      this.entries = saved
        .filter(isEntry)
        .slice(0, limit)
        .map((e) => redactEntry(e));
  }

  /** Newest first. */
  list(): readonly HistoryEntry[] {
    return this.entries;
  }

  get(id: string): HistoryEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Records a run; secrets in wiki parameters and credentials in URLs are never stored. Returns the entry. */
  add(entry: Omit<HistoryEntry, 'id' | 'time'> & { time?: number }): HistoryEntry {
    const time = entry.time ?? Date.now();
    const request: HistoryRequest =
      entry.request.kind === 'wiki'
        ? {
            ...entry.request,
            apiUrl: redactUserInfo(entry.request.apiUrl),
            params: entry.request.params.filter(([k]) => !isSensitiveParam(k)),
          }
        : { ...entry.request, baseUrl: redactUserInfo(entry.request.baseUrl) };
    const e: HistoryEntry = {
      ...entry,
      label: redactUserInfo(entry.label),
      outcome: redactUserInfo(entry.outcome),
      request,
      time,
      id: `${time.toString(36)}-${(this.counter++).toString(36)}`,
    };
    this.entries.unshift(e);
    if (this.entries.length > this.limit) this.entries.length = this.limit;
    return e;
  }

  setResultUri(id: string, uri: string): void {
    const e = this.get(id);
    if (e) e.resultUri = uri;
  }

  clear(): void {
    this.entries = [];
  }

  /** What to save: result URIs are per session and dropped. */
  toJSON(): HistoryEntry[] {
    return this.entries.map(({ resultUri: _drop, ...rest }) => rest);
  }
}

function redactEntry(e: HistoryEntry): HistoryEntry {
  const r = e.request;
  const request: HistoryRequest =
    r.kind === 'wiki' ? { ...r, apiUrl: redactUserInfo(String(r.apiUrl)) } : { ...r, baseUrl: redactUserInfo(String(r.baseUrl)) };
  return { ...e, label: redactUserInfo(e.label), outcome: redactUserInfo(String(e.outcome)), request };
}

function isEntry(e: unknown): e is HistoryEntry {
  if (typeof e !== 'object' || e === null) return false;
  const r = e as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    typeof r.time === 'number' &&
    typeof r.label === 'string' &&
    isObject(r.request) &&
    (r.request.kind === 'wiki' || r.request.kind === 'map')
  );
}
