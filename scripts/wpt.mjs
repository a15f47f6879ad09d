// `npm run wpt -- --wpt-dir DIR [--env node|node22|node24|node26|bun|deno|chromium|firefox|workerd|all]...
//                [--core] [--host web|node|wasm2js] [--pkg DIR] [--filter TEXT] [--jobs N]
//                [--verbose]`
//
// Runs the upstream web-platform-tests `encoding/` tests (every `*.any.js` under DIR/encoding,
// each `// META: variant=` separately) from a WPT checkout at DIR against this package's classes,
// installed over the environment's own with the polyfill entry (`install({force: true})`) of the
// host folder (--host; by default node/ in Node and Bun and web/ in Deno and the browsers; wasm2js/
// is the JavaScript build), and prints a per-file table, the failing subtests, per-environment
// totals and the final line `wpt: N passed, M failed`. Exits 1 if any subtest failed (or a file
// could not run).
//
//   node, node22, node24, node26, bun, deno
//               one process per test file, of the system Node, of Node 22/24/26 or Bun (pinned in
//               scripts/lib/engines.mjs, installed by scripts/setup.sh --browsers; one that is not
//               installed fails), or of Deno: the polyfill is imported and forced, then
//               resources/testharness.js, the `// META: script=` includes and the test file are
//               evaluated as classic scripts (node:vm runInThisContext; Bun and Deno have it too)
//   chromium,   a generated `.any.html`-style page per test file on a local cross-origin-isolated
//   firefox     server (127.0.0.1, ephemeral port), in headless Chromium / Firefox ESR
//   workerd     Cloudflare's workerd (the pinned one of tests/platforms/workers/, the package
//               installed there from its tarball): the app's src/wpt.js, bundled once by Wrangler
//               (the `workerd` condition takes the edge folder, whatever --host says), forces the
//               polyfill in its fetch handler and evaluates the same classic scripts through
//               workerd's UnsafeEval binding; one `workerd test --experimental` process per test
//               file, each with its own config (.cache/wpt/workerd/)
// Default: every environment.
//
// --core sets the package's host-acceleration switch, so that it uses its wasm core instead of the
// host's own decoders: `globalThis.TEXT_ENCODING_WASM_HOST = 'off'` before the package is first
// imported (in every process and page), and in Node and Bun processes also the environment
// variable TEXT_ENCODING_WASM_HOST=off. Without --core neither is set, whatever the caller's
// environment holds.
//
// `META: script=` paths resolve against the test file's directory, or DIR's root when they start
// with "/". resources/testharness.js comes from DIR; if DIR lacks it (or idlharness.js /
// WebIDLParser.js), the copies shipped in node_modules/wpt-runner are used. The WPT checkout is
// the user's and is never copied into this repository. Tests that fetch (idlharness's
// /interfaces/*.idl) are served from DIR; in the processes a fetch shim reads them from DIR.
//
// With `--child CONFIG` this file is the per-test-file runner that the process environments start
// (it imports only node: builtins, which Bun and Deno provide too).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..');
const wptRunnerDir = join(repoRoot, 'node_modules', 'wpt-runner');
/** Harness files taken from wpt-runner when the checkout lacks them. */
const FALLBACKS = {
  'resources/testharness.js': join(wptRunnerDir, 'testharness', 'testharness.js'),
  'resources/idlharness.js': join(wptRunnerDir, 'testharness', 'idlharness.js'),
  'resources/WebIDLParser.js': join(wptRunnerDir, 'testharness', 'webidl2', 'lib', 'webidl2.js'),
  'common/gc.js': join(wptRunnerDir, 'common', 'gc.js'),
};
const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const ORIGIN = 'http://wpt.test';
const STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const HARNESS_STATUS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

// ---- the per-file runner (process environments) -----------------------------------------------

/**
 * Puts the package's classes over the host's (the polyfill entry, forced; or, without one, the
 * classes defined as globals), after setting the host-acceleration switch if `config.core`.
 * Returns whether the globals are now the package's; failures go to `errors`. Runs in the
 * children of the process environments, and in the browser pages (as its source text).
 */
async function installPackage(config, names, errors) {
  // Before the first import of any module of the package.
  if (config.core) globalThis.TEXT_ENCODING_WASM_HOST = 'off';
  try {
    const api = await import(config.entry);
    if (config.polyfill) {
      const polyfill = await import(config.polyfill);
      if (typeof polyfill.load === 'function') await polyfill.load();
      polyfill.install({ force: true });
    } else {
      for (const name of names) {
        if (typeof api[name] === 'function') Object.defineProperty(globalThis, name, { value: api[name], writable: true, configurable: true, enumerable: false });
      }
    }
    const installed = names.filter((n) => typeof api[n] === 'function').every((n) => globalThis[n] === api[n]);
    if (!installed) errors.push('the package classes are not the globals after installing');
    return installed;
  } catch (e) {
    errors.push(`installing the package failed: ${e && e.stack ? e.stack : e}`);
    return false;
  }
}

async function child(config) {
  const loadErrors = [];
  // The result is the child's last line; Node's stdout to a pipe is asynchronous, so it exits only
  // once the line is written (a large result was cut short by an exit right after console.log).
  const print = (result) => {
    const line = `@@wpt-result ${JSON.stringify(result)}\n`;
    if (globalThis.Deno) {
      console.log(line.trimEnd());
      globalThis.Deno.exit(0);
    } else {
      globalThis.process.stdout.write(line, () => globalThis.process.exit(0));
    }
  };
  // Unhandled rejections and uncaught errors are reported, not fatal (as in a browser).
  if (globalThis.process && typeof globalThis.process.on === 'function') {
    globalThis.process.on('unhandledRejection', () => {});
    globalThis.process.on('uncaughtException', (e) => loadErrors.push(`uncaught: ${e && e.message ? e.message : e}`));
  }
  if (typeof globalThis.addEventListener === 'function') {
    globalThis.addEventListener('unhandledrejection', (e) => e.preventDefault());
  }
  if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
  globalThis.GLOBAL = { isWindow: () => false, isWorker: () => false, isShadowRealm: () => false };
  if (typeof globalThis.location === 'undefined') {
    Object.defineProperty(globalThis, 'location', { value: new URL(config.url), writable: true, configurable: true });
  }
  // Same-"origin" fetches (idlharness's /interfaces/*.idl) read DIR.
  const hostFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, config.url);
    if (url.origin !== ORIGIN) return hostFetch(input, init);
    const file = join(config.wptDir, decodeURIComponent(url.pathname));
    try {
      return new Response(readFileSync(file), { status: 200 });
    } catch {
      return new Response('not found', { status: 404, statusText: 'Not Found' });
    }
  };

  // Our classes over the host's.
  const installed = await installPackage(config, NAMES, loadErrors);

  const run = (file) => vm.runInThisContext(readFileSync(file, 'utf8'), { filename: file });
  try {
    run(config.testharness);
  } catch (e) {
    print({ installed, tests: [], harness: { status: 1, message: `testharness.js failed: ${e}` }, loadErrors });
    return;
  }
  globalThis.add_completion_callback((tests, status) => {
    print({
      installed,
      tests: tests.map((t) => ({ name: t.name, status: t.status, message: t.message })),
      harness: { status: status.status, message: status.message },
      loadErrors,
    });
  });
  globalThis.setup({ explicit_done: true });
  if (installed) {
    for (const script of config.scripts) {
      if (script.missing) {
        loadErrors.push(`missing include ${script.path}`);
        continue;
      }
      try {
        run(script.file);
      } catch (e) {
        loadErrors.push(`${script.path}: ${e && e.name ? `${e.name}: ${e.message}` : e}`);
      }
    }
  }
  globalThis.done();
}

// ---- discovery ----------------------------------------------------------------------------------

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'resources' && !name.startsWith('.')) walk(full, out);
    } else if (name.endsWith('.any.js')) {
      out.push(full);
    }
  }
  return out;
}

function parseMeta(source) {
  const meta = { script: [], variant: [], global: [], timeout: null, title: null };
  for (const line of source.split('\n')) {
    const m = /^\/\/ META: *([a-z_]+) *= *(.*?)\s*$/.exec(line);
    if (!m) {
      if (line.trim() === '' || line.startsWith('//')) continue;
      break;
    }
    const [, key, value] = m;
    if (key === 'script' || key === 'variant') meta[key].push(value);
    else if (key === 'global') meta.global.push(...value.split(',').map((s) => s.trim()));
    else meta[key] = value;
  }
  return meta;
}

/** Where a WPT-root-relative path is served from: DIR, or a wpt-runner fallback; null if neither. */
function locate(wptDir, rel) {
  const inDir = join(wptDir, ...rel.split('/'));
  if (existsSync(inDir) && statSync(inDir).isFile()) return inDir;
  return FALLBACKS[rel] && existsSync(FALLBACKS[rel]) ? FALLBACKS[rel] : null;
}

function discover(wptDir, filter) {
  const encodingDir = join(wptDir, 'encoding');
  if (!existsSync(encodingDir)) throw new Error(`${encodingDir} does not exist: --wpt-dir must be the root of a WPT checkout`);
  const testharness = locate(wptDir, 'resources/testharness.js');
  if (!testharness) throw new Error('no resources/testharness.js in the checkout and none in node_modules/wpt-runner');
  const entries = [];
  for (const file of walk(encodingDir)) {
    const rel = relative(wptDir, file).split(sep).join('/');
    if (filter && !rel.includes(filter)) continue;
    const meta = parseMeta(readFileSync(file, 'utf8'));
    // As wptserve's .any.js wrapper does: idlharness.js gets the WebIDL parser loaded before it.
    const idl = meta.script.indexOf('/resources/idlharness.js');
    if (idl >= 0 && !meta.script.includes('/resources/WebIDLParser.js')) meta.script.splice(idl, 0, '/resources/WebIDLParser.js');
    const scripts = meta.script.map((src) => {
      const path = src.startsWith('/') ? src.slice(1) : posix.normalize(posix.join(posix.dirname(rel), src));
      const located = locate(wptDir, path);
      return located ? { path, file: located } : { path, missing: true };
    });
    scripts.push({ path: rel, file });
    for (const variant of meta.variant.length ? meta.variant : ['']) {
      entries.push({ rel, variant, scripts, long: meta.timeout === 'long', globals: meta.global });
    }
  }
  return { entries, testharness, fromCheckout: testharness.startsWith(resolve(wptDir) + sep) };
}

// ---- results ------------------------------------------------------------------------------------

/** Turns a raw harness report into { passed, failed, failures[] } for one file. */
function summarize(entry, raw, error) {
  const result = { name: entry.rel + entry.variant, passed: 0, failed: 0, failures: [], note: '' };
  if (error) {
    result.failed = 1;
    result.failures.push({ name: '(file)', status: 'ERROR', message: error });
    result.note = 'did not complete';
    return result;
  }
  if (raw.installed === false) {
    result.failed = 1;
    result.failures.push({ name: '(setup)', status: 'ERROR', message: (raw.loadErrors || []).join('; ') || 'our classes were not installed' });
    result.note = 'not run against the package';
    return result;
  }
  for (const t of raw.tests) {
    if (t.status === 0) result.passed++;
    else {
      result.failed++;
      result.failures.push({ name: t.name, status: STATUS[t.status] ?? String(t.status), message: t.message ?? '' });
    }
  }
  const notes = [];
  if (raw.harness && raw.harness.status !== 0) {
    result.failed++;
    const status = HARNESS_STATUS[raw.harness.status] ?? String(raw.harness.status);
    result.failures.push({ name: '(harness)', status, message: raw.harness.message ?? '' });
    notes.push(`harness ${status}`);
  }
  for (const message of raw.loadErrors || []) {
    result.failed++;
    result.failures.push({ name: '(load)', status: 'ERROR', message });
    notes.push('load error');
  }
  if (raw.tests.length === 0 && notes.length === 0) {
    result.failed++;
    result.failures.push({ name: '(file)', status: 'ERROR', message: 'no subtests ran' });
  }
  result.note = [...new Set(notes)].join(', ');
  return result;
}

/**
 * Why a failure is the environment's rather than the package's, when it plainly is: the test
 * needs a web platform feature the environment lacks (Node, Bun and Deno have no XMLHttpRequest or
 * document; idlharness only knows window and worker globals; workerd's postMessage takes no
 * transfer list). Null otherwise.
 */
function environmentGap(failure) {
  const message = String(failure.message);
  const missing = /\b(XMLHttpRequest|document|Worker|SharedWorker|iframe|window) is not defined\b/.exec(message);
  if (missing) return `no ${missing[1]}`;
  if (/Unexpected global object/.test(message)) return 'idlharness needs a window or worker global';
  // workerd's MessagePort.postMessage (the tests' way to detach a buffer) takes no transfer list.
  if (/Transfer list is not supported/.test(message)) return 'no transfer list in postMessage';
  return null;
}

function printReport(env, results, verbose) {
  const width = Math.max(20, ...results.map((r) => r.name.length));
  console.log(`\n${'file'.padEnd(width)}  ${'pass'.padStart(5)}  ${'fail'.padStart(5)}  note`);
  console.log(`${'-'.repeat(width)}  -----  -----  ----`);
  for (const r of results) {
    const gaps = [...new Set(r.failures.map(environmentGap).filter(Boolean))];
    const note = [r.note, ...gaps.map((g) => `env: ${g}`)].filter(Boolean).join('; ');
    console.log(`${r.name.padEnd(width)}  ${String(r.passed).padStart(5)}  ${String(r.failed).padStart(5)}  ${note}`);
  }
  const failing = results.filter((r) => r.failures.length);
  if (failing.length) console.log(`\nfailing subtests [${env}]:`);
  for (const r of failing) {
    console.log(`  ${r.name}`);
    const shown = verbose ? r.failures : r.failures.slice(0, 15);
    for (const f of shown) {
      const message = String(f.message).replace(/\s+/g, ' ').slice(0, verbose ? 2000 : 300);
      console.log(`    ${f.status} ${f.name}${message ? ` — ${message}` : ''}`);
    }
    if (shown.length < r.failures.length) console.log(`    … ${r.failures.length - shown.length} more (--verbose shows all)`);
  }
}

// ---- environments -------------------------------------------------------------------------------

async function pool(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** The host folder whose entries `env` tests: --host, else web/ in Deno and browsers, else node/. */
const hostOf = (ctx, env) => ctx.host || (env === 'deno' || env === 'browser' ? 'web' : 'node');

/** A reason an environment cannot run that needs no stack to be understood. */
class CannotRun extends Error {}

function childConfig(entry, ctx, env) {
  const files = ctx.lib.hostFiles(hostOf(ctx, env));
  return {
    url: `${ORIGIN}/${entry.rel.replace(/\.js$/, '.html')}${entry.variant}`,
    wptDir: ctx.wptDir,
    entry: ctx.lib.packageUrl(ctx.pkg, files.entry),
    polyfill: ctx.lib.packageUrl(ctx.pkg, files.polyfill),
    testharness: ctx.testharness,
    scripts: entry.scripts,
    core: ctx.core,
  };
}


async function runProcesses(env, ctx) {
  const lib = ctx.lib;
  if (env === 'deno' && !existsSync(lib.denoBin)) throw new CannotRun(`deno not found at ${lib.denoBin} (npm install)`);
  const binary = env === 'deno' ? lib.denoBin : lib.engineBinary(env);
  // The switch reaches Deno through the config alone (reading the environment needs --allow-env).
  const childEnv = env === 'deno' ? lib.switchEnv(false, lib.denoEnv()) : lib.switchEnv(ctx.core);
  return pool(ctx.entries, ctx.jobs, async (entry) => {
    const config = childConfig(entry, ctx, env);
    const script = [fileURLToPath(import.meta.url), '--child', JSON.stringify(config)];
    const args = env === 'deno' ? [...lib.denoRunFlags, '--location', config.url, ...script] : script;
    const out = await lib.runCommand(binary, args, {
      timeoutMs: entry.long ? 180000 : 60000,
      env: childEnv,
    });
    const line = out.stdout.split('\n').find((l) => l.startsWith('@@wpt-result '));
    if (!line) {
      const why = `${out.code === null ? 'killed (time limit)' : `exit ${out.code}`}: ${(out.stderr || out.stdout).trim().split('\n').slice(-5).join(' | ')}`;
      return summarize(entry, null, why);
    }
    return summarize(entry, JSON.parse(line.slice('@@wpt-result '.length)));
  });
}

function pageFor(entry, ctx) {
  const files = ctx.lib.hostFiles(hostOf(ctx, 'browser'));
  const config = {
    entry: `/@pkg/${files.entry}`,
    polyfill: `/@pkg/${files.polyfill}`,
    scripts: entry.scripts.map((s) => (s.missing ? `/@missing/${s.path}` : `/${s.path}`)),
    names: NAMES,
    core: ctx.core,
  };
  return `<!doctype html>
<meta charset="utf-8">${entry.long ? '\n<meta name="timeout" content="long">' : ''}
<title>${entry.rel}${entry.variant}</title>
<script>self.GLOBAL = { isWindow: () => true, isWorker: () => false, isShadowRealm: () => false };</script>
<script src="/resources/testharness.js"></script>
<script>
setup({ explicit_done: true });
add_completion_callback((tests, status) => {
  window.__wptResult = {
    installed: window.__wptInstalled,
    tests: tests.map((t) => ({ name: t.name, status: t.status, message: t.message })),
    harness: { status: status.status, message: status.message },
    loadErrors: window.__wptLoadErrors,
  };
});
window.__wptLoadErrors = [];
</script>
<script type="module">
const config = ${JSON.stringify(config)};
${installPackage.toString()}
window.__wptInstalled = await installPackage(config, config.names, window.__wptLoadErrors);
if (window.__wptInstalled) {
  let last = null;
  for (const src of config.scripts) {
    const s = document.createElement('script');
    s.src = src;
    s.async = false;
    s.onerror = () => window.__wptLoadErrors.push('failed to load ' + src);
    document.head.append(s);
    last = s;
  }
  const finish = () => setTimeout(() => done(), 0);
  if (last) last.addEventListener('load', finish), last.addEventListener('error', finish);
  else done();
} else {
  done();
}
</script>
`;
}

async function runBrowser(env, ctx) {
  const lib = ctx.lib;
  const server = await lib.startServer((pathname) => {
    const rel = pathname.replace(/^\/+/, '');
    if (rel.startsWith('@pkg/')) return lib.inside(ctx.pkg, rel.slice(5));
    if (rel.startsWith('@missing/')) return null;
    if (rel.endsWith('.any.html')) {
      const entry = ctx.byPage.get(rel);
      return entry ? { body: pageFor(entry, ctx) } : null;
    }
    const inDir = lib.inside(ctx.wptDir, rel);
    if (inDir && existsSync(inDir)) return inDir;
    return FALLBACKS[rel] ?? null;
  });
  try {
    return await lib.withBrowser(
      env,
      async (browser) => {
        const results = [];
        for (const entry of ctx.entries) {
          const url = `${server.origin}/${entry.rel.replace(/\.js$/, '.html')}${entry.variant}`;
          try {
            const { value } = await lib.runPage(browser, url, 'window.__wptResult', { timeoutMs: entry.long ? 150000 : 60000 });
            results.push(summarize(entry, value));
          } catch (error) {
            results.push(summarize(entry, null, String(error.message).split('\n')[0]));
          }
        }
        return results;
      },
      { timeoutMs: 20 * 60 * 1000 },
    );
  } finally {
    await server.close();
  }
}

// ---- workerd --------------------------------------------------------------------------------------

/** The compatibility date of the workers app's wrangler.jsonc (its top level). */
function workersCompatibilityDate(app) {
  const text = readFileSync(join(app, 'wrangler.jsonc'), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')).compatibility_date;
}

/**
 * Bundles the app's WPT worker (src/wpt.js, or src/wpt-core.js with the host-acceleration switch)
 * into `dir` with the app's Wrangler (its default module rules, Node 24); returns the bundle's
 * files: { main, wasm: [names] }.
 */
async function bundleWptWorker(ctx, app, dir) {
  const source = ctx.core ? 'src/wpt-core.js' : 'src/wpt.js';
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_SEND_ERROR_REPORTS: 'false', WRANGLER_HIDE_BANNER: 'true', WRANGLER_LOG_PATH: join(dir, '..', 'logs') };
  delete env.WRANGLER_BUILD_CONDITIONS;
  const wrangler = join(app, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const out = await ctx.lib.runCommand(ctx.lib.engineBinary('node24'), [wrangler, 'deploy', '--dry-run', '--env', '', '--outdir', dir, source], { cwd: app, env, timeoutMs: 120000 });
  if (out.code !== 0) throw new CannotRun(`wrangler could not bundle ${source} (exit ${out.code}): ${(out.stdout + out.stderr).trim().slice(-2000)}`);
  const files = readdirSync(dir);
  return { main: files.find((f) => f.endsWith('.js')), wasm: files.filter((f) => f.endsWith('.wasm')).sort() };
}

/**
 * What a test file may fetch from its own origin in workerd, which reads no files: the
 * interfaces/NAME.idl of DIR for each quoted NAME in a test that includes idlharness.js.
 */
function sameOriginResources(entry, ctx) {
  const resources = {};
  if (!entry.scripts.some((s) => s.path === 'resources/idlharness.js')) return resources;
  const source = readFileSync(join(ctx.wptDir, ...entry.rel.split('/')), 'utf8');
  for (const [, name] of source.matchAll(/['"]([\w-]+)['"]/g)) {
    const file = join(ctx.wptDir, 'interfaces', `${name}.idl`);
    if (existsSync(file)) resources[`/interfaces/${name}.idl`] = readFileSync(file, 'utf8');
  }
  return resources;
}

/** The capnp config of one test file's run: the bundled worker (its WPT and UNSAFE_EVAL bindings) and the app's driver. */
function workerdConfig(bundle, bundleDir, driver, date) {
  const str = JSON.stringify;
  const modules = [
    `(name = ${str(bundle.main)}, esModule = embed ${str(join(bundleDir, bundle.main))})`,
    ...bundle.wasm.map((f) => `(name = ${str(f)}, wasm = embed ${str(join(bundleDir, f))})`),
  ];
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "wpt", worker = (
      modules = [ ${modules.join(', ')} ],
      compatibilityDate = ${str(date)},
      bindings = [ (name = "WPT", json = embed "wpt.json"), (name = "UNSAFE_EVAL", unsafeEval = void) ],
    )),
    (name = "driver", worker = (
      modules = [ (name = "driver.js", esModule = embed ${str(driver)}) ],
      compatibilityDate = ${str(date)},
      bindings = [ (name = "wpt", service = "wpt") ],
    )),
  ],
);
`;
}

/**
 * workerd: the workers app's tools and the package installed there, the WPT worker bundled once,
 * then each test file in its own `workerd test --experimental` process with a config of its own
 * (.cache/wpt/workerd/N/: the worker, its WPT binding holding the file's scripts, and the app's
 * driver, which fetches the worker once and prints its answer); the files' results as summarize
 * gives them.
 */
async function runWorkerd(ctx) {
  const lib = ctx.lib;
  if (ctx.host !== undefined && ctx.host !== 'edge') console.log(`wpt [workerd]: --host ${ctx.host} does not apply: the workerd condition takes the edge folder`);
  const { ensureApp, installPackage: installInApp } = await import('./lib/apps.mjs');
  const app = ensureApp('workers');
  installInApp(ctx.pkg, app);
  const workerd = join(app, 'node_modules', '@cloudflare', 'workerd-linux-64', 'bin', 'workerd');
  const date = workersCompatibilityDate(app);
  const out = join(repoRoot, '.cache', 'wpt', 'workerd');
  rmSync(out, { recursive: true, force: true });
  const bundleDir = join(out, 'bundle');
  const bundle = await bundleWptWorker(ctx, app, bundleDir);
  const testharness = { path: 'resources/testharness.js', source: readFileSync(ctx.testharness, 'utf8') };
  const version = (await lib.runCommand(workerd, ['--version'])).stdout.trim();
  console.log(`wpt [workerd]: ${version}, compatibility date ${date}, no nodejs_compat`);
  return pool(ctx.entries, ctx.jobs, async (entry, i) => {
    const dir = join(out, String(i));
    mkdirSync(dir, { recursive: true });
    const config = {
      url: `${ORIGIN}/${entry.rel.replace(/\.js$/, '.html')}${entry.variant}`,
      testharness,
      scripts: entry.scripts.map((s) => (s.missing ? s : { path: s.path, source: readFileSync(s.file, 'utf8') })),
      resources: sameOriginResources(entry, ctx),
    };
    writeFileSync(join(dir, 'wpt.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'config.capnp'), workerdConfig(bundle, relative(dir, bundleDir), relative(dir, join(app, 'workerd-driver.js')), date));
    const run = await lib.runCommand(workerd, ['test', '--experimental', 'config.capnp'], { cwd: dir, timeoutMs: entry.long ? 180000 : 60000 });
    const line = run.stdout.split('\n').find((l) => l.startsWith('@@worker wpt '));
    // The body may hold U+2028 and U+2029 (test names), which `.` does not match without the s flag.
    const answer = line && /^@@worker wpt (\d+) (.*)$/s.exec(line);
    if (!answer || answer[1] !== '200') {
      const why = `${run.code === null ? 'killed (time limit)' : `exit ${run.code}`}: ${(answer ? JSON.parse(answer[2]) : run.stderr || run.stdout).trim().split('\n').slice(-5).join(' | ')}`;
      return summarize(entry, null, why);
    }
    return summarize(entry, JSON.parse(JSON.parse(answer[2])));
  });
}

// ---- main -----------------------------------------------------------------------------------------

async function main(argv) {
  // The project's libraries, loaded here only: the per-file children need none.
  const lib = {
    ...(await import('./lib/browser.mjs')),
    ...(await import('./lib/engines.mjs')),
    ...(await import('./lib/package.mjs')),
    ...(await import('./lib/run.mjs')),
    ...(await import('./lib/server.mjs')),
    switchEnv: (await import('./lib/portable.mjs')).switchEnv,
  };
  // One process per test file: the system Node, each engine of engines.mjs, and Deno.
  const processEnvs = ['node', ...Object.keys(lib.ENGINES), 'deno'];
  const ALL = [...processEnvs, ...Object.keys(lib.BROWSERS), 'workerd'];
  const value = (flag) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const wptArg = value('--wpt-dir');
  if (!wptArg) {
    console.error(`usage: npm run wpt -- --wpt-dir DIR [--env ${ALL.join('|')}|all] [--core] [--host web|node|wasm2js] [--pkg DIR] [--filter TEXT] [--jobs N] [--verbose]`);
    return 2;
  }
  const wptDir = resolve(wptArg);
  const pkg = lib.packageDir(argv);
  const host = value('--host');
  if (host !== undefined && !lib.HOSTS.includes(host)) throw new Error(`unknown host folder ${host} (${lib.HOSTS.join(', ')})`);
  let envs = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--env') envs.push(...argv[++i].split(','));
  if (envs.length === 0 || envs.includes('all')) envs = ALL;
  for (const e of envs) if (!ALL.includes(e)) throw new Error(`unknown environment ${e} (${ALL.join(', ')}, all)`);

  const { entries, testharness, fromCheckout } = discover(wptDir, value('--filter'));
  if (entries.length === 0) throw new Error(`no *.any.js tests under ${join(wptDir, 'encoding')}`);
  const ctx = {
    wptDir,
    pkg,
    host,
    lib,
    entries,
    testharness,
    core: argv.includes('--core'),
    jobs: Math.max(1, Number(value('--jobs')) || 2),
    byPage: new Map(entries.map((e) => [e.rel.replace(/\.js$/, '.html'), e])),
  };
  console.log(`wpt: ${entries.length} test files (variants counted) from ${wptDir}; package ${pkg}`);
  console.log(`wpt: testharness.js from ${fromCheckout ? 'the checkout' : `node_modules/wpt-runner (the checkout has none)`}`);
  if (ctx.core) console.log('wpt: --core: the host-acceleration switch is set (TEXT_ENCODING_WASM_HOST=off)');

  const totals = [];
  for (const env of envs) {
    const label = ctx.core ? `${env} core` : env;
    console.log(`\n=== wpt [${label}]`);
    const started = Date.now();
    let results;
    try {
      if (env === 'workerd') results = await runWorkerd(ctx);
      else results = processEnvs.includes(env) ? await runProcesses(env, ctx) : await runBrowser(env, ctx);
    } catch (error) {
      const why = error instanceof CannotRun || error instanceof lib.EngineMissing ? error.message : error && error.stack ? error.stack : error;
      console.log(`wpt [${label}]: could not run: ${why}`);
      totals.push([label, 0, 1]);
      continue;
    }
    printReport(label, results, argv.includes('--verbose'));
    const passed = results.reduce((n, r) => n + r.passed, 0);
    const failed = results.reduce((n, r) => n + r.failed, 0);
    const gaps = new Map();
    for (const r of results) {
      for (const f of r.failures) {
        const gap = environmentGap(f);
        if (gap) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
      }
    }
    console.log(`\nwpt [${label}]: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (gaps.size) {
      const total = [...gaps.values()].reduce((a, b) => a + b, 0);
      const list = [...gaps].map(([g, n]) => `${g} ×${n}`).join(', ');
      console.log(`wpt [${label}]: ${total} of the failures need what this environment lacks (${list})`);
    }
    totals.push([label, passed, failed]);
  }
  console.log('');
  for (const [env, passed, failed] of totals) console.log(`wpt [${env}]: ${passed} passed, ${failed} failed`);
  const passed = totals.reduce((n, t) => n + t[1], 0);
  const failed = totals.reduce((n, t) => n + t[2], 0);
  console.log(`wpt: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
if (args[0] === '--child') {
  await child(JSON.parse(args[1]));
} else {
  const { runMain } = await import('./lib/run.mjs');
  runMain('wpt', 60, main);
}
