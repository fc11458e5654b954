// The sample document the editor suites (Neovim, Emacs) open, and the environment that tells each
// editor's driver script where it is, which server to start, where to ask for a completion and a
// hover, and where to write what it saw: WIKIMAP_<EDITOR>_{OUT,SERVER,FILE,COMPLETE_LINE,...}.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const SAMPLE_LINES = [
  '# pages of the main namespace, too many at once',
  'api.php?action=query&list=allpages&apnamespace=0&aplimit=5000',
  'action=query&list=categorymembers&cmtitle=Category:Maps&cm',
];

/** Writes the sample into a fresh temporary folder and returns the folder, the files and the driver's environment. */
function prepareEditorSession(editor, serverBundle) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wmq-${editor.toLowerCase()}-`));
  const sample = path.join(dir, 'sample.wikiquery');
  fs.writeFileSync(sample, SAMPLE_LINES.join('\n') + '\n');
  const out = path.join(dir, 'result.json');
  const v = (name) => `WIKIMAP_${editor}_${name}`;
  const env = {
    ...process.env,
    [v('OUT')]: out,
    [v('SERVER')]: `${process.execPath} ${serverBundle} --stdio`,
    [v('FILE')]: sample,
    // completion at the end of "…&cm", hover inside "allpages"
    [v('COMPLETE_LINE')]: '2',
    [v('COMPLETE_CHAR')]: String(SAMPLE_LINES[2].length),
    [v('HOVER_LINE')]: '1',
    [v('HOVER_CHAR')]: String(SAMPLE_LINES[1].indexOf('allpages') + 3),
  };
  return { dir, sample, out, env };
}

module.exports = { prepareEditorSession, SAMPLE_LINES };
