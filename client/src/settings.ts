/**
 * Reading the `wikimapQuery.*` settings in the extension. Names, types, defaults and ranges come from
 * the one settings table (common/settings.ts): a value of the wrong type is read as the default, a
 * number out of range as the nearest value in range.
 */
import * as vscode from 'vscode';
import type { WikimapQueryInitializationOptions, WikimapQuerySettings } from '../../common/protocol';
import { currentEndpoint, namedEndpoints, type CurrentEndpoint, type EndpointKind } from './endpointChoice';
import {
  checkSettingValue,
  nestSettings,
  SETTINGS,
  SETTINGS_SECTION,
  settingSpec,
  withApprovedCatalogue,
  type SettingSpec,
} from '../../common/settings';

export interface RunSettings {
  timeoutMs: number;
  maxBytes: number;
  fetchAllMaxPages: number;
  /** Total bytes "Fetch all" reads over all its requests. */
  fetchAllMaxBytes: number;
  /** `run.maxParsedMB`: memory budget of a run's parsed answer(s). */
  maxParsedBytes: number;
}

function cfg(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SETTINGS_SECTION);
}

/** A setting's effective value (key without the prefix), checked against its table entry; the default when it does not fit. */
function setting<T>(key: string, c = cfg()): T {
  const spec = settingSpec(key);
  const checked = checkSettingValue(spec, c.get(key, spec.default));
  return (checked.ok ? checked.value : spec.default) as T;
}

const MB = 1024 * 1024;

export function getRunSettings(): RunSettings {
  const c = cfg();
  return {
    timeoutMs: setting<number>('run.timeoutSeconds', c) * 1000,
    maxBytes: Math.round(setting<number>('run.maxResponseMB', c) * MB),
    fetchAllMaxPages: setting<number>('run.fetchAllMaxPages', c),
    fetchAllMaxBytes: Math.round(setting<number>('run.fetchAllMaxMB', c) * MB),
    maxParsedBytes: Math.round(setting<number>('run.maxParsedMB', c) * MB),
  };
}

/** The ContentDB sign-in settings; an empty address is read as its default. */
export function getContentDbSettings(): { baseUrl: string; clientId: string; redirectUri: string } {
  const c = cfg();
  const orDefault = (key: string) => setting<string>(key, c).trim() || (settingSpec(key).default as string);
  return {
    baseUrl: orDefault('contentDb.baseUrl'),
    clientId: setting<string>('contentDb.clientId', c),
    redirectUri: orDefault('contentDb.redirectUri'),
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
  return setting<string[]>('embeddedLanguages');
}

const endpointEntries = (kind: EndpointKind) => setting<Record<string, unknown>>(kind === 'wiki' ? 'wikis' : 'mapservers');

/**
 * Named endpoints of a kind, as `[name, url]` pairs (entries that are not strings are skipped). A wiki
 * entry that is a saved catalogue file (no `http(s)://`) is no endpoint: nothing is run against it or
 * signed in to; the language server judges by it (a target).
 */
export function getNamedEndpoints(kind: EndpointKind): Array<[string, string]> {
  return namedEndpoints(kind, endpointEntries(kind));
}

/** The current endpoint of a kind: the setting, or the named endpoint it names (or the saved catalogue file it names). */
export function getCurrentEndpoint(kind: EndpointKind): CurrentEndpoint {
  return currentEndpoint(kind, setting<string>(kind === 'wiki' ? 'wiki.apiUrl' : 'mapserver.url').trim(), endpointEntries(kind));
}

/** Every endpoint of a kind the user configured: the current setting's URL and each named one. */
export function getConfiguredEndpoints(kind: 'wiki' | 'map'): string[] {
  const urls = getNamedEndpoints(kind)
    .map(([, u]) => u)
    .filter((u) => typeof u === 'string');
  const current = getCurrentEndpoint(kind).url;
  return current ? [current, ...urls] : urls;
}

export async function setCurrentEndpoint(kind: 'wiki' | 'map', url: string): Promise<void> {
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await cfg().update(kind === 'wiki' ? 'wiki.apiUrl' : 'mapserver.url', url, target);
}

/**
 * The value the user set for a setting, or undefined when none is set (then the server's layers below
 * apply: the repository file, finally the default). Workspace values of user-only settings
 * (`application` scope) are never read, nor those of restricted settings in an untrusted workspace.
 */
function explicitValue(spec: SettingSpec, c: vscode.WorkspaceConfiguration): unknown {
  const i = c.inspect(spec.key);
  if (!i) return undefined;
  const userOnly = spec.scope === 'application' || spec.scope === 'machine' || (spec.restricted && !vscode.workspace.isTrusted);
  return userOnly ? i.globalValue : (i.workspaceFolderValue ?? i.workspaceValue ?? i.globalValue);
}

/**
 * The settings the server reads that the user set (user, workspace, folder), nested as
 * `workspace/configuration` answers them. Only what is set: a setting removed in the editor then
 * falls back to the layers below it on the server.
 */
export function getServerSettings(): WikimapQuerySettings {
  const c = cfg();
  const values = new Map<string, unknown>();
  for (const spec of SETTINGS) {
    if (spec.readBy === 'client') continue;
    const value = explicitValue(spec, c);
    const checked = value === undefined ? undefined : checkSettingValue(spec, value);
    if (checked?.ok) values.set(spec.key, checked.value);
  }
  return nestSettings(values);
}

/**
 * The initialization options: the settings the server reads (so they hold before the first document is
 * processed, the fetch policy included), whether the workspace is trusted, and the catalogue cache folder.
 */
export function getInitializationOptions(catalogueCacheDir?: string): WikimapQueryInitializationOptions {
  return { ...getServerSettings(), workspaceTrusted: vscode.workspace.isTrusted, catalogueCacheDir };
}

/** Records in the USER settings that the catalogue of this wiki (an origin) may be fetched. */
export async function approveCatalogue(origin: string): Promise<string[]> {
  const c = cfg();
  const list = withApprovedCatalogue(c.inspect<unknown>('wiki.approvedCatalogues')?.globalValue, origin);
  await c.update('wiki.approvedCatalogues', list, vscode.ConfigurationTarget.Global);
  return list;
}
