// The Next.js platform of scripts/test-platforms.mjs: the app tests/platforms/next/ (App Router,
// edge routes and a middleware.js that import the package by name, so that the `edge-light`
// condition takes its edge/ folder and its `?module` wasm imports), with the package installed
// from its tarball, built by `next build` (Turbopack) and served by `next start` with
// refuse-wasm-from-bytes.cjs preloaded: its edge sandbox then refuses to compile wasm from bytes,
// as a deployed Vercel edge does. Checked, in this order, on one server:
//   /api/refused   the negative control: compiling wasm bytes in an edge route is refused
//   /mw            the middleware: Shift_JIS and GBK decodes, UTF-8 and Shift_JIS encodes, a
//                  detect, a TextDecoderStream pipe, each against the standard's result
//   /api/polyfill  /polyfill imported, then the global classes: what was installed and why, the
//                  globals' attributes kept, the standard's results from the globals
//   /api/suite     the portable suite through the default entries, once (its polyfill test is
//                  one per realm); its files are copied into the app's ignored portable/, inside
//                  the app's folder, which next.config.mjs makes Turbopack's root
// The server runs in its own process group, ended when the checks end, also on failure.

import { spawn } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureApp, installPackage } from '../lib/apps.mjs';
import { addResult, portableDir, readResult, SMOKE } from '../lib/portable.mjs';
import { runCommand } from '../lib/run.mjs';

/** What the middleware must answer (/mw), each the standard's result. */
const MIDDLEWARE = {
  shiftJis: SMOKE.split('|')[0],
  gbk: '\u20ac',
  utf8: SMOKE.split('|')[1].split(',').map(Number),
  legacy: [0x82, 0xa0, ...Array.from('&#8364;', (c) => c.charCodeAt(0))],
  detect: 'shift_jis',
  stream: SMOKE.split('|')[0],
};

/** What the global classes must give once /polyfill was imported (/api/polyfill). */
const POLYFILL_RESULTS = {
  latin10: '\u20ac\u0218A',
  windows1252: '\u20ac\u0178',
  shiftJis: '\u3042\u706b',
  utf8: [0xe2, 0x82, 0xac],
  stream: '\u20ac\u4f60\ufffd',
};

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** The app's sources ready to build: the package installed, the portable suite copied in. */
function prepareApp(pkg) {
  const appDir = ensureApp('next');
  installPackage(pkg, appDir);
  const target = join(appDir, 'portable');
  rmSync(target, { recursive: true, force: true });
  for (const file of readdirSync(portableDir).filter((f) => f.endsWith('.mjs'))) cpSync(join(portableDir, file), join(target, file));
  return appDir;
}

/** The app's `next` command (run with this Node). */
const nextBin = (appDir) => join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next');

/** The environment of Next's commands: the caller's, without telemetry. */
const nextEnv = (extra = {}) => ({ ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extra });

/** `next start` of the built app on `port` with the refusal preloaded, in its own process group. */
function startServer(appDir, port) {
  const preload = `--require ${join(appDir, 'refuse-wasm-from-bytes.cjs')}`;
  const child = spawn(process.execPath, [nextBin(appDir), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDir,
    env: nextEnv({ NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' ') }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const server = { child, output: '', exited: false };
  child.stdout.on('data', (d) => (server.output += d));
  child.stderr.on('data', (d) => (server.output += d));
  child.on('exit', () => (server.exited = true));
  return server;
}

/** Resolves once the server answers on `port` (any status); throws if it exits or takes over 30 s. */
async function whenReady(server, port) {
  const deadline = Date.now() + 30000;
  for (;;) {
    if (server.exited) throw new Error(`next start exited:\n${server.output.slice(-2000)}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`next start did not answer within 30 s:\n${server.output.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Ends the server's process group (SIGTERM, then SIGKILL after 5 s). */
async function stopServer(server) {
  if (server.exited) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  const signal = (name) => {
    try {
      process.kill(-server.child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** GET `path` of the server: { status, text }. */
async function get(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(120000) });
  return { status: response.status, text: await response.text() };
}

/** The body of a GET as JSON; throws with the body where it is not JSON or not a 200. */
async function getJson(port, path) {
  const { status, text } = await get(port, path);
  if (status !== 200) throw new Error(`${path}: HTTP ${status}\n${text.slice(0, 2000)}`);
  return JSON.parse(text);
}

/**
 * Prints and counts `checks` ([name, ok, message]) as `label`: each failure with its message,
 * then `label: N passed, M failed`.
 */
function report(label, checks) {
  const r = { passed: 0, failed: 0, skipped: 0 };
  for (const [name, ok, message] of checks) {
    if (ok) {
      r.passed++;
    } else {
      r.failed++;
      console.log(`  FAIL ${name}\n       ${message}`);
    }
  }
  console.log(`${label}: ${r.passed} passed, ${r.failed} failed`);
  return r;
}

/** [name, whether `actual` equals `expected` (as JSON), message] for each key of `expected`. */
function compare(prefix, actual, expected) {
  return Object.entries(expected).map(([key, want]) => {
    const got = actual[key];
    return [`${prefix}: ${key}`, JSON.stringify(got) === JSON.stringify(want), `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`];
  });
}

/** The negative control: an edge route that compiles wasm bytes itself must be refused. */
async function checkRefusal(port) {
  const answer = await getJson(port, '/api/refused');
  const ok = answer.compiled === false && /^CompileError: .*disallowed/.test(answer.error);
  return report('next (control: wasm from bytes refused in an edge route)', [
    ['compiling wasm bytes in the edge sandbox is refused', ok, `the preload did not take effect: ${JSON.stringify(answer)}`],
  ]);
}

/** The middleware's answers against the standard's. */
async function checkMiddleware(port) {
  return report('next (middleware)', compare('middleware', await getJson(port, '/mw'), MIDDLEWARE));
}

/** The polyfill route: what it installed, the globals' attributes, and what the globals give. */
async function checkPolyfill(port) {
  const answer = await getJson(port, '/api/polyfill');
  console.log(`  installed: ${JSON.stringify(answer.installed)}`);
  for (const d of answer.details) console.log(`    ${d.name}: ${d.action} (${d.reason})`);
  const acted = answer.details.filter((d) => d.action === 'installed' || d.action === 'replaced').map((d) => d.name);
  const left = answer.details.filter((d) => !['installed', 'replaced', 'wrapped'].includes(d.action));
  const checks = [
    ['polyfill: the import installed TextDecoder over the sandbox\'s', answer.installed.includes('TextDecoder'), `installed ${JSON.stringify(answer.installed)}`],
    ['polyfill: nothing kept or skipped', left.length === 0, JSON.stringify(left)],
    ['polyfill: faults.core is null', answer.core === null, String(answer.core)],
    ...acted.map((name) => [
      `polyfill: ${name} is the package's, with the sandbox global's attributes`,
      answer.ours[name] === true && JSON.stringify(answer.after[name]) === JSON.stringify(answer.before[name]),
      `ours: ${answer.ours[name]}, before ${JSON.stringify(answer.before[name])}, after ${JSON.stringify(answer.after[name])}`,
    ]),
    ...compare('polyfill, the globals', answer, POLYFILL_RESULTS),
  ];
  return report('next (polyfill route)', checks);
}

/** The portable suite in the edge route. */
async function checkSuite(port) {
  const { status, text } = await get(port, '/api/suite');
  return readResult('next (edge route, default entries)', { code: status === 200 ? 0 : status, stdout: text }, { smoke: true });
}

/** Builds the app, starts it with the refusal, runs the checks; resolves to { passed, failed, skipped }. */
export async function run(pkg) {
  const appDir = prepareApp(pkg);
  // A cold build each time: nothing of a previous package's build is reused.
  rmSync(join(appDir, '.next'), { recursive: true, force: true });
  const started = Date.now();
  const build = await runCommand(process.execPath, [nextBin(appDir), 'build'], { cwd: appDir, env: nextEnv(), timeoutMs: 180000 });
  if (build.code !== 0) {
    console.log(`next build failed (exit ${build.code}):\n${build.stdout.slice(-3000)}\n${build.stderr.slice(-3000)}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  console.log(`next build (Turbopack): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const port = await freePort();
  const server = startServer(appDir, port);
  const total = { passed: 0, failed: 0, skipped: 0 };
  try {
    await whenReady(server, port);
    for (const check of [checkRefusal, checkMiddleware, checkPolyfill, checkSuite]) {
      try {
        addResult(total, await check(port));
      } catch (error) {
        console.log(`  FAIL ${check.name}: ${error && error.stack ? error.stack : error}`);
        total.failed++;
      }
    }
  } finally {
    await stopServer(server);
  }
  if (total.failed > 0) console.log(`  next start's output (last lines):\n${server.output.trim().split('\n').slice(-20).join('\n')}`);
  return total;
}
