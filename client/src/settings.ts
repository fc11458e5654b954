/**
 * Reading the `wikimapQuery.*` settings the client needs: run limits and endpoints.
 */
import * as vscode from 'vscode';
import type { WikimapQueryInitializationOptions, WikimapQuerySettings } from '../../common/protocol';

const SECTION = 'wikimapQuery';

export interface RunSettings {
  timeoutMs: number;
  maxBytes: number;
  fetchAllMaxPages: number;
  /** Total bytes "Fetch all" reads over all its requests. */
  fetchAllMaxBytes: number;
}

function cfg(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

export function getRunSettings(): RunSettings {
  const c = cfg();
  const timeout = Math.max(1, Number(c.get('run.timeoutSeconds', 30)) || 30);
  const maxMb = Math.max(0.001, Number(c.get('run.maxResponseMB', 50)) || 50);
  const pages = Math.max(1, Math.floor(Number(c.get('run.fetchAllMaxPages', 20)) || 20));
  const totalMb = Math.max(0.001, Number(c.get('run.fetchAllMaxMB', 200)) || 200);
  return {
    timeoutMs: timeout * 1000,
    maxBytes: Math.round(maxMb * 1024 * 1024),
    fetchAllMaxPages: pages,
    fetchAllMaxBytes: Math.round(totalMb * 1024 * 1024),
  };
}

/**
 * Why nothing may be run here, or undefined: in a workspace the user does not trust (VS Code
 * Workspace Trust, restricted mode) no query is run.
 */
export function untrustedRunMessage(): string | undefined {
  return vscode.workspace.isTrusted
    ? undefined
    : 'Not run: this workspace is not trusted (restricted mode), and queries are only run in trusted workspaces. Trust the workspace ("Workspaces: Manage Workspace Trust") to run queries.';
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
    diagnostics: {
      severity: c.get('diagnostics.severity'),
      delay: c.get('diagnostics.delay'),
      maxFullCheckSize: c.get('diagnostics.maxFullCheckSize'),
    },
    embeddedLanguages: getEmbeddedLanguages(),
  };
}

/**
 * The policy the server needs before it processes the first document (in its initialization
 * options): which wikis it may fetch, how large a catalogue may be, and whether the workspace is trusted.
 */
export function getServerPolicy(): Pick<WikimapQueryInitializationOptions, 'wiki' | 'workspaceTrusted'> {
  const c = cfg();
  return {
    wiki: {
      apiUrl: c.get('wiki.apiUrl'),
      highLimits: c.get('wiki.highLimits'),
      liveCatalogues: c.get('wiki.liveCatalogues'),
      approvedCatalogues: c.get('wiki.approvedCatalogues'),
      maxCatalogueMB: c.get('wiki.maxCatalogueMB'),
    },
    workspaceTrusted: vscode.workspace.isTrusted,
  };
}

/** Records in the USER settings that the catalogue of this wiki (an origin) may be fetched. */
export async function approveCatalogue(origin: string): Promise<string[]> {
  const c = cfg();
  const current = c.inspect<string[]>('wiki.approvedCatalogues')?.globalValue ?? [];
  const list = Array.isArray(current) ? current.filter((x) => typeof x === 'string') : [];
  if (!list.includes(origin)) list.push(origin);
  await c.update('wiki.approvedCatalogues', list, vscode.ConfigurationTarget.Global);
  return list;
}
