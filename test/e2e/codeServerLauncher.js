#!/usr/bin/env node
// A stand-in for the VS Code executable that `@vscode/test-electron`'s `runTests({ vscodeExecutablePath })`
// launches. It accepts the same arguments a desktop VS Code gets from runTests
// (--extensionDevelopmentPath=, --extensionTestsPath=, --extensions-dir=, --user-data-dir=, a folder),
// starts a real VS Code (code-server) on 127.0.0.1, opens its workbench in headless Chromium and
// runs the extension tests there, exiting with the tests' exit code.
//
// Environment:
//   WIKIMAP_E2E_VSIX        install this .vsix into the extensions dir first (the packaged product)
//   WIKIMAP_E2E_SCREENSHOTS folder where screenshots requested by the tests are written
//   WIKIMAP_E2E_EXTENSION_KIND `web`: run the extensions under development in the web-worker extension host
//   WIKIMAP_E2E_SIGNALS     folder where the answers to the tests' UI requests are written (see below)
//
// UI requests: the tests run in the extension host and cannot see or touch the workbench's DOM.
// A test prints one line `WIKIMAP_UI:{"id":…, "waitFor":css, "text":substring, "click":css,
// "type":text, "typeEnv":WIKIMAP_E2E_NAME (types that variable's value), "press":key, "screenshot":name, "workers":true, "reload":true}`; the launcher plays the part of the user in the
// browser (waits until the element is visible in any frame, clicks, types, takes the screenshot) and
// answers with WIKIMAP_E2E_SIGNALS/<id>.json = {ok, text?, workers?, error?}, which the test polls for.
// The old form `WIKIMAP_SCREENSHOT:<name>` still takes a plain screenshot.
//   WIKIMAP_QUERY_CACHE     where scripts/setup-codeserver.sh put code-server and Node 24
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');
const { findCodeServer } = require('./codeServerLocation');

/** The workbench logs a lot that is not the tests' output (no network here, no GitHub session). */
function isWorkbenchNoise(line) {
  return /^\[[\w:. -]+\]|^(Resolving|Resolved) connection token|^Creating a socket|^Updating additional builtin|^\s+at |checkForUpdates|ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|marketplace|gallery/i.test(
    line,
  );
}

const TEST_TIMEOUT_MS = 15 * 60 * 1000;
/** How long a UI request may wait for its element (the test's own deadline is longer). */
const UI_WAIT_MS = 30000;

/** The id of the extension the tests are loaded with (publisher.name of --extensionDevelopmentPath). */
function devExtensionId(extDev) {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(extDev, 'package.json'), 'utf8'));
    return `${pkg.publisher}.${pkg.name}`.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Product settings added for this test run only, in the browser: the workbench mixes the
 * `productConfiguration` it reads from its page's configuration element into its product.json (the
 * server fills it from its own install, which stays untouched). This runs in the page before the
 * workbench and hands the workbench the configuration with the overrides added.
 * `trustedExtensionAuthAccess` lets the test host extension read sessions without the one-time
 * consent dialog, which extension-test mode refuses.
 */
function productOverridesScript(overrides) {
  return `(() => {
    const overrides = ${JSON.stringify(overrides)};
    const original = Element.prototype.getAttribute;
    Element.prototype.getAttribute = function (name) {
      const value = original.call(this, name);
      if (name !== 'data-settings' || this.id !== 'vscode-workbench-web-configuration' || !value) return value;
      try {
        const config = JSON.parse(value);
        config.productConfiguration = Object.assign({}, config.productConfiguration, overrides);
        return JSON.stringify(config);
      } catch {
        return value;
      }
    };
  })();`;
}

/** Polls every frame (the workbench and the webviews inside it) for a visible element; no fixed sleeps. */
async function waitForVisible(page, selector, text, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      try {
        const handles = await frame.$$(selector);
        for (const h of handles) {
          if (!(await h.isVisible())) continue;
          const content = (await h.textContent()) || '';
          if (text && !content.includes(text)) continue;
          return { frame, handle: h, text: content };
        }
      } catch (err) {
        lastError = err; // a frame navigating away; try again
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `"${selector}"${text ? ` with text "${text}"` : ''} did not become visible within ${timeoutMs / 1000} s${lastError ? ` (${lastError.message})` : ''}`,
  );
}

/** Where pictures of failures go: test-results/e2e-failures in the repository (else the temp dir). */
function failuresDir() {
  const dir = process.env.WIKIMAP_E2E_REPO ? path.join(process.env.WIKIMAP_E2E_REPO, 'test-results', 'e2e-failures') : os.tmpdir();
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Waits until the browser has painted twice (what the test just changed is on screen). */
async function painted(page) {
  await page
    .evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))))
    .catch(() => undefined);
}

async function handleUiRequest(page, req, shotsDir) {
  const out = { ok: true };
  if (req.waitFor) {
    const found = await waitForVisible(page, req.waitFor, req.text, req.timeoutMs || UI_WAIT_MS);
    out.text = found.text.trim().slice(0, 4000);
    if (req.click === true) await found.handle.click();
  }
  if (typeof req.click === 'string') {
    const found = await waitForVisible(page, req.click, req.clickText, req.timeoutMs || UI_WAIT_MS);
    await found.handle.click();
  }
  if (typeof req.type === 'string') await page.keyboard.type(req.type, { delay: 10 });
  // A secret is typed from the launcher's environment, named by the test, so it never travels in a request line.
  if (typeof req.typeEnv === 'string' && /^WIKIMAP_E2E_/.test(req.typeEnv))
    await page.keyboard.type(process.env[req.typeEnv] || '', { delay: 10 });
  if (typeof req.press === 'string') await page.keyboard.press(req.press);
  if (req.waitAfter) {
    const found = await waitForVisible(page, req.waitAfter, req.waitAfterText, req.timeoutMs || UI_WAIT_MS);
    out.text = found.text.trim().slice(0, 4000);
  }
  // the names of the page's workers, nested ones too (named `ExtensionHostWorker -> name` by the workbench)
  if (req.workers) {
    out.workers = await Promise.all(page.workers().map((w) => w.evaluate(() => globalThis.name).catch(() => '')));
  }
  // a reload of the whole page, as the user's F5: the workbench loads again and runs the tests again
  if (req.reload) await page.reload();
  if (req.screenshot) {
    if (!shotsDir) throw new Error('WIKIMAP_E2E_SCREENSHOTS is not set');
    await painted(page);
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `${req.screenshot}.png`) });
    out.screenshot = `${req.screenshot}.png`;
  }
  return out;
}

function parseArgs(argv) {
  const out = { positional: [] };
  for (const a of argv) {
    const m = /^--([^=]+)=(.*)$/.exec(a);
    if (m && m[1] === 'extensionDevelopmentPath') (out.developmentPaths = out.developmentPaths || []).push(m[2]);
    if (m) out[m[1]] = out[m[1]] === undefined ? m[2] : out[m[1]];
    else if (!a.startsWith('--')) out.positional.push(a);
  }
  return out;
}

function log(msg) {
  process.stdout.write(`[launcher] ${msg}\n`);
}

/** Starts code-server and resolves with its URL once it says it listens (no fixed sleeps). */
function startCodeServer(cs, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cs.node, [cs.entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    const onData = (d) => {
      const text = String(d);
      buffered += text;
      if (process.env.WIKIMAP_E2E_VERBOSE) process.stdout.write(text);
      const m = /HTTP server listening on (http:\/\/[^\s]+)/.exec(buffered);
      if (m) {
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolve({ child, url: m[1].replace(/\/$/, '') });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`code-server exited early (${code}):\n${buffered.slice(-2000)}`)));
    setTimeout(() => reject(new Error(`code-server did not start within 120 s:\n${buffered.slice(-2000)}`)), 120000).unref();
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const extDev = args.extensionDevelopmentPath;
  const extTests = args.extensionTestsPath;
  if (!extDev || !extTests) {
    console.error('codeServerLauncher: --extensionDevelopmentPath= and --extensionTestsPath= are required');
    process.exit(2);
  }
  const cs = findCodeServer();
  const userDataDir = args['user-data-dir'] || fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-user-'));
  const extensionsDir = args['extensions-dir'] || fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-ext-'));
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  const folder = path.resolve(args.positional[0] || process.cwd());
  const env = { ...process.env, PATH: `${path.dirname(cs.node)}:${process.env.PATH}` };
  delete env.ELECTRON_RUN_AS_NODE;

  if (process.env.WIKIMAP_E2E_VSIX) {
    log(`installing ${path.basename(process.env.WIKIMAP_E2E_VSIX)}`);
    const r = spawnSync(
      cs.node,
      [
        cs.entry,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        extensionsDir,
        '--install-extension',
        process.env.WIKIMAP_E2E_VSIX,
        '--force',
      ],
      { env, encoding: 'utf8' },
    );
    if (r.status !== 0) {
      console.error(`installing the .vsix failed:\n${r.stdout}\n${r.stderr}`);
      process.exit(1);
    }
    log(r.stdout.trim().split('\n').pop() || 'installed');
  }

  // User settings for the test run: no welcome page, no telemetry prompts, fast diagnostics.
  const settingsDir = path.join(userDataDir, 'User');
  fs.mkdirSync(settingsDir, { recursive: true });
  const settingsFile = path.join(settingsDir, 'settings.json');
  if (!fs.existsSync(settingsFile)) {
    fs.writeFileSync(
      settingsFile,
      JSON.stringify(
        {
          'workbench.startupEditor': 'none',
          'telemetry.telemetryLevel': 'off',
          'security.workspace.trust.enabled': false,
          'extensions.autoCheckUpdates': false,
          'extensions.autoUpdate': false,
          'workbench.tips.enabled': false,
          'update.mode': 'none',
          // keep the screenshots about the extension: no chat side bar, no AI offers
          'chat.disableAIFeatures': true,
          'workbench.secondarySideBar.defaultVisibility': 'hidden',
          'chat.commandCenter.enabled': false,
          'workbench.layoutControl.enabled': false,
          // the extension under development in the browser's web-worker extension host (its `browser` entry)
          ...(process.env.WIKIMAP_E2E_EXTENSION_KIND === 'web'
            ? { 'remote.extensionKind': { [String(devExtensionId(extDev))]: ['web'] } }
            : {}),
        },
        null,
        2,
      ),
    );
  }

  const { child, url } = await startCodeServer(
    cs,
    [
      '--auth',
      'none',
      '--bind-addr',
      '127.0.0.1:0',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--vscode-option',
      'enable-smoke-test-driver',
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
    ],
    env,
  );
  log(`code-server at ${url}`);

  let exitCode;
  let browser;
  const browserProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-chromium-'));
  try {
    const { chromium } = require('playwright-core');
    const context = await chromium.launchPersistentContext(browserProfile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    browser = context;
    const page = context.pages()[0] || (await context.newPage());
    const shotsDir = process.env.WIKIMAP_E2E_SCREENSHOTS;
    const signalsDir = process.env.WIKIMAP_E2E_SIGNALS;
    const trusted = devExtensionId(extDev);
    if (trusted) await page.addInitScript(productOverridesScript({ trustedExtensionAuthAccess: { contentdb: [trusted] } }));
    let resolveExit;
    const exited = new Promise((r) => (resolveExit = r));
    let pending = Promise.resolve();
    await page.exposeFunction('codeAutomationLog', (type, logArgs) => {
      const list = Array.isArray(logArgs) ? logArgs : [logArgs];
      const line =
        typeof list[0] === 'string' && list[0].includes('%')
          ? util.format(...list)
          : list.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      // The tests' requests to the browser (see the top of this file), handled one after another.
      const ui = /WIKIMAP_UI:(\{.*\})\s*$/.exec(line);
      if (ui) {
        let req;
        try {
          req = JSON.parse(ui[1]);
        } catch (err) {
          log(`bad UI request: ${ui[1]}`);
          return;
        }
        pending = pending
          .then(async () => {
            let answer;
            try {
              answer = await handleUiRequest(page, req, shotsDir);
            } catch (err) {
              // what the workbench showed instead, kept out of the screenshots the README uses
              const failed = path.join(failuresDir(), `${req.screenshot || req.id || 'ui'}.png`);
              await page.screenshot({ path: failed }).catch(() => {});
              answer = { ok: false, error: `${err && err.message ? err.message : String(err)} (the workbench at that moment: ${failed})` };
            }
            if (signalsDir && req.id) {
              const file = path.join(signalsDir, `${req.id}.json`);
              fs.writeFileSync(`${file}.tmp`, JSON.stringify(answer));
              fs.renameSync(`${file}.tmp`, file);
            }
          })
          .catch((err) => log(`answering ${ui[1]} failed: ${err && err.message ? err.message : err}`));
        return;
      }
      const shot = /WIKIMAP_SCREENSHOT:([\w.-]+)/.exec(line);
      if (!shot && !process.env.WIKIMAP_E2E_VERBOSE && isWorkbenchNoise(line)) return;
      if (shot && shotsDir) {
        fs.mkdirSync(shotsDir, { recursive: true });
        pending = pending.then(() =>
          page.screenshot({ path: path.join(shotsDir, `${shot[1]}.png`) }).catch((e) => log(`screenshot failed: ${e.message}`)),
        );
        return;
      }
      process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
    // The web-worker extension host knows its extensions by the server's own authority; a test file is run
    // by the host of the extension whose folder holds it, found by comparing these URIs.
    const authority = process.env.WIKIMAP_E2E_EXTENSION_KIND === 'web' ? new URL(url).host : 'remote';
    const payload = [
      ...args.developmentPaths.map((p) => ['extensionDevelopmentPath', `vscode-remote://${authority}${path.resolve(p)}`]),
      ['extensionTestsPath', `vscode-remote://${authority}${path.resolve(extTests)}`],
    ];
    // `web`: the extensions under development (and the tests) run in the browser's web-worker extension host
    if (process.env.WIKIMAP_E2E_EXTENSION_KIND) payload.push(['extensionDevelopmentKind', process.env.WIKIMAP_E2E_EXTENSION_KIND]);
    const target = `${url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    if (process.env.WIKIMAP_E2E_VERBOSE) page.on('console', (m) => log(`console ${m.type()}: ${m.text()}`));
    if (process.env.WIKIMAP_E2E_VERBOSE) page.on('response', (r) => r.status() >= 400 && log(`HTTP ${r.status()} ${r.url()}`));
    await page.goto(target);
    const timer = new Promise((r) => setTimeout(() => r('timeout'), TEST_TIMEOUT_MS).unref());
    const result = await Promise.race([exited, timer]);
    await pending;
    if (result === 'timeout') {
      log(`the tests did not finish within ${TEST_TIMEOUT_MS / 60000} minutes`);
      await page.screenshot({ path: path.join(failuresDir(), 'timeout.png') }).catch(() => {});
      exitCode = 1;
    } else {
      exitCode = Number(result) || 0;
    }
  } catch (err) {
    console.error(`codeServerLauncher: ${err && err.stack ? err.stack : err}`);
    exitCode = 1;
  } finally {
    if (browser) await browser.close().catch(() => {});
    child.kill('SIGTERM');
    fs.rmSync(browserProfile, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main();
