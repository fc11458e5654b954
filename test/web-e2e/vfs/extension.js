// A read-only virtual file system for the browser end-to-end suite, in the manner of github.dev's
// `vscode-vfs:` repositories: files that exist only in the extension, under the scheme `wmqvfs:`.
// A web extension (package.json `browser`): it runs in the web-worker extension host beside the
// extension under test. Its only import is `vscode`.
'use strict';
const vscode = require('vscode');

const FILES = {
  '/repo/queries/remote.wikiquery': '# A query in a repository read in the browser\naction=query&list=allpages&aplimti=3\n',
};
const DIRS = { '/repo': ['queries'], '/repo/queries': ['remote.wikiquery'] };

function stat(path) {
  const now = Date.now();
  if (FILES[path] !== undefined) return { type: vscode.FileType.File, ctime: now, mtime: now, size: FILES[path].length };
  if (DIRS[path]) return { type: vscode.FileType.Directory, ctime: now, mtime: now, size: 0 };
  throw vscode.FileSystemError.FileNotFound(path);
}

const readOnly = () => {
  throw vscode.FileSystemError.NoPermissions('wmqvfs: is read-only');
};

function activate(context) {
  const changes = new vscode.EventEmitter();
  const provider = {
    onDidChangeFile: changes.event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => stat(uri.path),
    readDirectory: (uri) => {
      stat(uri.path);
      return (DIRS[uri.path] || []).map((name) => [name, stat(`${uri.path}/${name}`).type]);
    },
    readFile: (uri) => {
      stat(uri.path);
      return new TextEncoder().encode(FILES[uri.path]);
    },
    createDirectory: readOnly,
    writeFile: readOnly,
    delete: readOnly,
    rename: readOnly,
  };
  context.subscriptions.push(vscode.workspace.registerFileSystemProvider('wmqvfs', provider, { isCaseSensitive: true, isReadonly: true }));
}

module.exports = { activate };
