#!/usr/bin/env node
// One side of `npm run bench:wiki-cpu` in a process of its own (forked by bench/wikiCpu.js):
// argv = [side bundle, the export that makes a round of the task, generator bundle, lines]. It builds
// the document, then, on each "run" message, runs one round (e.g. checks the document once) and answers with the CPU time in ms this process used since its previous
// answer (process.cpuUsage counts every thread of the process): the check, and any garbage collection
// V8's helper threads did for this side's heap while it waited for its turn, and only this side's.
'use strict';
const [bundle, make, generator, lines] = process.argv.slice(2);
const text = require(generator).generateWikiDocument(Number(lines));
const round = require(bundle)[make](text);

let since = process.cpuUsage();
process.on('message', (msg) => {
  if (msg !== 'run') return process.disconnect();
  round();
  const d = process.cpuUsage(since);
  since = process.cpuUsage();
  process.send((d.user + d.system) / 1000);
});
process.send('ready');
