// `node scripts/test-env.mjs [--env NAME|all]... [--core only|both|off] [--pkg DIR]`
//
// Runs the portable suite (tests/portable/) against the built package (pkg/, or $TEW_PKG, or
// --pkg) in each environment and prints `<env>: N passed, M failed` per environment; exits 1 if
// any environment fails or cannot run.
//   node      the system Node: `node tests/portable/cli.mjs` four times, each its own process: the
//             web folder (web/index.js, legacy.js, standard.js, polyfill.js), the Node folder
//             (node/, the same file names), and the lite entries of each (lite/web/, lite/node/)
//             with every add-on imported (scripts/lib/portable.mjs's LITE_RUNS: before the
//             entries, and after a first use of lite); Deno and the browsers run the web folder
//             and one lite run
//   node22, node24, node26
//             the same with Node 22, 24 and 26 (pinned in scripts/lib/engines.mjs, installed into
//             .cache/engines/ by scripts/setup.sh --browsers)
//   bun       the same with Bun (`bun tests/portable/cli.mjs`; pinned and installed the same way)
//   deno      `deno run --allow-read tests/portable/cli.mjs` with the web folder (the package by path)
//   chromium  headless Chromium (puppeteer-core, /usr/bin/chromium) on a cross-origin-isolated page
//   firefox   headless Firefox ESR (puppeteer-core, WebDriver BiDi, /usr/bin/firefox-esr), same page
// `all` (the default) is every one of them. An engine that is not installed fails the run.
//
// --core: each environment runs as is and, as `<env> core`, with the package's host-acceleration
// switch set, so that it uses its wasm core instead of the host's own decoders (`both`, the
// default); `only` runs the second alone, `off` the first alone. The switch is the config's
// `core: true` everywhere (the runner sets `globalThis.TEXT_ENCODING_WASM_HOST = 'off'` before it
// imports the package) and, in Node and Bun, also the environment variable
// TEXT_ENCODING_WASM_HOST=off; the runs as is get neither, whatever the caller's environment holds.
// (A realm with none of the classes, where the polyfill installs and a Shift_JIS stream decodes,
// is tests/js/polyfill-realm.test.mjs.)

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSERS, runPage, withBrowser } from './lib/browser.mjs';
import { ENGINES, denoBin, denoEnv, denoRunFlags, EngineMissing, engineBinary } from './lib/engines.mjs';
import { packageDir, packageUrl } from './lib/package.mjs';
import { addResult, hostConfig, LITE_RUNS, portableDir, readResult, summarize, switchEnv } from './lib/portable.mjs';
import { runCommand, runMain } from './lib/run.mjs';
import { inside, startServer } from './lib/server.mjs';

/** A reason an environment cannot run that needs no stack to be understood. */
class CannotRun extends Error {}

// ---- the environments ---------------------------------------------------------------------------

/** The environments that run cli.mjs in processes: the system Node and engines.mjs' engines. */
const PROCESS_ENVS = ['node', ...Object.keys(ENGINES)];


/**
 * Node (any version) and Bun: the web folder and the Node folder, each in its own process; then
 * each folder's lite entries with the add-ons, one of the LITE_RUNS each.
 */
async function runProcess(env, name, pkg, core) {
  const binary = engineBinary(env);
  const total = { passed: 0, failed: 0, skipped: 0 };
  const runs = [
    ['web', null],
    ['node', null],
    ['web', LITE_RUNS[0]],
    ['node', LITE_RUNS[1]],
  ];
  for (const [host, lite] of runs) {
    const label = `${name} (${lite ? `lite/${host}/, ${lite.name}` : `${host}/`})`;
    const config = hostConfig(pkg, label, host, (f) => packageUrl(pkg, f), { core, addOns: lite && lite.addOns });
    const out = await runCommand(binary, [join(portableDir, 'cli.mjs'), JSON.stringify(config)], { timeoutMs: 180000, env: switchEnv(core) });
    addResult(total, readResult(label, out));
  }
  return total;
}

/** Deno: the web folder, then its lite entries with the add-ons imported after a first use. */
async function runDeno(name, pkg, core) {
  if (!existsSync(denoBin)) throw new CannotRun(`deno not found at ${denoBin} (npm install)`);
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const lite of [null, LITE_RUNS[1]]) {
    const label = `${name} (${lite ? `lite/web/, ${lite.name}` : 'web/'})`;
    const config = hostConfig(pkg, label, 'web', (f) => packageUrl(pkg, f), { core, addOns: lite && lite.addOns });
    // Deno gets the switch through the config alone (reading the environment needs --allow-env).
    const out = await runCommand(denoBin, [...denoRunFlags, join(portableDir, 'cli.mjs'), JSON.stringify(config)], { timeoutMs: 180000, env: switchEnv(false, denoEnv()) });
    addResult(total, readResult(label, out));
  }
  return total;
}

/** A browser: the web folder, then its lite entries with the add-ons imported first. */
async function runBrowser(browserName, name, pkg, core) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const lite of [null, LITE_RUNS[0]]) addResult(total, await runBrowserPage(browserName, name, pkg, core, lite));
  return total;
}

async function runBrowserPage(browserName, name, pkg, core, lite) {
  const label = `${name} (${lite ? `lite/web/, ${lite.name}` : 'web/'})`;
  const server = await startServer((pathname) => {
    if (pathname === '/') {
      const config = hostConfig(pkg, label, 'web', (f) => `/pkg/${f}`, { core, addOns: lite && lite.addOns });
      return {
        body: `<!doctype html><meta charset="utf-8"><title>portable suite</title><pre id="out"></pre>
<script>globalThis.__portableConfig = ${JSON.stringify(config)};</script>
<script type="module" src="/portable/browser.mjs"></script>`,
      };
    }
    if (pathname.startsWith('/pkg/')) return inside(pkg, pathname.slice(5));
    if (pathname.startsWith('/portable/')) return inside(portableDir, pathname.slice(10));
    return null;
  });
  try {
    return await withBrowser(
      browserName,
      async (browser) => {
        const { value, log } = await runPage(browser, `${server.origin}/`, 'globalThis.__portableResult', { timeoutMs: 150000 });
        if (value.failed && log.length) console.log(log.join('\n'));
        return readResult(label, { stdout: `@@portable-result ${JSON.stringify(value)}` });
      },
      { timeoutMs: 180000 },
    );
  } finally {
    await server.close();
  }
}

// ---- main -------------------------------------------------------------------------------------------

const ALL = [...PROCESS_ENVS, 'deno', ...Object.keys(BROWSERS)];
const CORE_MODES = { both: [false, true], only: [true], off: [false] };

runMain('test-env', 15, async (argv) => {
  const pkg = packageDir(argv);
  let envs = [];
  let coreMode = 'both';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--env') envs.push(...argv[++i].split(','));
    else if (argv[i] === '--core') coreMode = argv[++i];
  }
  if (!(coreMode in CORE_MODES)) throw new Error(`--core ${coreMode}: expected ${Object.keys(CORE_MODES).join(', ')}`);
  if (envs.length === 0 || envs.includes('all')) envs = ALL;
  for (const env of envs) if (!ALL.includes(env)) throw new Error(`unknown environment ${env} (${ALL.join(', ')}, all)`);
  const run = (env, name, core) => {
    if (PROCESS_ENVS.includes(env)) return runProcess(env, name, pkg, core);
    if (env === 'deno') return runDeno(name, pkg, core);
    return runBrowser(env, name, pkg, core);
  };
  const totals = [];
  for (const env of envs) {
    for (const core of CORE_MODES[coreMode]) {
      const name = core ? `${env} core` : env;
      console.log(`\n--- portable suite: ${name}`);
      const started = Date.now();
      let result;
      try {
        result = await run(env, name, core);
      } catch (error) {
        const why = error instanceof CannotRun || error instanceof EngineMissing ? error.message : error && error.stack ? error.stack : error;
        console.log(`${name}: could not run: ${why}`);
        result = { passed: 0, failed: 1, skipped: 0 };
      }
      console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      totals.push([name, result]);
    }
  }
  return summarize(totals) ? 0 : 1;
});
