/**
 * The repository config file, `.wikimapquery.json`: settings of the settings table (common/settings.ts)
 * for everyone who checks the repository, read the same by the CLI (`wikimap-query check`; its flags
 * override the file) and the language server (the editor's settings override the file; in a workspace
 * the user does not trust, the file is not read at all).
 *
 * Names are written without the `wikimapQuery.` prefix, nested or dotted:
 *   { "diagnostics": { "severity": { "deprecation": "off" } }, "wiki.highLimits": true }
 * Only settings a workspace may set and the server reads are taken (REPO_FILE_KEYS); anything else,
 * a value of the wrong type, or a file that is not JSON is said in a message, never a crash.
 *
 * No file system here: the caller hands in how to look at files (the CLI's io, the node runtime).
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { readSettings, REPO_CONFIG_FILE, REPO_FILE_KEYS, SETTINGS_SECTION, settingSpec } from '../../common/settings';

/** A larger file is not a settings file: it is not read. */
const MAX_REPO_CONFIG_CHARS = 256 * 1024;

export interface RepoConfigFiles {
  kind(path: string): 'file' | 'directory' | undefined;
  /** The text of a file; throws with a message naming the problem. */
  readFile(path: string): string;
  join(...parts: string[]): string;
  /** The size of a file in bytes, when the host can tell without reading it (then a huge file is never read). */
  size?(path: string): number;
}

export interface RepoConfig {
  /** The file read (as the caller named its folder). */
  file: string;
  /** The settings it gives, checked against the table, by key without the prefix. */
  values: Map<string, unknown>;
  /** One sentence per thing ignored in it, each starting with the file. */
  problems: string[];
}

/** The folder above `dir`, or undefined at the top (`/`, `C:\`). */
function parentOf(dir: string): string | undefined {
  const trimmed = dir.replace(/[\\/]+$/, '');
  const i = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (i < 0) return undefined;
  const parent = trimmed.slice(0, i) || trimmed.slice(0, 1);
  return parent === dir || parent.length >= dir.length ? undefined : /^[A-Za-z]:$/.test(parent) ? `${parent}\\` : parent;
}

/**
 * The config file that applies to a folder: `.wikimapquery.json` there or in a folder above it, up to
 * the repository's top (the folder holding `.git`). Undefined when there is none.
 */
export function findRepoConfig(startDir: string, files: RepoConfigFiles): string | undefined {
  for (let dir: string | undefined = startDir; dir !== undefined; dir = parentOf(dir)) {
    const candidate = files.join(dir, REPO_CONFIG_FILE);
    if (files.kind(candidate) === 'file') return candidate;
    if (files.kind(files.join(dir, '.git')) !== undefined) return undefined;
  }
  return undefined;
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/** Why a setting the table knows may not come from the repository file. */
function whyNotInFile(key: string): string {
  const spec = settingSpec(key);
  return spec.readBy === 'client'
    ? `is an editor setting (the extension reads it, not the checker or the language server)`
    : `is a user setting: a repository cannot set it (set it in your user settings)`;
}

function tooLarge(file: string): RepoConfig {
  return {
    file,
    values: new Map(),
    problems: [`${file}: larger than ${MAX_REPO_CONFIG_CHARS / 1024} KB, so it is not a settings file; it is ignored.`],
  };
}

/** The settings of a config file's text; every problem is said, the rest of the file applies. */
export function parseRepoConfig(text: string, file: string): RepoConfig {
  const out: RepoConfig = { file, values: new Map(), problems: [] };
  const say = (what: string) => out.problems.push(`${file}: ${what}`);
  if (text.length > MAX_REPO_CONFIG_CHARS) return tooLarge(file);
  const errors: ParseError[] = [];
  const json: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length) {
    say(`not valid JSON (${printParseErrorCode(errors[0].error)} at ${lineColumn(text, errors[0].offset)}); the file is ignored.`);
    return out;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    say('must hold a JSON object of settings, e.g. { "diagnostics.severity": { "deprecation": "off" } }; the file is ignored.');
    return out;
  }
  const own: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json)) {
    if (name === '$schema') continue;
    if (name === SETTINGS_SECTION || name.startsWith(`${SETTINGS_SECTION}.`)) {
      say(`"${name}": write the settings without the "${SETTINGS_SECTION}." prefix (e.g. "diagnostics.severity"); it is ignored.`);
    } else own[name] = value;
  }
  const read = readSettings(own);
  for (const problem of read.problems) say(problem);
  for (const [key, value] of read.values) {
    if (REPO_FILE_KEYS.includes(key)) out.values.set(key, value);
    else say(`${SETTINGS_SECTION}.${key} ${whyNotInFile(key)}; it is ignored.`);
  }
  return out;
}

/** The config file that applies to a folder, read; undefined when there is none. */
export function loadRepoConfig(startDir: string, files: RepoConfigFiles): RepoConfig | undefined {
  const file = findRepoConfig(startDir, files);
  if (!file) return undefined;
  let text: string;
  try {
    // Characters are at most 4 bytes: a file this large cannot be a settings file, and is not read.
    if (files.size && files.size(file) > MAX_REPO_CONFIG_CHARS * 4) return tooLarge(file);
    text = files.readFile(file);
  } catch (err) {
    return {
      file,
      values: new Map(),
      problems: [`${file}: cannot be read (${err instanceof Error ? err.message : String(err)}); it is ignored.`],
    };
  }
  return parseRepoConfig(text, file);
}
