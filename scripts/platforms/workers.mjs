// The Cloudflare Workers platform of scripts/test-platforms.mjs. The app tests/platforms/workers/
// (Wrangler, Miniflare and workerd pinned by its lock) gets the built package from its tarball;
// Wrangler bundles its workers (`wrangler deploy --dry-run --outdir`, its default module rules,
// no nodejs_compat), and Miniflare and workerd itself (`workerd test`) run each one's fetch
// handler, at the compatibility dates of its wrangler.jsonc:
//   full, full-old, full-core    the portable suite over the default entries, at both dates (at
//                                the old one workerd's own legacy decoders are not the standard's),
//                                and with the package's host-acceleration switch set (the core alone)
//   lite-first, lite-then        the suite over lite with every add-on (imported before lite, or
//                                after a first use of it)
//   polyfill, polyfill-old       'text-encoding-wasm/polyfill' imported, then the global classes
//                                give the standard's Shift_JIS, GBK and TextDecoderStream results
//   refused, refused-old         the negative control, bundled under the `browser` condition
//                                instead of `workerd`, whose wasm is compiled from bytes: the
//                                ponyfill alone throws an Error naming workerd's refusal at its
//                                first use in a handler (at both dates)
//   fallback, fallback-old       the polyfill worker under `browser`: it never makes the host
//                                worse. Where workerd refuses the compilation at startup too (the
//                                old date) it keeps every host class and says why; where it allows
//                                it at startup (the current date) a class it installs works

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureApp, installPackage } from '../lib/apps.mjs';
import { engineBinary } from '../lib/engines.mjs';
import { addResult, readResult } from '../lib/portable.mjs';
import { runCommand } from '../lib/run.mjs';

/** What Wrangler bundles: a bundle's name, its source in the app, and its export conditions (Wrangler's own by default). */
const BUNDLES = [
  { name: 'full', source: 'src/full.js' },
  { name: 'full-core', source: 'src/full-core.js' },
  { name: 'lite-first', source: 'src/lite-first.js' },
  { name: 'lite-then', source: 'src/lite-then.js' },
  { name: 'polyfill', source: 'src/polyfill.js' },
  { name: 'refused', source: 'src/ponyfill.js', conditions: 'browser' },
  { name: 'fallback', source: 'src/polyfill.js', conditions: 'browser' },
];

/**
 * The workers each runtime runs: a bundle at a compatibility date (`current`: the config's,
 * `old`: its env.old's), and what its answer is checked for (`suite`, `polyfill`, `refused`).
 */
const WORKERS = [
  { name: 'full', bundle: 'full', date: 'current', check: 'suite', what: 'default entries' },
  { name: 'full-old', bundle: 'full', date: 'old', check: 'suite', what: 'default entries' },
  { name: 'full-core', bundle: 'full-core', date: 'current', check: 'suite', what: 'default entries, core' },
  { name: 'lite-first', bundle: 'lite-first', date: 'current', check: 'suite', what: 'lite, add-ons first' },
  { name: 'lite-then', bundle: 'lite-then', date: 'current', check: 'suite', what: 'lite, then add-ons' },
  { name: 'polyfill', bundle: 'polyfill', date: 'current', check: 'polyfill', what: 'polyfill' },
  { name: 'polyfill-old', bundle: 'polyfill', date: 'old', check: 'polyfill', what: 'polyfill' },
  { name: 'refused', bundle: 'refused', date: 'current', check: 'refused', what: 'ponyfill, browser condition' },
  { name: 'refused-old', bundle: 'refused', date: 'old', check: 'refused', what: 'ponyfill, browser condition' },
  { name: 'fallback', bundle: 'fallback', date: 'current', check: 'fallback', what: 'polyfill, browser condition' },
  { name: 'fallback-old', bundle: 'fallback', date: 'old', check: 'fallback', what: 'polyfill, browser condition' },
];

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/** The Cloudflare Workers platform: resolves to { passed, failed, skipped }. */
export async function run(pkg) {
  const app = ensureApp('workers');
  installPackage(pkg, app);
  const node24 = engineBinary('node24');
  const workerd = join(app, 'node_modules', '@cloudflare', 'workerd-linux-64', 'bin', 'workerd');
  const dates = compatibilityDates(app, workerd);
  console.log(`workers: wrangler ${versionOf(app, 'wrangler')}, miniflare ${versionOf(app, 'miniflare')}, workerd ${versionOf(app, 'workerd')}; compatibility dates ${dates.current} and ${dates.old}; no nodejs_compat`);
  const dist = join(app, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const total = { passed: 0, failed: 0, skipped: 0 };
  const built = await Promise.all(BUNDLES.map((b) => bundle(node24, app, dist, b)));
  const failedBundles = built.filter((b) => b !== null);
  for (const why of failedBundles) console.log(why);
  if (failedBundles.length > 0) return addResult(total, { passed: 0, failed: failedBundles.length, skipped: 0 });
  const workers = WORKERS.map((w) => ({ ...w, script: mainModule(dist, w.bundle), compatibilityDate: dates[w.date] }));
  const runtimes = [
    ['miniflare', () => runMiniflare(node24, app, workers)],
    ['workerd', () => runWorkerd(workerd, dist, workers)],
  ];
  for (const [runtime, start] of runtimes) {
    const started = Date.now();
    const answers = await start();
    for (const w of workers) addResult(total, checkWorker(`workers ${runtime} (${w.what}, ${w.compatibilityDate})`, w, answers));
    console.log(`(workers ${runtime}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return total;
}

// ---- the app ----------------------------------------------------------------------------------------

/** The installed version of the app's package `name`. */
function versionOf(app, name) {
  return JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/**
 * The compatibility dates of the app's wrangler.jsonc: { current, old } (the top level's and
 * env.old's). Throws where one is missing, or is later than the newest date the pinned workerd
 * supports (its `--version`), which workerd would refuse and Miniflare would quietly lower.
 */
function compatibilityDates(app, workerd) {
  const text = readFileSync(join(app, 'wrangler.jsonc'), 'utf8');
  const config = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  const dates = { current: config.compatibility_date, old: config.env && config.env.old && config.env.old.compatibility_date };
  const newest = execFileSync(workerd, ['--version'], { encoding: 'utf8' }).trim().split(' ').pop();
  for (const [which, date] of Object.entries(dates)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date || '')) throw new Error(`tests/platforms/workers/wrangler.jsonc: no ${which === 'old' ? 'env.old.' : ''}compatibility_date`);
    if (date > newest) throw new Error(`tests/platforms/workers/wrangler.jsonc: compatibility date ${date} is later than workerd's newest, ${newest}`);
  }
  if (!(dates.old < dates.current)) throw new Error(`tests/platforms/workers/wrangler.jsonc: env.old's date ${dates.old} is not before ${dates.current}`);
  return dates;
}

/**
 * Bundles `source` with Wrangler into dist/NAME (`wrangler deploy --dry-run --outdir`), under
 * Wrangler's own export conditions (`workerd`, `worker`, `browser`) or, with `conditions`, those
 * alone (WRANGLER_BUILD_CONDITIONS). Resolves to null, or why it failed.
 */
async function bundle(node24, app, dist, { name, source, conditions }) {
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_LOG_PATH: join(dist, 'logs'),
  };
  delete env.WRANGLER_BUILD_CONDITIONS;
  if (conditions !== undefined) env.WRANGLER_BUILD_CONDITIONS = conditions;
  const wrangler = join(app, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const out = await runCommand(node24, [wrangler, 'deploy', '--dry-run', '--env', '', '--outdir', join(dist, name), source], { cwd: app, env, timeoutMs: 120000 });
  if (out.code === 0) return null;
  return `workers: wrangler could not bundle ${source}${conditions ? ` (conditions ${conditions})` : ''} (exit ${out.code})\n${(out.stdout + out.stderr).trim().slice(-3000)}`;
}

/** The main module Wrangler wrote for bundle `name`: the one `.js` file of dist/NAME. */
function mainModule(dist, name) {
  const js = readdirSync(join(dist, name)).filter((f) => f.endsWith('.js'));
  if (js.length !== 1) throw new Error(`dist/${name}: expected one main module, found ${js.join(', ') || 'none'}`);
  return join(dist, name, js[0]);
}

// ---- the runtimes -----------------------------------------------------------------------------------

/**
 * Each worker's answer from `out` (a runtime's output: `@@worker NAME STATUS BODY` lines), as a
 * Map of name → { status, body }, with the output itself as `out`.
 */
function answersOf(out) {
  const answers = new Map();
  for (const line of out.stdout.split('\n')) {
    const m = /^@@worker (\S+) (\d+) (.*)$/s.exec(line);
    if (m) answers.set(m[1], { status: Number(m[2]), body: JSON.parse(m[3]) });
  }
  answers.out = out;
  return answers;
}

/** Runs the workers in one Miniflare (the app's miniflare.mjs, Node 24). */
async function runMiniflare(node24, app, workers) {
  const list = workers.map(({ name, script, compatibilityDate }) => ({ name, script, compatibilityDate }));
  return answersOf(await runCommand(node24, [join(app, 'miniflare.mjs'), JSON.stringify(list)], { cwd: app, timeoutMs: 180000 }));
}

/**
 * Runs the workers in workerd itself: a config (dist/workerd.capnp) with one service per worker
 * (the bundle's main module and its `.wasm` modules, as Wrangler wrote them) and a driver service
 * bound to each (the app's workerd-driver.js), whose test handler `workerd test` runs.
 */
async function runWorkerd(workerd, dist, workers) {
  const str = JSON.stringify;
  const services = workers.map((w) => {
    const dir = join(dist, w.bundle);
    const main = w.script.slice(dir.length + 1);
    const wasm = readdirSync(dir).filter((f) => f.endsWith('.wasm')).sort();
    const modules = [
      `(name = ${str(main)}, esModule = embed ${str(`${w.bundle}/${main}`)})`,
      ...wasm.map((f) => `(name = ${str(f)}, wasm = embed ${str(`${w.bundle}/${f}`)})`),
    ];
    return `    (name = ${str(w.name)}, worker = (\n      modules = [\n        ${modules.join(',\n        ')},\n      ],\n      compatibilityDate = ${str(w.compatibilityDate)},\n    )),`;
  });
  const bindings = workers.map((w) => `(name = ${str(w.name)}, service = ${str(w.name)})`).join(', ');
  const config = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
${services.join('\n')}
    (name = "driver", worker = (
      modules = [ (name = "driver.js", esModule = embed "../workerd-driver.js") ],
      compatibilityDate = ${str(workers[0].compatibilityDate)},
      bindings = [ ${bindings} ],
    )),
  ],
);
`;
  const file = join(dist, 'workerd.capnp');
  writeFileSync(file, config);
  return answersOf(await runCommand(workerd, ['test', file], { cwd: dist, timeoutMs: 180000 }));
}

// ---- the checks ---------------------------------------------------------------------------------------

/** Checks worker `w`'s answer in `answers` as its `check` says; prints and returns { passed, failed, skipped }. */
function checkWorker(label, w, answers) {
  const answer = answers.get(w.name);
  const { out } = answers;
  if (answer === undefined || answer.status !== 200) {
    const why = answer === undefined ? `no answer (exit ${out.code})` : `status ${answer.status}`;
    console.log(`${label}: ${why}\n${(answer ? answer.body : out.stdout).slice(-2000)}\n${out.stderr.trim().slice(-2000)}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  if (w.check === 'suite') return readResult(label, { code: 0, stdout: answer.body, stderr: '' }, { smoke: true });
  let report;
  try {
    report = JSON.parse(answer.body);
  } catch {
    console.log(`${label}: not JSON\n${answer.body.slice(-2000)}`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  if (w.check !== 'refused') printInstalled(label, report);
  const checks = w.check === 'polyfill' ? polyfillChecks(report) : w.check === 'refused' ? refusedChecks(report) : fallbackChecks(report, w.date === 'old');
  let passed = 0;
  let failed = 0;
  for (const [what, ok, got] of checks) {
    if (ok) {
      passed++;
    } else {
      failed++;
      console.log(`  FAIL ${what}\n       got ${JSON.stringify(got)}`);
    }
  }
  console.log(`${label}: ${passed} passed, ${failed} failed`);
  return { passed, failed, skipped: 0 };
}

/** Prints what the polyfill did: `installed`, each of `installed.details` (faults.core, where it is a reason, once). */
function printInstalled(label, { installed, details, faults }) {
  console.log(`${label}: installed ${JSON.stringify(installed)}${details.length === 0 ? ', installed.details []' : ''}`);
  for (const d of details) console.log(`  installed.details: ${d.name} ${d.action}: ${faults.core !== null ? d.reason.replace(faults.core, '(faults.core)') : d.reason}`);
  if (faults.core !== null) console.log(`  faults.core: ${faults.core}`);
}

/** Whether `value` is an answer's `{ error }` whose message matches `pattern`. */
const threw = (value, pattern) => value !== null && typeof value === 'object' && value.error !== undefined && pattern.test(value.error.message);

/**
 * The polyfill under the `workerd` condition: the global classes give the standard's results,
 * the core runs, and exactly the classes the host gets wrong were replaced. Each check is
 * [what, ok, what was found].
 */
function polyfillChecks(r) {
  const faulty = NAMES.filter((n) => r.faults[n] !== null);
  return [
    ["global TextDecoder('shift_jis') decodes F9 40 as U+E69C", r.shiftJis === '\ue69c', r.shiftJis],
    ["global TextDecoder('gbk') decodes 80 as U+20AC", r.gbk === '\u20ac', r.gbk],
    ["a Response body piped through the global TextDecoderStream('shift_jis') gives \u3042\ue69c", r.stream === '\u3042\ue69c', r.stream],
    ['the core runs (faults.core is null)', r.faults.core === null, r.faults.core],
    ['installed is the classes the host gets wrong', JSON.stringify(r.installed) === JSON.stringify(faulty), { installed: r.installed, faulty }],
    ['the host keeps every class it gets right', NAMES.every((n) => r.hostKept[n] === !faulty.includes(n)), r.hostKept],
    ["the ponyfill's TextDecoder('shift_jis') decodes F9 40 as U+E69C", r.ponyfill === '\ue69c', r.ponyfill],
  ];
}

/** The refusal the package's error names, with the host's own error. */
const REFUSAL = /the host refused to compile or instantiate the WebAssembly module \(CompileError: /;

/** The negative control (the ponyfill alone, bundled under `browser`): its first use in a handler throws an Error naming the refusal. */
function refusedChecks(r) {
  return [["the ponyfill's first use throws an Error naming the refusal", threw(r.ponyfill, REFUSAL) && r.ponyfill.error.name === 'Error', r.ponyfill]];
}

/**
 * The polyfill bundled under `browser`: it never makes the host worse. Every global that is not
 * the host's works and gives the standard's results; every class it was to replace but could not
 * is kept, with faults.core (naming the refusal) as the reason; at the `old` date, where workerd
 * refuses to compile at startup too and its TextDecoder is faulty, that is what happens, and the
 * global TextDecoder still works as the host's.
 */
function fallbackChecks(r, old) {
  const faulty = NAMES.filter((n) => r.faults[n] !== null);
  const kept = r.details.filter((d) => d.action === 'kept');
  const checks = [
    ['the polyfill installed only classes that work here (the core ran wherever it installed one)', r.installed.length === 0 || (r.faults.core === null && typeof r.shiftJis === 'string'), { installed: r.installed, core: r.faults.core }],
    ["the global TextDecoder('shift_jis') works: the host's, or ours giving U+E69C", r.hostKept.TextDecoder ? r.shiftJis === r.hostShiftJis : r.shiftJis === '\ue69c', { global: r.shiftJis, host: r.hostShiftJis }],
    ['each class kept has faults.core, naming the refusal, as the reason', kept.every((d) => r.faults.core !== null && REFUSAL.test(r.faults.core) && d.reason.endsWith(`but ${r.faults.core}`)), kept],
    ['every faulty class is either replaced or kept, with a reason', faulty.every((n) => r.installed.includes(n) || kept.some((d) => d.name === n)), { faulty, installed: r.installed, kept }],
  ];
  if (old) {
    checks.push(["the host's TextDecoder is faulty at this date (so that the polyfill had to keep it)", r.faults.TextDecoder !== null, r.faults]);
    checks.push(['workerd refused the compilation at startup: nothing installed, every class the host\u2019s', r.installed.length === 0 && NAMES.every((n) => r.hostKept[n]), { installed: r.installed, hostKept: r.hostKept }]);
  }
  return checks;
}
