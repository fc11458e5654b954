// Runs in the test host extension (wikimap-query.wikimap-query-e2e-host), because this file lies inside
// it: its `vscode` API acts as that extension, i.e. as another extension asking for the ContentDB
// account. The launcher lists this extension in `trustedExtensionAuthAccess` for the test run only, so
// VS Code answers without its one-time consent dialog (refused in extension-test mode).
'use strict';
const vscode = require('vscode');

/** The session VS Code gives another extension without asking the user (undefined when none). */
function silentSession(providerId) {
  return vscode.authentication.getSession(providerId, [], { silent: true });
}

/** The accounts VS Code knows for a provider. */
function accounts(providerId) {
  return vscode.authentication.getAccounts(providerId);
}

module.exports = { silentSession, accounts };
