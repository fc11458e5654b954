/**
 * Endpoints: named wikis (`wikimapQuery.wikis`) and map servers (`wikimapQuery.mapservers`); the
 * current one is shown in the status bar and switched from there.
 */
import * as vscode from 'vscode';
import { MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID } from '../../common/protocol';
import { hostOf } from '../../common/hostOf';
import { getCurrentEndpoint, getEmbeddedLanguages, getNamedEndpoints, setCurrentEndpoint } from './settings';

export class EndpointStatus implements vscode.Disposable {
  private readonly wiki = vscode.window.createStatusBarItem('wikimapQuery.wikiEndpoint', vscode.StatusBarAlignment.Right, 100);
  private readonly map = vscode.window.createStatusBarItem('wikimapQuery.mapEndpoint', vscode.StatusBarAlignment.Right, 99);
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.wiki.name = 'Wiki Query: wiki';
    this.wiki.command = 'wikimapQuery.wiki.selectEndpoint';
    this.map.name = 'Map Query: map server';
    this.map.command = 'wikimapQuery.map.selectEndpoint';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('wikimapQuery') && this.update()),
    );
    this.update();
  }

  update(): void {
    const doc = vscode.window.activeTextEditor?.document;
    const lang = doc?.languageId;
    const w = getCurrentEndpoint('wiki');
    this.wiki.text = `$(globe) ${w.name ?? (w.url ? (hostOf(w.url) ?? w.url) : undefined) ?? 'built-in catalogue'}`;
    this.wiki.tooltip = w.url
      ? `Wiki for bare queries: ${w.url}\nClick to switch`
      : w.file !== undefined
        ? `Bare queries are judged by the saved catalogue ${w.file}; they cannot run (it has no api.php URL).\nClick to switch`
        : 'No wiki selected: bare queries cannot run. Click to pick one.';
    const m = getCurrentEndpoint('map');
    this.map.text = `$(map) ${m.name ?? (m.url ? (hostOf(m.url) ?? m.url) : undefined) ?? 'no map server'}`;
    this.map.tooltip = m.url ? `Map server: ${m.url}\nClick to switch` : 'No map server selected. Click to pick one.';
    // In embedded languages (markdown) only where the document holds a query, to keep other files quiet.
    const embeddedWithQuery = !!lang && getEmbeddedLanguages().includes(lang) && doc!.getText().includes('api.php?');
    if (lang === WIKI_LANGUAGE_ID || embeddedWithQuery) this.wiki.show();
    else this.wiki.hide();
    if (lang === MAP_LANGUAGE_ID) this.map.show();
    else this.map.hide();
  }

  /** Picks (or, with `choice`, sets) the current endpoint. Returns the URL now in use. */
  async select(kind: 'wiki' | 'map', choice?: string): Promise<string | undefined> {
    const named = getNamedEndpoints(kind);
    let url = choice ? (named.find(([n]) => n === choice)?.[1] ?? choice) : undefined;
    if (!url) {
      const current = getCurrentEndpoint(kind).url;
      const enter = kind === 'wiki' ? '$(edit) Enter an api.php URL…' : '$(edit) Enter a map server URL…';
      const pick = await vscode.window.showQuickPick(
        [
          ...named.map(([name, u]) => ({ label: name, description: u, detail: u === current ? 'current' : undefined, url: u })),
          { label: enter, description: '', url: '' },
        ],
        {
          title: kind === 'wiki' ? 'Wiki for bare queries (wikimapQuery.wikis)' : 'Map server (wikimapQuery.mapservers)',
          ignoreFocusOut: true,
        },
      );
      if (!pick) return undefined;
      url = pick.url;
      if (!url) {
        url = await vscode.window.showInputBox({
          title: enter.replace(/^\$\(edit\) /, ''),
          value: current ?? (kind === 'wiki' ? 'https://' : 'http://127.0.0.1:8080'),
          validateInput: (v) => (/^https?:\/\/[^\s]+$/.test(v.trim()) ? undefined : 'Write an http:// or https:// URL.'),
          ignoreFocusOut: true,
        });
        if (!url) return undefined;
      }
    }
    await setCurrentEndpoint(kind, url.trim());
    this.update();
    return url.trim();
  }

  dispose(): void {
    this.wiki.dispose();
    this.map.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
