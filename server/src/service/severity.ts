/**
 * The one place where a diagnostic's severity is decided, for the editor and the CLI alike: the
 * user's override for its code (`wikimapQuery.diagnostics.severity`, `LanguageSettings.severity`;
 * `off` drops the diagnostic) or else the code's default (the wiki codes' table in
 * wiki/wikiDiagnosticCodes.ts, the map codes' in map/mapDiagnostics.ts). The wiki and map services
 * and the server's catalogue notes call it when they make a diagnostic; nothing re-applies
 * overrides afterwards.
 */
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { SeveritySetting } from './languageTypes';

export type SeverityLevel = Exclude<SeveritySetting, 'off'>;

const LEVEL: Readonly<Record<SeverityLevel, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The severity a diagnostic with `code` is reported with, or undefined when the user turned the code off. */
export function severityOf(
  code: string,
  defaultLevel: SeverityLevel,
  overrides: Readonly<Record<string, SeveritySetting>> | undefined,
): DiagnosticSeverity | undefined {
  const level = overrides?.[code] ?? defaultLevel;
  if (level === 'off') return undefined;
  // Settings are normalised before they get here; an unknown level still falls back to the default.
  return LEVEL[level] ?? LEVEL[defaultLevel];
}
