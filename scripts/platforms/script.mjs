// The classic-script builds, for scripts/test-platforms.mjs: script/polyfill.js (the wasm
// inlined) and script/js-polyfill.js (the JavaScript build), each from a <script src> as a CDN
// serves the installed package (/cdn/text-encoding-wasm@VERSION/...), in headless Chromium and
// Firefox and in a jsdom window (the app tests/platforms/script/, jsdom pinned by its lock, run
// with Node 24). A second classic script, tests/platforms/script/driver.mjs bundled by esbuild,
// checks what the polyfill's script did and runs the portable suite over the global classes after
// `install({ force: true })`. Also: esbuild bundles 'text-encoding-wasm/polyfill' (the browser
// condition) as an IIFE, and that bundle runs the same pages; jsdom also runs the wasm script in a
// window stripped of the four classes first (as jsdom's windows were before version 27).

import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureApp, installPackage } from '../lib/apps.mjs';
import { runPage, withBrowser } from '../lib/browser.mjs';
import { engineBinary } from '../lib/engines.mjs';
import { addResult, collapseSkips, readResult, switchEnv } from '../lib/portable.mjs';
import { runCommand } from '../lib/run.mjs';
import { inside, startServer } from '../lib/server.mjs';

/** The polyfills the pages load: name → what, and where the page's <script src> points. */
const SCRIPTS = {
  wasm: { what: 'script/polyfill.js', src: (version) => `/cdn/text-encoding-wasm@${version}/script/polyfill.js` },
  js: { what: 'script/js-polyfill.js', src: (version) => `/cdn/text-encoding-wasm@${version}/script/js-polyfill.js` },
  bundle: { what: "esbuild's IIFE of text-encoding-wasm/polyfill", src: () => '/bundle/polyfill.js' },
};

/** The pages each environment runs: [script, bare] (bare: the window's own classes removed first). */
const PAGES = {
  chromium: [['wasm', false], ['js', false], ['bundle', false]],
  firefox: [['wasm', false], ['js', false], ['bundle', false]],
  jsdom: [['wasm', false], ['wasm', true], ['js', false], ['bundle', false]],
};

/** The page's label in the output. */
const labelOf = (env, script, bare) => `${env}: ${SCRIPTS[script].what}${bare ? ', in a window without the classes' : ''}`;

/**
 * The page for `script` in `env`: its config, the first script (before.js), the polyfill's
 * <script src>, then the driver.
 */
function page(env, script, bare, version) {
  const config = { label: labelOf(env, script, bare), expectSharedArrayBuffer: env !== 'jsdom', bare };
  return `<!doctype html><meta charset="utf-8"><title>classic script</title><pre id="out"></pre>
<script>globalThis.__scriptConfig = ${JSON.stringify(config)};</script>
<script src="/before.js"></script>
<script src="${SCRIPTS[script].src(version)}"></script>
<script src="/driver.js"></script>
`;
}

/**
 * Bundles the driver as a classic script, and 'text-encoding-wasm/polyfill' as an app would
 * (`esbuild --bundle --format=iife`, the browser condition) into an IIFE that sets
 * TextEncodingWasm as the package's script does. Returns the bundle check's result.
 */
async function bundle(app, buildDir) {
  const { build } = await import('esbuild');
  await build({ entryPoints: [join(app, 'driver.mjs')], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', outfile: join(buildDir, 'driver.js'), logLevel: 'silent' });
  const label = "esbuild --bundle --format=iife of 'text-encoding-wasm/polyfill'";
  try {
    const result = await build({
      stdin: { contents: "import * as polyfill from 'text-encoding-wasm/polyfill';\nglobalThis.TextEncodingWasm = polyfill;\n", resolveDir: app, sourcefile: 'entry.js' },
      absWorkingDir: app,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      outfile: join(buildDir, 'polyfill.js'),
      metafile: true,
      logLevel: 'silent',
    });
    const entry = 'node_modules/text-encoding-wasm/web/polyfill.js';
    if (!(entry in result.metafile.inputs)) throw new Error(`the bundle does not hold ${entry} (the browser condition's entry)`);
    for (const w of result.warnings) console.log(`  warning: ${w.text}`);
    console.log(`${label}: 1 passed, 0 failed`);
    return { passed: 1, failed: 0, skipped: 0 };
  } catch (error) {
    const messages = error.errors ? error.errors.map((e) => e.text).join('\n       ') : String(error);
    console.log(`  FAIL ${label}\n       ${messages}\n${label}: 0 passed, 1 failed`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** Prints what the polyfill's script did in a run (its installed.details). */
function printActions(value) {
  for (const action of (value && value.actions) || []) console.log(`  polyfill: ${action}`);
}

/** The pages of `env` that load one of `scripts`, in a headless browser, one session. */
async function runBrowser(env, origin, scripts) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  await withBrowser(
    env,
    async (browser) => {
      for (const [script, bare] of PAGES[env].filter(([s]) => scripts.includes(s))) {
        const label = labelOf(env, script, bare);
        const { value, log } = await runPage(browser, `${origin}/page/${env}/${script}${bare ? '/bare' : ''}`, 'globalThis.__portableResult', { timeoutMs: 60000 });
        if (value.failed && log.length) console.log(log.join('\n'));
        printActions(value);
        addResult(total, readResult(label, { stdout: collapseSkips(`@@portable-result ${JSON.stringify(value)}`) }, { smoke: true }));
      }
    },
    { timeoutMs: 120000 },
  );
  return total;
}

/** The jsdom pages, each in its own Node 24 process (tests/platforms/script/jsdom.mjs). */
async function runJsdom(app, origin, scripts) {
  const node = engineBinary('node24');
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const [script, bare] of PAGES.jsdom.filter(([s]) => scripts.includes(s))) {
    const label = labelOf('jsdom', script, bare);
    const out = await runCommand(node, [join(app, 'jsdom.mjs'), `${origin}/page/jsdom/${script}${bare ? '/bare' : ''}`], { cwd: app, timeoutMs: 90000, env: switchEnv(false) });
    const line = out.stdout.split('\n').find((l) => l.startsWith('@@portable-result '));
    if (line) printActions(JSON.parse(line.slice('@@portable-result '.length)));
    if (out.stderr.trim() !== '') console.log(out.stderr.trim().slice(-2000));
    addResult(total, readResult(label, { ...out, stdout: collapseSkips(out.stdout) }, { smoke: true }));
  }
  return total;
}

/** Builds, serves and runs every page; resolves to the counts. */
export async function run(pkg) {
  const app = ensureApp('script');
  const installed = installPackage(pkg, app);
  const version = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
  const buildDir = join(app, 'build');
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(buildDir, { recursive: true });
  const total = { passed: 0, failed: 0, skipped: 0 };
  const bundled = await bundle(app, buildDir);
  addResult(total, bundled);
  // The pages of esbuild's bundle run only where it was made.
  const scripts = Object.keys(SCRIPTS).filter((s) => s !== 'bundle' || bundled.failed === 0);
  const cdn = `/cdn/text-encoding-wasm@${version}/`;
  const server = await startServer((pathname) => {
    const match = /^\/page\/(chromium|firefox|jsdom)\/(wasm|js|bundle)(\/bare)?$/.exec(pathname);
    if (match) return { body: page(match[1], match[2], match[3] !== undefined, version) };
    if (pathname === '/before.js') return join(app, 'before.js');
    if (pathname === '/driver.js') return join(buildDir, 'driver.js');
    if (pathname === '/bundle/polyfill.js') return join(buildDir, 'polyfill.js');
    if (pathname.startsWith(cdn)) return inside(installed, pathname.slice(cdn.length));
    return null;
  });
  try {
    for (const env of ['chromium', 'firefox']) {
      try {
        addResult(total, await runBrowser(env, server.origin, scripts));
      } catch (error) {
        console.log(`${env}: could not run: ${error && error.stack ? error.stack : error}`);
        total.failed++;
      }
    }
    addResult(total, await runJsdom(app, server.origin, scripts));
  } finally {
    await server.close();
  }
  return total;
}
