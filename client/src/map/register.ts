/** The map feature in VS Code: the results view, the run and export commands and the map server switcher. */
import * as vscode from 'vscode';
import { queryAtCursor, registerCommand } from '../commands';
import type { EndpointStatus } from '../endpoints';
import type { QueryLanguageClient } from '../languageClient';
import type { RunRecorder } from '../runWithProgress';
import { MapResultsPanel } from './mapResultsPanel';
import { MapRunner } from './mapRunner';

export interface MapFeature {
  runner: MapRunner;
  panel: MapResultsPanel;
}

export interface MapDeps {
  client: QueryLanguageClient;
  recorder: RunRecorder;
  version: string;
  endpoints: EndpointStatus;
}

export function registerMap(context: vscode.ExtensionContext, { client, recorder, version, endpoints }: MapDeps): MapFeature {
  const panel = new MapResultsPanel(context.extensionUri, (m) => recorder.log.info(m));
  const runner = new MapRunner(panel, recorder, version);
  context.subscriptions.push(panel);
  registerCommand(context, 'wikimapQuery.map.selectEndpoint', (choice?: string) => endpoints.select('map', choice));
  registerCommand(context, 'wikimapQuery.map.runQuery', async (body?: unknown) => {
    if (body !== undefined && typeof body === 'object') return runner.run(body);
    const found = await queryAtCursor(client, 'map');
    return found && runner.run(found.query.body);
  });
  registerCommand(context, 'wikimapQuery.map.exportCsv', (target?: vscode.Uri) => panel.exportTo('csv', target));
  registerCommand(context, 'wikimapQuery.map.exportJson', (target?: vscode.Uri) => panel.exportTo('json', target));
  return { runner, panel };
}
