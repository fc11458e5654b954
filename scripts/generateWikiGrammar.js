#!/usr/bin/env node
// Generates syntaxes/wikiquery.tmLanguage.json. The grammar's key rule splits `gcmlimit` into the
// generator `g`, the module prefix `cm` and the name, only for parameter names the catalogue has, so it
// is generated from the catalogue files (test/unit/wiki/grammar.test.ts checks it against them).
// Usage: node scripts/generateWikiGrammar.js   (reads descriptors/wiki/query-modules.json and api-core.json)
//        node scripts/generateWikiGrammar.js FILE.json ... > grammar.json   (other paraminfo files, to stdout)
// @ts-check
'use strict';
const fs = require('fs');
const path = require('path');
const core = [
  'action',
  'format',
  'formatversion',
  'errorformat',
  'maxlag',
  'smaxage',
  'maxage',
  'assert',
  'assertuser',
  'requestid',
  'servedby',
  'curtimestamp',
  'responselanginfo',
  'origin',
  'uselang',
  'variant',
  'errorlang',
  'errorsuselocal',
  'crossorigin',
  'prop',
  'list',
  'meta',
  'indexpageids',
  'export',
  'exportnowrap',
  'exportschema',
  'iwurl',
  'continue',
  'rawcontinue',
  'titles',
  'pageids',
  'revids',
  'generator',
  'redirects',
  'converttitles',
];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let prefixRule;
const coreNames = new Set(core);
const root = path.join(__dirname, '..');
const toStdout = process.argv.length > 2;
const files = toStdout
  ? process.argv.slice(2)
  : ['descriptors/wiki/query-modules.json', 'descriptors/wiki/api-core.json'].map((f) => path.join(root, f));
if (files.length) {
  const byPrefix = new Map();
  const genByPrefix = new Map();
  for (const f of files) {
    const j = JSON.parse(fs.readFileSync(f, 'utf8'));
    for (const m of j.paraminfo.modules) {
      if (m.path === 'main' || m.path === 'query') {
        m.parameters.forEach((p) => coreNames.add(p.name));
        continue;
      }
      if (!m.prefix || !String(m.path || '').startsWith('query+')) continue;
      const names = [
        ...m.parameters.map((p) => p.name),
        ...(m.templatedparameters || []).map((p) => p.name.replace(/\{[^}]*\}/g, '\u0000')),
      ];
      const add = (map) => {
        const s = map.get(m.prefix) || new Set();
        names.forEach((n) => s.add(n));
        map.set(m.prefix, s);
      };
      add(byPrefix);
      if (m.generator !== undefined && m.generator !== false) add(genByPrefix);
    }
  }
  const alt = (map) =>
    [...map.keys()]
      .sort((a, b) => b.length - a.length || a.localeCompare(b))
      .map((p) => {
        const names = [...map.get(p)]
          .sort((a, b) => b.length - a.length || a.localeCompare(b))
          .map((n) => esc(n).replace(/\u0000/g, '[A-Za-z0-9_]+'));
        return `${esc(p)}(?=(?:${names.join('|')})(?:=|&|\\s|$))`;
      })
      .join('|');
  prefixRule = { gen: alt(genByPrefix), plain: alt(byPrefix) };
}
const keyChars = '[^\\s=&#?|]';
const keyRe = prefixRule
  ? `(?:(?!(?:${[...coreNames]
      .sort((a, b) => b.length - a.length)
      .map(esc)
      .join('|')})(?:=|&|\\s|$))(?:(g)(${prefixRule.gen})|(${prefixRule.plain})))?${keyChars}+`
  : `(?:(g)()|())?${keyChars}+`;
const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'Wiki Query',
  scopeName: 'source.wikiquery',
  fileTypes: ['wikiquery'],
  comment:
    'MediaWiki API query URLs, one query per line or in multi-line form (continuation lines start with &). The prefix rule is generated from descriptors/wiki/*.json: a key is split into generator g, module prefix and name only when the rest is a parameter of a module with that prefix and the key is not a parameter of main or query (iwurl is both a query parameter and the deprecated url of iwlinks, so it stays whole).',
  patterns: [
    { include: '#comment' },
    { include: '#url' },
    { include: '#separator' },
    { include: '#moduleParameter' },
    { include: '#parameter' },
  ],
  repository: {
    comment: {
      match: '^\\s*(#).*$',
      name: 'comment.line.number-sign.wikiquery',
      captures: { 1: { name: 'punctuation.definition.comment.wikiquery' } },
    },
    url: {
      match:
        '(?:\\b[A-Za-z][A-Za-z0-9+.-]*:)?(?://[^\\s?#/]+)?[^\\s?&=#|]*\\bapi\\.php(?=[?\\s]|$)|\\b[A-Za-z][A-Za-z0-9+.-]*://[^\\s?#]*(?=[?\\s]|$)',
      name: 'markup.underline.link.wikiquery',
    },
    separator: { match: '[?&]', name: 'punctuation.separator.parameter.wikiquery' },
    moduleParameter: {
      comment: 'list=, prop=, meta= and generator= take module names.',
      match: '(?<![^\\s?&])(list|prop|meta|generator)(=)([^&\\s]*)',
      captures: {
        1: { name: 'support.type.property-name.wikiquery' },
        2: { name: 'punctuation.separator.key-value.wikiquery' },
        3: {
          name: 'meta.value.wikiquery',
          patterns: [{ include: '#valueSyntax' }, { match: '[^|%+\\x1F]+', name: 'entity.name.type.module.wikiquery' }],
        },
      },
    },
    parameter: {
      match: `(?<![^\\s?&])(${keyRe})(?:(=)([^&\\s]*))?`,
      captures: {
        1: { name: 'support.type.property-name.wikiquery' },
        2: { name: 'keyword.other.generator-prefix.wikiquery' },
        3: { name: 'entity.name.namespace.prefix.wikiquery' },
        4: { name: 'entity.name.namespace.prefix.wikiquery' },
        5: { name: 'punctuation.separator.key-value.wikiquery' },
        6: { name: 'string.unquoted.value.wikiquery', patterns: [{ include: '#valueSyntax' }, { include: '#valueConstant' }] },
      },
    },
    valueSyntax: {
      patterns: [
        { match: '%7[Cc]|\\x1F|%1[Ff]', name: 'punctuation.separator.pipe.encoded.wikiquery constant.character.escape.wikiquery' },
        { match: '\\|', name: 'punctuation.separator.pipe.wikiquery' },
        { match: '%[0-9A-Fa-f]{2}', name: 'constant.character.escape.percent.wikiquery' },
        { match: '\\+', name: 'constant.character.escape.space.wikiquery' },
        { match: '%', name: 'invalid.illegal.percent.wikiquery' },
      ],
    },
    valueConstant: {
      patterns: [
        { match: '(?<=[=|])(?:max|now|\\*)(?=[|&\\s]|%7[Cc]|$)', name: 'constant.language.wikiquery' },
        { match: '(?<=[=|])[+-]?[0-9]+(?=[|&\\s]|%7[Cc]|$)', name: 'constant.numeric.wikiquery' },
      ],
    },
  },
};
const out = JSON.stringify(grammar, null, 2) + '\n';
if (toStdout) process.stdout.write(out);
else fs.writeFileSync(path.join(root, 'syntaxes', 'wikiquery.tmLanguage.json'), out);
