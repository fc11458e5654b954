/**
 * The wiki catalogue commands, the same on the desktop and in the browser: they only ask the
 * language server and change settings.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../common/errorMessage';
import { registerCommand } from '../commands';
import type { EndpointStatus } from '../endpoints';
import type { QueryLanguageClient } from '../languageClient';
import type { Log } from '../log';
import type { RunLensProvider } from '../runLens';
import { approveCatalogue } from '../settings';

export interface CatalogueCommandDeps {
  client: QueryLanguageClient;
  log: Log;
  lenses: RunLensProvider;
  endpoints: EndpointStatus;
}

/** A catalogue error; a private wiki's (`readapidenied`) offers the command that signs in, where there is one. */
async function warnWithSignIn(message: string): Promise<void> {
  const signIn = 'Sign in to Wiki…';
  const offer = /readapidenied/.test(message) && (await vscode.commands.getCommands(true)).includes('wikimapQuery.wiki.signIn');
  const pick = await vscode.window.showWarningMessage(message, ...(offer ? [signIn] : []));
  if (pick === signIn) await vscode.commands.executeCommand('wikimapQuery.wiki.signIn');
}

/** Reload a catalogue, approve one (the quick fix "Load the catalogue of HOST"), pick the wiki. */
export function registerWikiCatalogueCommands(
  context: vscode.ExtensionContext,
  { client, log, lenses, endpoints }: CatalogueCommandDeps,
): void {
  registerCommand(context, 'wikimapQuery.wiki.reloadCatalogue', async (apiUrl?: string) => {
    try {
      const r = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Reloading wiki catalogue…' },
        () => client.reloadCatalogue({ apiUrl }),
      );
      for (const err of r.errors) log.error(err);
      if (r.errors.length) void warnWithSignIn(r.errors.join(' '));
      else
        void vscode.window.showInformationMessage(
          r.loaded.length
            ? `Catalogue reloaded from ${r.loaded.join(', ')}.`
            : "No wiki is configured; the built-in catalogue is in use. Set wikimapQuery.wiki.apiUrl to load a wiki's own catalogue.",
        );
      lenses.refresh();
      return r;
    } catch (e) {
      void vscode.window.showErrorMessage(`Reloading the catalogue failed: ${errorMessage(e)}`);
      return undefined;
    }
  });
  // The quick fix "Load the catalogue of HOST" (server: catalogueApproval.ts): approval goes to the
  // user settings only; the server hears the change and fetches that wiki.
  registerCommand(context, 'wikimapQuery.wiki.approveCatalogue', async (origin?: unknown) => {
    if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/i.test(origin)) return undefined;
    const list = await approveCatalogue(origin);
    log.info(`Catalogue of ${origin} approved (wikimapQuery.wiki.approvedCatalogues in the user settings).`);
    return list;
  });
  registerCommand(context, 'wikimapQuery.wiki.selectEndpoint', (choice?: string) => endpoints.select('wiki', choice));
}
