// The portable suite after a classic-script polyfill: scripts/platforms/script.mjs bundles this
// module as one classic script (driver.js) that a page loads after the polyfill's <script src>.
// It checks what the polyfill's script did (the global TextEncodingWasm and its exports, every
// class the window lacked installed or left out with a reason, a Shift_JIS decode and a UTF-8
// encode by the globals), then runs the suite over the global classes after
// `install({ force: true })`, and leaves the result in globalThis.__portableResult for the runner
// (a browser page or tests/platforms/script/jsdom.mjs). The page's config
// (globalThis.__scriptConfig): { label, expectSharedArrayBuffer }.

import { firstUse, formatSummary, runSuite } from '../../portable/suite.mjs';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const EXPORTS = ['faults', 'install', 'installed', 'load', 'ready'];
const config = globalThis.__scriptConfig || {};

/** Appends a line to the page's <pre id="out">, where there is one. */
function print(line) {
  const out = typeof document === 'object' ? document.getElementById('out') : null;
  if (out) out.textContent += `${line}\n`;
}

/** The checks of the script itself, as the suite's results ({ name, status, message }). */
function scriptChecks(polyfill, host) {
  const results = [];
  const check = (name, fn) => {
    try {
      fn();
      results.push({ name, status: 'pass' });
    } catch (error) {
      results.push({ name, status: 'fail', message: String(error && error.message ? error.message : error) });
    }
  };
  check("script: the global TextEncodingWasm holds the polyfill's exports", () => {
    for (const name of EXPORTS) if (!(name in polyfill)) throw new Error(`no ${name}`);
    if (typeof polyfill.install !== 'function' || typeof polyfill.load !== 'function') throw new Error('install and load are not functions');
    if (typeof polyfill.ready.then !== 'function' || !Array.isArray(polyfill.installed)) throw new Error('ready is not a promise or installed not an array');
  });
  check('script: each class the window lacked is installed, or left out with a reason', () => {
    for (const name of NAMES) {
      if (host[name] === 'function' || typeof globalThis[name] === 'function') continue;
      const detail = polyfill.installed.details.find((d) => d.name === name);
      if (detail === undefined || detail.action !== 'skipped' || typeof detail.reason !== 'string') throw new Error(`${name} is missing and the script does not say why`);
    }
  });
  return results;
}

/** Runs the checks and the suite; resolves to the result the runner reads. */
async function main() {
  const polyfill = globalThis.TextEncodingWasm;
  if (polyfill === undefined || polyfill === null) throw new Error('the classic script did not set TextEncodingWasm');
  const host = globalThis.__hostClasses || {};
  const checks = scriptChecks(polyfill, host);
  const firstUsed = firstUse(globalThis);
  const actions = polyfill.installed.details.map((d) => `${d.name} ${d.action} (${d.reason})`);
  await polyfill.load();
  const forced = polyfill.install({ force: true });
  const api = Object.fromEntries(NAMES.map((n) => [n, globalThis[n]]));
  const summary = await runSuite({
    api,
    loadPolyfill: async () => polyfill,
    expectSharedArrayBuffer: Boolean(config.expectSharedArrayBuffer),
    onResult: (r) => print(`${r.status} ${r.name}${r.message ? ` — ${r.message}` : ''}`),
  });
  const results = [...checks, ...summary.results];
  const count = (status) => results.filter((r) => r.status === status).length;
  const result = { passed: count('pass'), failed: count('fail'), skipped: count('skip'), results };
  print(formatSummary(config.label || 'classic script', result));
  return { ...result, smoke: firstUsed, host, actions, forced: [...forced] };
}

main().then(
  (result) => {
    globalThis.__portableResult = result;
  },
  (error) => {
    print(`the suite could not run: ${error && error.stack ? error.stack : error}`);
    globalThis.__portableResult = { passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message: String(error) }] };
  },
);
