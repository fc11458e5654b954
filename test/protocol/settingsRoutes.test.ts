/**
 * The three routes settings arrive by, layered key by key whatever their wrapping:
 *   initializationOptions < latest pushed workspace/didChangeConfiguration < latest pulled workspace/configuration.
 * Each route's newest value replaces that route's older one, so a setting removed from a route falls
 * back to the route below it, finally to its default. Over stdio against the real server.
 */
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { ensureBuilt, LspClient } from './lspClient';

/** `apfoo` is unrecognized (a warning by default). */
const TEXT = 'action=query&list=allpages&apfoo=1\n';
const URI = 'file:///settings/routes.wikiquery';
const NAMES: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

/** The severity shown for `unrecognizedparams`, or `off` when it is not shown. */
function shown(diagnostics: Diagnostic[]): string {
  const d = diagnostics.find((x) => x.code === 'unrecognizedparams');
  return d ? NAMES[d.severity ?? 1] : 'off';
}

const level = (value: string) => ({ diagnostics: { severity: { unrecognizedparams: value } } });
const wrapped = (value: string) => ({ wikimapQuery: level(value) });
const dotted = (value: string) => ({ 'diagnostics.severity': { unrecognizedparams: value } });

/**
 * One step: settings pushed (the notification's `settings`), or a new answer pulled after a `settings: null`
 * notification, or both (a client that pushes its new settings and answers pulls from them: eglot, Helix).
 */
type Step = { push?: unknown; pull?: unknown; expect: string };

interface Case {
  name: string;
  /** Initialization options (`diagnostics.delay: 0` is added to every case, unwrapped or in the wrapper). */
  init?: Record<string, unknown>;
  /** The client offers workspace/configuration: the answer to the first pull, at `initialized`. */
  pulled?: unknown;
  /** What is shown once the document is open. */
  first: string;
  steps: Step[];
}

const CASES: Case[] = [
  { name: 'initializationOptions alone, wrapped', init: wrapped('error'), first: 'error', steps: [] },
  {
    name: 'wrapped initializationOptions < pushed unwrapped (the documented Neovim configuration)',
    init: wrapped('error'),
    first: 'error',
    steps: [{ push: level('off'), expect: 'off' }],
  },
  {
    name: 'dotted initializationOptions < pushed wrapped; an empty push brings the initialization options back',
    init: dotted('error'),
    first: 'error',
    steps: [
      { push: wrapped('hint'), expect: 'hint' },
      { push: { wikimapQuery: {} }, expect: 'error' },
    ],
  },
  {
    name: 'a pushed value replaces the older pushed one; removing it falls back to the default',
    first: 'warning',
    steps: [
      { push: wrapped('hint'), expect: 'hint' },
      { push: wrapped('error'), expect: 'error' },
      { push: {}, expect: 'warning' },
    ],
  },
  {
    name: 'init, then pulled at initialized, then pushed: the pulled value stays over the pushed one',
    init: wrapped('error'),
    pulled: level('information'),
    first: 'information',
    steps: [{ push: wrapped('hint'), expect: 'information' }],
  },
  {
    name: 'init, pushed, then pulled: pulled wins; removing it from the pull brings back the pushed, then the init value',
    init: wrapped('error'),
    pulled: null,
    first: 'error',
    steps: [
      { push: level('hint'), expect: 'hint' },
      { pull: wrapped('information'), expect: 'information' },
      { pull: {}, expect: 'hint' },
      { push: { wikimapQuery: {} }, expect: 'error' },
    ],
  },
  {
    name: 'pulled (unwrapped), then a null answer: back to the default (init gives no severity); then a prefixed answer',
    init: { wikimapQuery: { 'diagnostics.delay': 0 } },
    pulled: level('hint'),
    first: 'hint',
    steps: [
      { pull: null, expect: 'warning' },
      { pull: { 'wikimapQuery.diagnostics.severity': { unrecognizedparams: 'off' } }, expect: 'off' },
    ],
  },
  {
    name: 'a client that answers pulls from the settings it pushes (eglot, Helix): its change takes effect over the older pulled answer',
    pulled: wrapped('error'),
    first: 'error',
    steps: [
      { push: wrapped('off'), pull: wrapped('off'), expect: 'off' },
      { push: { wikimapQuery: {} }, pull: {}, expect: 'warning' },
    ],
  },
  {
    name: 'a push carrying only other servers’ sections empties our pushed layer',
    init: wrapped('error'),
    first: 'error',
    steps: [
      { push: wrapped('hint'), expect: 'hint' },
      { push: { json: { validate: true } }, expect: 'error' },
    ],
  },
];

function withDelay(init: Record<string, unknown> | undefined): Record<string, unknown> {
  if (init && 'wikimapQuery' in init) {
    const inner = init.wikimapQuery as Record<string, unknown>;
    return { wikimapQuery: { ...inner, diagnostics: { ...(inner.diagnostics as object), delay: 0 } } };
  }
  return { ...init, diagnostics: { ...(init?.diagnostics as object), delay: 0 } };
}

describe('settings routes layered key by key, in each order', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  for (const c of CASES) {
    it(c.name, async () => {
      let answer = c.pulled;
      const pulls = 'pulled' in c;
      const client = await LspClient.start({
        initializationOptions: withDelay(c.init),
        ...(pulls ? { capabilities: { workspace: { configuration: true } }, configuration: () => answer } : {}),
      });
      try {
        await client.open(URI, 'wikiquery', TEXT, 1);
        assert.equal(shown(await client.diagnosticsFor(URI, 1)), c.first, 'once open');
        for (const [i, step] of c.steps.entries()) {
          const before = client.published.length;
          if ('pull' in step) answer = step.pull;
          const settings = 'push' in step ? step.push : null;
          await client.connection.sendNotification('workspace/didChangeConfiguration', { settings });
          const after = await client.waitFor(`diagnostics after step ${i + 1}`, () =>
            client.published.slice(before).find((p) => p.uri === URI),
          );
          assert.equal(shown(after.diagnostics), step.expect, `after step ${i + 1}: ${JSON.stringify(step)}`);
        }
      } finally {
        await client.stop();
      }
    });
  }
});
