/**
 * Reading the `wikimapQuery.*` settings the client needs: run limits and endpoints.
 */
import * as vscode from 'vscode';
import type { WikimapQuerySettings } from '../../common/protocol';

const SECTION = 'wikimapQuery';

export interface RunSettings {
  timeoutMs: number;
  maxBytes: number;
  fetchAllMaxPages: number;
}

function cfg(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

export function getRunSettings(): RunSettings {
  const c = cfg();
  const timeout = Math.max(1, Number(c.get('run.timeoutSeconds', 30)) || 30);
  const maxMb = Math.max(0.001, Number(c.get('run.maxResponseMB', 50)) || 50);
  const pages = Math.max(1, Math.floor(Number(c.get('run.fetchAllMaxPages', 20)) || 20));
  return { timeoutMs: timeout * 1000, maxBytes: Math.round(maxMb * 1024 * 1024), fetchAllMaxPages: pages };
}

export function getEmbeddedLanguages(): string[] {
  const v = cfg().get<unknown>('embeddedLanguages', ['markdown']);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.length > 0) : ['markdown'];
}

/** Named endpoints of a kind, as `[name, url]` pairs (entries that are not strings are skipped). */
export function getNamedEndpoints(kind: 'wiki' | 'map'): Array<[string, string]> {
  const v = cfg().get<Record<string, unknown>>(kind === 'wiki' ? 'wikis' : 'mapservers', {});
  return Object.entries(v ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
}

/** The current endpoint URL of a kind: the setting, or the named endpoint it names. */
export function getCurrentEndpoint(kind: 'wiki' | 'map'): { url?: string; name?: string } {
  const raw = (cfg().get<string>(kind === 'wiki' ? 'wiki.apiUrl' : 'mapserver.url', '') ?? '').trim();
  const named = getNamedEndpoints(kind);
  const byName = named.find(([n]) => n === raw);
  if (byName) return { url: byName[1], name: byName[0] };
  if (raw) return { url: raw, name: named.find(([, u]) => u === raw)?.[0] };
  if (named.length === 1) return { url: named[0][1], name: named[0][0] };
  return {};
}

export async function setCurrentEndpoint(kind: 'wiki' | 'map', url: string): Promise<void> {
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await cfg().update(kind === 'wiki' ? 'wiki.apiUrl' : 'mapserver.url', url, target);
}

/** The settings snapshot handed to the server at start (it reads later changes itself). */
export function getServerSettings(): WikimapQuerySettings {
  const c = cfg();
  return {
    wiki: { apiUrl: c.get('wiki.apiUrl'), highLimits: c.get('wiki.highLimits') },
    wikis: c.get('wikis'),
    diagnostics: { severity: c.get('diagnostics.severity'), delay: c.get('diagnostics.delay'), maxFullCheckSize: c.get('diagnostics.maxFullCheckSize') },
    embeddedLanguages: getEmbeddedLanguages(),
  };
}
