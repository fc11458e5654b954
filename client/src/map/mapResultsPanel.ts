/**
 * The map results webview: a sortable, filterable table and an x/z plot of the objects, with CSV
 * and JSON export. Strict Content-Security-Policy (no inline code, one nonce'd script from
 * media/); the data is posted as a message and rendered with textContent only, so a result holding
 * `<script>` or HTML shows as text.
 */
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import type { MapRunResult } from '../../../run/map/mapRun';
import { mapSummaryLine, toCsv, toJson } from '../../../run/map/mapExport';

const MAP_RESULTS_VIEW_TYPE = 'wikimapQuery.mapResults';

export class MapResultsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private current: MapRunResult | undefined;
  private webviewReady = false;
  /** What the webview last reported on screen: table rows and plotted points. */
  lastRender: { rows: number; points: number; sortKey: string; sortDir: number; filter: string } | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: (message: string) => void,
  ) {}

  get result(): MapRunResult | undefined {
    return this.current;
  }

  get visible(): boolean {
    return !!this.panel?.visible;
  }

  show(result: MapRunResult): vscode.WebviewPanel {
    this.current = result;
    if (!this.panel) {
      const media = vscode.Uri.joinPath(this.extensionUri, 'media');
      this.panel = vscode.window.createWebviewPanel(
        MAP_RESULTS_VIEW_TYPE,
        'Map Query Results',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [media], retainContextWhenHidden: true, enableFindWidget: true },
      );
      this.webviewReady = false;
      this.panel.iconPath = vscode.Uri.joinPath(media, 'icon.png');
      this.panel.webview.html = this.html(this.panel.webview);
      this.panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m));
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.webviewReady = false;
      });
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.panel.title = `Map Query Results (${result.objects.length})`;
    this.lastRender = undefined;
    if (this.webviewReady) this.post();
    return this.panel;
  }

  private post(): void {
    if (!this.panel || !this.current) return;
    void this.panel.webview.postMessage({
      type: 'results',
      summary: mapSummaryLine(this.current),
      url: this.current.displayUrl,
      query: this.current.body,
      objects: this.current.objects,
    });
  }

  private onMessage(m: unknown): void {
    if (typeof m !== 'object' || m === null) return;
    const msg = m as { type?: unknown; format?: unknown; text?: unknown };
    if (msg.type === 'ready') {
      this.webviewReady = true;
      this.post();
    } else if (msg.type === 'rendered') {
      const r = m as { rows?: unknown; points?: unknown; sortKey?: unknown; sortDir?: unknown; filter?: unknown };
      this.lastRender = {
        rows: Number(r.rows),
        points: Number(r.points),
        sortKey: String(r.sortKey),
        sortDir: Number(r.sortDir),
        filter: String(r.filter),
      };
    } else if (msg.type === 'export' && (msg.format === 'csv' || msg.format === 'json')) {
      void this.exportTo(msg.format);
    } else if (msg.type === 'log' && typeof msg.text === 'string') {
      this.log(`map results view: ${msg.text.slice(0, 500)}`);
    }
  }

  /** Writes the current results as CSV or JSON; asks where unless `target` is given. Returns the file. */
  async exportTo(format: 'csv' | 'json', target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    if (!this.current) {
      void vscode.window.showWarningMessage('There are no map results to export yet. Run a map query first ("Map Query: Run Query").');
      return undefined;
    }
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        title: `Export map results as ${format.toUpperCase()}`,
        defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir()), `mapobjects.${format}`),
        filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
      }));
    if (!uri) return undefined;
    const text = format === 'csv' ? toCsv(this.current.objects) : toJson(this.current.objects);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
    this.log(`exported ${this.current.objects.length} map objects to ${uri.fsPath}`);
    if (!target) void vscode.window.showInformationMessage(`Exported ${this.current.objects.length} objects to ${uri.fsPath}.`);
    return uri;
  }

  private html(webview: vscode.Webview): string {
    const nonce = randomBytes(16).toString('base64');
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'mapResults.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'mapResults.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      `img-src ${webview.cspSource}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${style}">
<title>Map Query Results</title>
</head>
<body>
<header>
  <div id="summary" role="status">Waiting for results…</div>
  <div class="toolbar">
    <input id="filter" type="search" placeholder="Filter (any column)" aria-label="Filter rows">
    <button id="export-csv" type="button">Export CSV</button>
    <button id="export-json" type="button">Export JSON</button>
  </div>
</header>
<main>
  <section class="plot-section" aria-label="Objects on the x/z plane">
    <h2>Plot (x → east, z ↑ north)</h2>
    <svg id="plot" role="img" aria-label="Plot of objects on the x/z plane"></svg>
    <div id="legend"></div>
  </section>
  <section class="table-section">
    <table id="results">
      <thead><tr>
        <th data-key="type" scope="col">Type</th>
        <th data-key="pos" scope="col">Position (x, y, z)</th>
        <th data-key="mapblock" scope="col">Map block</th>
        <th data-key="mtime" scope="col" title="When the map server indexed the object's map block (mtime: set when the server last parsed the block after it changed), not when the object was placed">Indexed</th>
        <th data-key="attributes" scope="col">Attributes</th>
      </tr></thead>
      <tbody></tbody>
    </table>
    <p id="empty" hidden>No objects. The server matches the type exactly; pos1/pos2 are map blocks (node ÷ 16), not nodes; it indexes only map blocks inside its layers (by default map blocks y −1…24, nodes −16…399) and only the types its config enables (<code>locator</code> is off by default).</p>
  </section>
</main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
