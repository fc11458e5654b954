/**
 * Running map-object queries: POST to `{base}/api/mapobjects/` with progress and cancel, results
 * in the map results webview, history entries.
 */
import * as vscode from 'vscode';
import { runMapQuery, type MapRunResult } from '../../../run/map/mapRun';
import { mapSummaryLine } from '../../../run/map/mapExport';
import { makeUserAgent } from '../../../run/httpClient';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { getConfiguredEndpoints, getCurrentEndpoint, getRunSettings, untrustedRunMessage } from '../settings';
import { addressPolicyFor } from '../../../run/address';
import type { MapResultsPanel } from './mapResultsPanel';
import { runWithProgress, type RunRecorder } from '../runWithProgress';

export interface MapRunOutcome {
  count: number;
  summary: string;
  url: string;
}

/** Map results kept in memory for "open result" from the history (the newest ones). */
const MAX_KEPT_RESULTS = 20;

export class MapRunner {
  lastError: string | undefined;
  private readonly kept = new Map<string, MapRunResult>();

  constructor(
    private readonly panel: MapResultsPanel,
    private readonly recorder: RunRecorder,
    private readonly version: string,
  ) {}

  describe(body: unknown): string {
    if (typeof body !== 'object' || body === null) return 'map query';
    const b = body as Record<string, unknown>;
    // As the server reads the corners: omitted or null is ±2048 (web/mapobjects.go), a missing coordinate 0.
    const axis = (v: unknown) => (v === undefined || v === null ? 0 : v);
    const corner = (p: unknown, fallback: number) => {
      if (p === undefined || p === null) return `${fallback},${fallback},${fallback}`;
      if (typeof p !== 'object') return '?';
      const c = p as Record<string, unknown>;
      return `${axis(c.x)},${axis(c.y)},${axis(c.z)}`;
    };
    return `${typeof b.type === 'string' ? b.type : '?'} in ${corner(b.pos1, -2048)} … ${corner(b.pos2, 2048)}`;
  }

  /** The result of a history entry, while it is kept. */
  resultOf(historyId: string): MapRunResult | undefined {
    return this.kept.get(historyId);
  }

  /** Shows a kept result again. */
  reopen(historyId: string): MapRunOutcome | undefined {
    const r = this.kept.get(historyId);
    if (!r) return undefined;
    this.panel.show(r);
    return { count: r.objects.length, summary: mapSummaryLine(r), url: r.displayUrl };
  }

  async run(body: unknown, baseUrl?: string): Promise<MapRunOutcome | undefined> {
    const label = this.describe(body);
    const untrusted = untrustedRunMessage();
    if (untrusted) {
      this.lastError = untrusted;
      void vscode.window.showErrorMessage(untrusted);
      return undefined;
    }
    const base = baseUrl ?? getCurrentEndpoint('map').url;
    if (!base) {
      const message = 'No map server is selected. Set wikimapQuery.mapserver.url (or pick one with "Map Query: Select Map Server…").';
      this.lastError = message;
      void vscode.window
        .showErrorMessage(message, 'Select Map Server…')
        .then((pick) => pick && vscode.commands.executeCommand('wikimapQuery.map.selectEndpoint'));
      return undefined;
    }
    const s = getRunSettings();
    const report = await runWithProgress(this.recorder, {
      kind: 'Map',
      title: `Running map query: ${label}`,
      label,
      request: { kind: 'map', baseUrl: base, body },
      work: async (signal) => {
        const result = await runMapQuery(base, body, {
          transport: nodeTransport,
          // Loopback or private addresses only for a configured map server (checked on the resolved address).
          addressPolicy: addressPolicyFor(base, getConfiguredEndpoints('map')),
          timeoutMs: s.timeoutMs,
          maxBytes: s.maxBytes,
          maxParsedBytes: s.maxParsedBytes,
          signal,
          userAgent: makeUserAgent(this.version),
          onRequest: (url, method) => this.recorder.log.request(method, url),
        });
        this.recorder.log.info(`  → ${mapSummaryLine(result)}`);
        this.panel.show(result);
        return result;
      },
      recorded: (result) => ({ outcome: mapSummaryLine(result), resultUri: `map-result:${Date.now()}` }),
    });
    if (!report.ok) {
      this.lastError = report.error;
      return undefined;
    }
    const { result, entry } = report;
    this.kept.set(entry.id, result);
    while (this.kept.size > MAX_KEPT_RESULTS) this.kept.delete(this.kept.keys().next().value as string);
    this.lastError = undefined;
    return { count: result.objects.length, summary: mapSummaryLine(result), url: result.displayUrl };
  }
}
