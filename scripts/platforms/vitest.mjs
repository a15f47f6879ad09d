// vitest's DOM environments, for scripts/test-platforms.mjs: the app tests/platforms/vitest/ runs
// polyfill.test.mjs, which imports 'text-encoding-wasm/polyfill' as an app's test would, in four
// vitest projects (jsdom and happy-dom, each in the default pool, forks, and in vmForks), with
// Node 24 and the package installed from its tarball. Each project writes three results into the
// app's results/ folder: the import's own checks (a Shift_JIS decode and UTF-8 encode by the
// globals, a GBK Response body through the global TextDecoderStream or that class absent with a
// reason), the portable suite over the globals the import left, and the suite over the package's
// exports. Failures that belong to the host (a class the polyfill kept as right, a global
// WritableStream that is Node's stream.Writable) are printed as known, with the reason.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureApp, installPackage } from '../lib/apps.mjs';
import { engineBinary } from '../lib/engines.mjs';
import { addResult, collapseSkips, readResult, switchEnv } from '../lib/portable.mjs';
import { runCommand } from '../lib/run.mjs';

/** The projects of the app's vitest.config.mjs. */
const PROJECTS = ['jsdom', 'jsdom vmForks', 'happy-dom', 'happy-dom vmForks'];

/** The results each project writes: file name → what it is. */
const RUNS = {
  import: "the polyfill's import",
  globals: 'the suite over the globals',
  exports: "the suite over the package's exports",
};

/** The suite's brand check of TextDecoderStream's sides goes through the global WritableStream. */
const BRAND_CHECK = /^TextDecoderStream: attributes and the GenericTransformStream pair$/;

/**
 * The failures of a suite run that are the host's, from what the run reports: in the globals run,
 * the tests of each class the import left as the host's own (the polyfill's probes found it
 * right), and the polyfill test's count of what `force` replaces (the api is not all ours there);
 * in both runs, the suite's brand check through a global WritableStream that is not the standard's.
 */
function knownFailures(run, extra) {
  const known = [];
  const kept = extra.hostKept || [];
  if (kept.includes('TextEncoder')) {
    known.push({
      test: /^TextEncoder: encode\(\) returns a fresh Uint8Array/,
      message: /a Uint8Array of this realm/,
      reason: "the host's own TextEncoder, kept by the polyfill (its probes do not look at realms), returns a Uint8Array of another realm than the global Uint8Array",
    });
  }
  for (const name of kept) {
    known.push({ test: new RegExp(`^${name}:`), message: /[^]*/, reason: `the host's own ${name}, which the polyfill keeps: its probes find it right` });
  }
  if (run === 'globals' && kept.length > 0) {
    known.push({ test: /^polyfill:/, message: /install\(\{force: true\}\) reports what it replaced/, reason: `the api is the globals, ${kept.join(', ')} the host's; force replaces those` });
  }
  const nonStandard = extra.nonStandardStreams || [];
  if (nonStandard.includes('WritableStream')) {
    known.push({ test: BRAND_CHECK, message: /reading 'call'/, reason: "the global WritableStream is not the Streams standard's (Node's stream.Writable), so the suite cannot brand-check through it" });
  }
  return known;
}

/** The extra members of a result file's `@@portable-result` line (beyond the counts). */
function extraOf(text) {
  const line = text.split('\n').find((l) => l.startsWith('@@portable-result '));
  return line === undefined ? {} : JSON.parse(line.slice('@@portable-result '.length));
}

/** Reads and prints one project's results; returns its counts. */
function projectResult(resultsDir, project) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const [run, what] of Object.entries(RUNS)) {
    const file = join(resultsDir, `${project.replace(/\W+/g, '-')}.${run}.txt`);
    const stdout = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const extra = extraOf(stdout);
    if (run === 'import') {
      for (const action of extra.actions || []) console.log(`  polyfill: ${action}`);
      for (const [name, note] of Object.entries(extra.notes || {})) console.log(`  ${name}: ${note}`);
    }
    addResult(total, readResult(`vitest ${project}: ${what}`, { stdout: collapseSkips(stdout) }, { known: knownFailures(run, extra), smoke: run !== 'import' }));
  }
  return total;
}

/** Runs the app's four projects once and reads their results. */
export async function run(pkg) {
  const node = engineBinary('node24');
  const app = ensureApp('vitest');
  installPackage(pkg, app);
  const resultsDir = join(app, 'results');
  rmSync(resultsDir, { recursive: true, force: true });
  const vitest = join(app, 'node_modules', 'vitest', 'vitest.mjs');
  const out = await runCommand(node, [vitest, 'run'], { cwd: app, timeoutMs: 120000, env: { ...switchEnv(false), NO_COLOR: '1' } });
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const project of PROJECTS) addResult(total, projectResult(resultsDir, project));
  if (out.code !== 0) {
    console.log(`vitest exited ${out.code}\n${out.stdout.trim().slice(-3000)}\n${out.stderr.trim().slice(-2000)}`);
    total.failed++;
  }
  return total;
}
