// `node scripts/test-env.mjs [--env node|deno|chromium|firefox|all]... [--pkg DIR]`
//
// Runs the portable suite (tests/portable/) against the built package (pkg/, or $TEW_PKG, or
// --pkg) in each environment and prints `<env>: N passed, M failed` per environment; exits 1 if
// any environment fails or cannot run.
//   node      `node tests/portable/cli.mjs` twice: the ESM entry index.js (+ legacy.js, standard.js,
//             polyfill.js) and the Node entries node.js (+ node-legacy.js, node-standard.js,
//             node-polyfill.js)
//   deno      `deno run --allow-read tests/portable/cli.mjs` with index.js (the package by path)
//   chromium  headless Chromium (puppeteer-core, /usr/bin/chromium) on a cross-origin-isolated page
//   firefox   headless Firefox ESR (puppeteer-core, WebDriver BiDi, /usr/bin/firefox-esr), same page
// `all` (the default) is every one of them. (A realm with none of the classes, where the polyfill
// installs and a Shift_JIS stream decodes, is tests/js/polyfill-realm.test.mjs.)
//
// Also a small library for the other browser-driving scripts (test-bundlers.mjs, wpt.mjs):
// startServer() (node:http on 127.0.0.1, ephemeral port, COOP/COEP headers), withBrowser() (a
// bounded headless Chromium/Firefox session with a fresh profile, always closed) and runPage().

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const portableDir = join(root, 'tests', 'portable');

/** The built package directory: --pkg DIR, $TEW_PKG, or pkg/ at the repository root. */
export function packageDir(argv = process.argv) {
  const at = argv.indexOf('--pkg');
  const dir = resolve(at >= 0 ? argv[at + 1] : process.env.TEW_PKG || join(root, 'pkg'));
  if (!existsSync(join(dir, 'index.js'))) {
    throw new Error(`no built package at ${dir} (run npm run build, or pass --pkg DIR / TEW_PKG)`);
  }
  return dir;
}

// ---- a static file server ---------------------------------------------------------------------

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.txt': 'text/plain; charset=utf-8',
  '.idl': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * Serves on 127.0.0.1 (ephemeral port). `resolveRequest(pathname, url)` returns a file path, an
 * object { body, type, headers? } or null (404). Every response carries COOP/COEP/CORP headers so pages are
 * cross-origin isolated (SharedArrayBuffer exists). Resolves to { origin, close() }.
 */
export function startServer(resolveRequest) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = url.pathname;
    }
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    };
    let found = null;
    if (pathname === '/favicon.ico') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    try {
      found = resolveRequest(pathname, url);
    } catch {
      found = null;
    }
    if (typeof found === 'string') {
      try {
        if (statSync(found).isFile()) {
          res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(found)] || 'application/octet-stream' });
          res.end(readFileSync(found));
          return;
        }
      } catch {
        // fall through to 404
      }
    } else if (found !== null && typeof found === 'object') {
      res.writeHead(200, { ...headers, ...found.headers, 'Content-Type': found.type || 'text/html; charset=utf-8' });
      res.end(found.body);
      return;
    }
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
    res.end('not found');
  });
  return new Promise((resolvePromise, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolvePromise({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/** `path` inside `base`, or null if it would escape it. */
export function inside(base, path) {
  const full = resolve(base, `.${sep}${path}`);
  return full === base || full.startsWith(base + sep) ? full : null;
}

// ---- headless browsers -----------------------------------------------------------------------

export const BROWSERS = {
  chromium: '/usr/bin/chromium',
  firefox: '/usr/bin/firefox-esr',
};

/** Rejects after `ms` with `what` timed out; the timer does not keep the process alive. */
function deadline(ms, what) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref?.();
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Launches headless `name` ('chromium' | 'firefox') with a fresh profile, runs `fn(browser)`
 * within `timeoutMs`, and always closes the browser and removes the profile.
 */
export async function withBrowser(name, fn, { timeoutMs = 120000 } = {}) {
  const executablePath = BROWSERS[name];
  if (!existsSync(executablePath)) throw new Error(`${name} is not installed at ${executablePath} (scripts/setup.sh --browsers)`);
  const { default: puppeteer } = await import('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), `tew-${name}-`));
  const options =
    name === 'chromium'
      ? {
          executablePath,
          headless: true,
          userDataDir: profile,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-dev-shm-usage',
          ],
          protocolTimeout: timeoutMs,
        }
      : {
          browser: 'firefox',
          executablePath,
          headless: true,
          userDataDir: profile,
          protocolTimeout: timeoutMs,
          extraPrefsFirefox: {
            'app.update.enabled': false,
            'browser.shell.checkDefaultBrowser': false,
            'datareporting.policy.dataSubmissionEnabled': false,
            'toolkit.telemetry.reportingpolicy.firstRun': false,
          },
        };
  let browser;
  const limit = deadline(timeoutMs, `${name} session`);
  try {
    browser = await Promise.race([puppeteer.launch(options), limit.promise]);
    return await Promise.race([fn(browser), limit.promise]);
  } finally {
    limit.cancel();
    if (browser) {
      const proc = browser.process();
      const closing = deadline(15000, `closing ${name}`);
      try {
        await Promise.race([browser.close(), closing.promise]);
      } catch {
        proc?.kill('SIGKILL');
      } finally {
        closing.cancel();
      }
      if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Opens `url` in a new page, waits until `expression` (evaluated in the page) is not undefined,
 * and returns its value (JSON-serializable). Page errors and console errors are in `.log`.
 */
export async function runPage(browser, url, expression, { timeoutMs = 60000 } = {}) {
  const page = await browser.newPage();
  const log = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') log.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => log.push(`pageerror: ${e && e.message ? e.message : e}`));
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForFunction(`(${expression}) !== undefined`, { timeout: timeoutMs, polling: 100 });
    const value = await page.evaluate(`JSON.stringify(${expression})`);
    return { value: JSON.parse(value), log };
  } catch (error) {
    error.message += log.length ? `\n${log.join('\n')}` : '';
    throw error;
  } finally {
    await page.close().catch(() => {});
  }
}

// ---- child processes ----------------------------------------------------------------------------

/** Runs a command with a time limit; resolves to { code, stdout, stderr } (code null if killed). */
export function runCommand(cmd, args, { timeoutMs = 120000, cwd = root, env = process.env, echo = false } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      if (echo) process.stderr.write(d);
    });
    const timer = setTimeout(() => {
      stderr += `\n${cmd} timed out after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      stderr += String(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

export const denoBin = join(root, 'node_modules', '.bin', 'deno');
/** Deno flags for running a local file that imports other local files only. */
export const denoRunFlags = ['run', '--allow-read', '--no-prompt', '--no-config', '--no-lock', '--no-npm', '--no-remote'];
export const denoEnv = () => ({ ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' });

// ---- the environments ---------------------------------------------------------------------------

function entryConfig(pkg, label, { entry, legacy, standard, polyfill }, toUrl) {
  const has = (file) => file && existsSync(join(pkg, file));
  return {
    label,
    entry: toUrl(entry),
    legacy: has(legacy) ? toUrl(legacy) : undefined,
    standard: has(standard) ? toUrl(standard) : undefined,
    polyfill: has(polyfill) ? toUrl(polyfill) : undefined,
  };
}

function parseResult(label, { code, stdout, stderr }) {
  const line = stdout.split('\n').find((l) => l.startsWith('@@portable-result '));
  const text = stdout
    .split('\n')
    .filter((l) => !l.startsWith('@@portable-result '))
    .join('\n')
    .trim();
  if (text) console.log(text);
  if (!line) {
    console.log(`${label}: the suite did not report (exit ${code})\n${stderr.trim()}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const result = JSON.parse(line.slice('@@portable-result '.length));
  if (code !== 0 && result.failed === 0) {
    console.log(`${label}: exited ${code}\n${stderr.trim()}`);
    result.failed = 1;
  }
  return result;
}

async function runNode(pkg) {
  const toUrl = (f) => pathToFileURL(join(pkg, f)).href;
  const variants = [
    ['node (index.js)', { entry: 'index.js', legacy: 'legacy.js', standard: 'standard.js', polyfill: 'polyfill.js' }],
    ['node (node.js)', { entry: 'node.js', legacy: 'node-legacy.js', standard: 'node-standard.js', polyfill: 'node-polyfill.js' }],
  ];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const [label, files] of variants) {
    if (!existsSync(join(pkg, files.entry))) continue;
    const config = { ...entryConfig(pkg, label, files, toUrl), expectSharedArrayBuffer: true };
    const result = parseResult(label, await runCommand(process.execPath, [join(portableDir, 'cli.mjs'), JSON.stringify(config)], { timeoutMs: 180000 }));
    total.passed += result.passed;
    total.failed += result.failed;
    total.skipped += result.skipped;
  }
  return total;
}

async function runDeno(pkg) {
  if (!existsSync(denoBin)) throw new Error(`deno not found at ${denoBin} (npm ci)`);
  const toUrl = (f) => pathToFileURL(join(pkg, f)).href;
  const config = {
    ...entryConfig(pkg, 'deno (index.js)', { entry: 'index.js', legacy: 'legacy.js', standard: 'standard.js', polyfill: 'polyfill.js' }, toUrl),
    expectSharedArrayBuffer: true,
  };
  const out = await runCommand(denoBin, [...denoRunFlags, join(portableDir, 'cli.mjs'), JSON.stringify(config)], {
    timeoutMs: 180000,
    env: denoEnv(),
  });
  return parseResult('deno (index.js)', out);
}

async function runBrowser(name, pkg) {
  const server = await startServer((pathname) => {
    if (pathname === '/') {
      const config = {
        ...entryConfig(pkg, `${name} (index.js)`, { entry: 'index.js', legacy: 'legacy.js', standard: 'standard.js', polyfill: 'polyfill.js' }, (f) => `/pkg/${f}`),
        expectSharedArrayBuffer: true,
      };
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
      name,
      async (browser) => {
        const { value, log } = await runPage(browser, `${server.origin}/`, 'globalThis.__portableResult', { timeoutMs: 150000 });
        const label = `${name} (index.js)`;
        for (const r of value.results) {
          if (r.status === 'fail') console.log(`  FAIL ${r.name}\n       ${r.message}`);
          else if (r.status === 'skip') console.log(`  skip ${r.name} (${r.message})`);
        }
        if (value.failed && log.length) console.log(log.join('\n'));
        console.log(`${label}: ${value.passed} passed, ${value.failed} failed${value.skipped ? `, ${value.skipped} skipped` : ''}`);
        return value;
      },
      { timeoutMs: 180000 },
    );
  } finally {
    await server.close();
  }
}

// ---- main -------------------------------------------------------------------------------------------

const ALL = ['node', 'deno', 'chromium', 'firefox'];

async function main(argv) {
  const pkg = packageDir(argv);
  let envs = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--env') envs.push(...argv[++i].split(','));
  }
  if (envs.length === 0 || envs.includes('all')) envs = ALL;
  for (const env of envs) if (!ALL.includes(env)) throw new Error(`unknown environment ${env} (${ALL.join(', ')}, all)`);
  const runners = {
    node: () => runNode(pkg),
    deno: () => runDeno(pkg),
    chromium: () => runBrowser('chromium', pkg),
    firefox: () => runBrowser('firefox', pkg),
  };
  const totals = [];
  for (const env of envs) {
    console.log(`\n--- portable suite: ${env}`);
    let result;
    try {
      result = await runners[env]();
    } catch (error) {
      console.log(`${env}: could not run: ${error && error.stack ? error.stack : error}`);
      result = { passed: 0, failed: 1, skipped: 0 };
    }
    totals.push([env, result]);
  }
  console.log('');
  for (const [env, r] of totals) console.log(`${env}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  return totals.every(([, r]) => r.failed === 0 && r.passed + r.skipped > 0) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const overall = setTimeout(() => {
    console.error('test-env: overall time limit (15 min) reached');
    process.exit(1);
  }, 15 * 60 * 1000);
  overall.unref();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error && error.stack ? error.stack : error);
      process.exit(1);
    },
  );
}
