// The runners' side of the portable suite (tests/portable/): the config a run gets (the module
// URLs of a host folder's entries), and the result a run reports (its `@@portable-result` line),
// printed the same way by every runner (scripts/test-env.mjs, scripts/test-engines.mjs).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADD_ONS, hostFiles, root } from './package.mjs';

/** The portable suite's folder. */
export const portableDir = join(root, 'tests', 'portable');

/**
 * The suite's config for the host folder `host` of the package at `pkg`: { label, entry, legacy,
 * standard, polyfill, detect, expectSharedArrayBuffer, core?, addOns?, addOnsFirst? }, each file as
 * `toUrl(file)` (a file the package lacks is left out). With `addOns` ({ order: languages, first }),
 * the config names the lite entries of the folder and the add-ons to import in that order, before
 * the entries (`first`) or after a first use of lite. With `core`, the config says `core: true`: the runner sets the
 * host-acceleration switch (`globalThis[HOST_SWITCH] = 'off'`) before it first imports the
 * package, so that the package uses its wasm core instead of the host's own decoders.
 */
export function hostConfig(pkg, label, host, toUrl, { expectSharedArrayBuffer = true, core = false, addOns = null } = {}) {
  const files = hostFiles(host, { lite: addOns !== null });
  const has = (file) => existsSync(join(pkg, file));
  return {
    label,
    entry: toUrl(files.entry),
    legacy: has(files.legacy) ? toUrl(files.legacy) : undefined,
    standard: has(files.standard) ? toUrl(files.standard) : undefined,
    polyfill: has(files.polyfill) ? toUrl(files.polyfill) : undefined,
    detect: files.detect !== undefined && has(files.detect) ? toUrl(files.detect) : undefined,
    expectSharedArrayBuffer,
    ...(core ? { core: true } : {}),
    ...(addOns !== null ? { addOns: addOns.order.map((language) => toUrl(`lite/${host}/${language}.js`)), addOnsFirst: addOns.first } : {}),
  };
}

/**
 * The lite runs of the portable suite: the lite entries of a host folder with every add-on
 * imported, so that they have every encoding (hostConfig's `addOns`). One imports the add-ons
 * before the entries, in reverse order; the other after a first use of lite, in order.
 */
export const LITE_RUNS = [
  { name: 'lite + add-ons first', addOns: { order: [...ADD_ONS].reverse(), first: true } },
  { name: 'lite, then add-ons', addOns: { order: ADD_ONS, first: false } },
];

/**
 * The package's host-acceleration switch: the name of both the global and the environment variable
 * that, set to 'off' before the package is first imported, make it use its wasm core instead of
 * the host's own decoders.
 */
export const HOST_SWITCH = 'TEXT_ENCODING_WASM_HOST';

/**
 * The environment of a Node or Bun process of the suite: the runner's own, with the switch set to
 * 'off' for a `core` run and removed otherwise (so that a run "as is" is one whatever the caller's
 * shell holds).
 */
export function switchEnv(core, env = process.env) {
  const out = { ...env };
  if (core) out[HOST_SWITCH] = 'off';
  else delete out[HOST_SWITCH];
  return out;
}

/** What a user first does, as the engine drivers check it: decode Shift_JIS, encode UTF-8. */
export const SMOKE = 'あA火星|231,129,171,230,152,159,32,240,159,152,128';

/**
 * The suite's result from a run's output (`stdout` holds the `@@portable-result` line; the rest
 * is the suite's own printing, left out): `known` failures (each
 * { test, message, reason } of regular expressions) become skips, printed with the reason; with
 * `smoke`, the result's `smoke` must equal SMOKE (one more test). Prints the failures, skips and
 * `<label>: N passed, M failed`; returns { passed, failed, skipped }.
 */
export function readResult(label, { code = 0, stdout = '', stderr = '' }, { known = [], smoke = false } = {}) {
  const line = stdout.split('\n').find((l) => l.startsWith('@@portable-result '));
  if (!line) {
    console.log(`${label}: the suite did not report (exit ${code})\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const result = JSON.parse(line.slice('@@portable-result '.length));
  let { passed, failed, skipped } = result;
  for (const r of result.results) {
    if (r.status === 'fail') {
      const why = known.find((k) => k.test.test(r.name) && k.message.test(r.message));
      if (why) {
        failed--;
        skipped++;
        console.log(`  known ${r.name}\n       ${r.message}\n       (${why.reason})`);
      } else {
        console.log(`  FAIL ${r.name}\n       ${r.message}`);
      }
    } else if (r.status === 'skip') {
      console.log(`  skip ${r.name} (${r.message})`);
    }
  }
  if (smoke) {
    if (result.smoke === SMOKE) {
      passed++;
    } else {
      console.log(`  FAIL first use: decode Shift_JIS, encode UTF-8\n       expected ${SMOKE}, got ${result.smoke}`);
      failed++;
    }
  }
  if (code !== 0 && failed === 0) {
    console.log(`${label}: exited ${code}\n${stderr.trim().slice(-2000)}`);
    failed++;
  }
  console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return { passed, failed, skipped };
}

/**
 * `stdout` with the skips that share one reason among more than two tests left out of its
 * `@@portable-result` line's results (the counts stay), each such reason printed here as one
 * line instead of one per test by readResult.
 */
export function collapseSkips(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('@@portable-result '));
  if (line === undefined) return stdout;
  const result = JSON.parse(line.slice('@@portable-result '.length));
  const counts = new Map();
  for (const r of result.results) if (r.status === 'skip') counts.set(r.message, (counts.get(r.message) || 0) + 1);
  const collapsed = new Set([...counts].filter(([, n]) => n > 2).map(([message]) => message));
  for (const message of collapsed) console.log(`  skip ${counts.get(message)} tests (${message})`);
  result.results = result.results.filter((r) => !(r.status === 'skip' && collapsed.has(r.message)));
  return `@@portable-result ${JSON.stringify(result)}`;
}

/** Adds the counts of `r` to `total`; returns `total`. */
export function addResult(total, r) {
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped;
  return total;
}

/** Prints one line per name and its counts; whether every one passed something and failed nothing. */
export function summarize(totals) {
  console.log('');
  for (const [name, r] of totals) console.log(`${name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  return totals.every(([, r]) => r.failed === 0 && r.passed + r.skipped > 0);
}
