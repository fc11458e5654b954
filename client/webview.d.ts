// What VS Code gives a webview script (media/mapResults.js), for its type check (tsconfig.scripts.json).
// The webview's messages are plain objects: the script and client/src/map/mapResultsPanel.ts agree on them.

interface WebviewApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): WebviewApi;
