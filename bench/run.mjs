// `npm run bench [-- --quick] [-- --node-only] [-- --engines]`: the benchmark, in one run with
// interleaved rounds (see bench/README.md). Reads the built package from $TEW_PKG or pkg/, the
// corpus from ../shared/corpus/wikipedia; caches legacy-encoded inputs, package copies and peer
// bundles in bench/.cache/ and writes the tables to stdout and bench/.cache/results.md
// (--engines: bench/.cache/engines.md).
//
//   --quick           fewer, shorter rounds (a smoke run)
//   --node-only       skip headless Chromium
//   --engines[=A,B]   the engine comparison instead (bench/engines.mjs): the throughput sections in
//                     every engine (or the ones named: node20 node22 node24 node26 bun deno chromium
//                     firefox no-wasm), one summary table each, and one of all of them
//   --baseline DIR    another built package (node scripts/build.mjs --out DIR) as the column
//                     "ours before", with "ours ÷ ours before" in the summary (Node part only)
//   --node PATH       the Node that runs the bench (also $TEW_BENCH_NODE); by default Node 24
//                     (scripts/lib/engines.mjs, installed if missing): a run started by any other
//                     Node re-executes itself with it

import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { delimiter, dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { BROWSERS, withBrowser } from '../scripts/lib/browser.mjs';
import { enginePath, installEngines, isInstalled } from '../scripts/lib/engines.mjs';
import { entryFile, GENERATED, importInternals, importPackageFile, packageDir, packageUrl, root } from '../scripts/lib/package.mjs';
import { startServer } from '../scripts/lib/server.mjs';
import { measure as measureEntries } from '../scripts/sizes.mjs';
import { benchMounts, browserPeers, bundle as esbuildBundle, openBenchPage, PEER_ENTRIES } from './browser-bench.mjs';
import { median, sinkValue } from './harness.js';
import { loadInputs } from './inputs.mjs';
import { BEFORE, CORE, NOTES, ratio, ratioFmt, sectionTable, sizeFmt, summaryColumns, summaryTable, table, THROUGHPUT, throughputTable } from './report.mjs';
import { contenders, HOST_SWITCH, importForcedCore, legacyDecoders, legacyEncoders, prepare, runSection } from './suite.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(benchDir, '.cache');
const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const chromiumPath = BROWSERS.chromium;
/** The entry files each part loads (scripts/lib/package.mjs). */
const FILES = {
  node: entryFile('.', 'node'),
  web: entryFile('.', 'web'),
  js: entryFile('./js'),
  liteNode: entryFile('./lite', 'node'),
  liteWeb: entryFile('./lite', 'web'),
  nodeLegacy: entryFile('./legacy', 'node'),
  webLegacy: entryFile('./legacy', 'web'),
};
const require = createRequire(import.meta.url);
const log = (...a) => console.error('bench:', ...a);

// ---------------------------------------------------------------------------------------------
// Options, and the Node that runs the bench

const argv = process.argv.slice(2);
const args = new Set();
let nodeOption = null;
let engineNames = null;
let baselineDir = null;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--node') {
    nodeOption = argv[++i];
    if (!nodeOption) throw new Error('bench: --node takes the path of a node binary');
  } else if (a === '--baseline') {
    baselineDir = argv[++i] ? resolve(argv[i]) : null;
    if (!baselineDir || !existsSync(join(baselineDir, 'package.json'))) throw new Error('bench: --baseline takes the directory of another built package (node scripts/build.mjs --out DIR)');
  } else if (a === '--engines' || a.startsWith('--engines=')) {
    args.add('--engines');
    if (a.includes('=')) engineNames = a.slice(a.indexOf('=') + 1).split(',').filter(Boolean);
  } else if (a === '--quick' || a === '--node-only') {
    args.add(a);
  } else {
    throw new Error(`bench: unknown option ${a} (use --quick, --node-only, --engines[=NAMES], --node PATH, --baseline DIR)`);
  }
}
const quick = args.has('--quick');
const nodeOnly = args.has('--node-only');
const enginesMode = args.has('--engines');

/** `name` on $PATH (the first executable match), or null. */
function onPath(name) {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * Which Node runs the bench: `--node PATH` or $TEW_BENCH_NODE, else the pinned Node 24. A run
 * started by another Node re-executes this script with that one (same arguments; the child is
 * told in $TEW_BENCH_STARTED_BY which Node started it, and does not re-execute again).
 */
const startedBy = process.env.TEW_BENCH_STARTED_BY || null;
if (startedBy === null) {
  const chosen = nodeOption || process.env.TEW_BENCH_NODE || null;
  let target = chosen ? resolve(chosen) : enginePath('node24');
  if (!chosen && !isInstalled('node24')) {
    log('installing Node 24 (scripts/lib/engines.mjs) to run the bench');
    installEngines(['node24']);
    target = enginePath('node24');
  }
  if (!existsSync(target)) throw new Error(`bench: no node binary at ${target}`);
  if (realpathSync(target) !== realpathSync(process.execPath)) {
    log(`re-executing with ${target} (started by Node ${process.version})`);
    const child = spawn(target, [fileURLToPath(import.meta.url), ...argv], {
      stdio: 'inherit',
      env: { ...process.env, TEW_BENCH_STARTED_BY: `${process.version} ${process.execPath}` },
    });
    // A signal to this process reaches the child too (not only a terminal's, which the group gets).
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    const code = await new Promise((done) => {
      child.on('error', (e) => {
        log(`could not start ${target}: ${e.message}`);
        done(1);
      });
      child.on('exit', (status, signal) => done(status ?? (signal ? 1 : 0)));
    });
    process.exit(code);
  }
}
/** How this Node came to run the bench, for the header. */
const nodeHow = startedBy
  ? `re-executed by Node ${startedBy.split(' ')[0]}${nodeOption || process.env.TEW_BENCH_NODE ? ' (--node / TEW_BENCH_NODE)' : ' (the default: the pinned Node 24)'}`
  : nodeOption || process.env.TEW_BENCH_NODE
    ? 'started directly (--node / TEW_BENCH_NODE names this Node)'
    : 'started directly with the pinned Node 24';
/** The system Node: the one that started the run (before any re-execution), else `node` on $PATH. */
const systemNode = startedBy ? startedBy.slice(startedBy.indexOf(' ') + 1) : onPath('node') || process.execPath;

const pkgDir = packageDir([]);
/** Rounds, and the target length of one timed batch (many short batches: the median then shrugs off
 * a batch that other processes or a major GC interrupted). */
const OPTS = quick ? { rounds: 3, targetMs: 4 } : { rounds: 11, targetMs: 10 };
/** Fewer rounds for the sections whose slow peers (text-encoding's CJK decoders and legacy
 * encoders take tens to hundreds of ms a call) would otherwise stretch the run. */
const SECTION_ROUNDS = quick ? {} : { decodeCjk: 7, encodeLegacy: 5 };
const TTFD_RUNS = quick ? 3 : 9;
/** A full garbage collection between rows (`--expose-gc` set at run time; null if refused). */
const gc = (() => {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc');
  } catch {
    return null;
  }
})();

const started = Date.now();
/** The switch in the environment would force the core in "ours" too: it is noted in the header. */
const switchInEnv = process.env[HOST_SWITCH];

// ---------------------------------------------------------------------------------------------
// The package and its copies

const ours = await importPackageFile(pkgDir, FILES.node);
/** The core modules behind the Node entry, for the sections that measure its methods. */
const internals = await importInternals(pkgDir);
const wasmBytes = readFileSync(join(pkgDir, GENERATED.wasm));
const wasmHash = createHash('sha256').update(wasmBytes).digest('hex');
mkdirSync(cacheDir, { recursive: true });

/** A fresh copy of the package in bench/.cache/`name`/: its own module graph when imported. */
function packageCopy(name) {
  const dir = join(cacheDir, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(pkgDir, dir, { recursive: true });
  return dir;
}
/**
 * Whether the package reads the host switch (its core modules name it): where it does not, the
 * forced core is the same code as ours.
 */
const hasHostSwitch = (() => {
  try {
    const dir = join(pkgDir, 'core');
    return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(HOST_SWITCH));
  } catch {
    return false;
  }
})();
const coreDir = packageCopy('core-build');

// ---------------------------------------------------------------------------------------------
// Inputs: the UTF-8 corpus and its legacy-encoded versions (cached, keyed on our wasm)

const { files, legacyInfo, fresh } = loadInputs({ ours, internals, cacheDir, corpusDir, wasmHash });
log(fresh ? 'legacy inputs encoded into bench/.cache/' : 'legacy inputs read from bench/.cache/');

const out = [];
function emit(text) {
  out.push(text);
  console.log(text + '\n');
}
/** Into the results file only (the --engines detail tables). */
function record(text) {
  out.push(text);
}
const legacyTable = () =>
  `### Legacy inputs (made by our encoder in html mode, cached in bench/.cache/)\n\n` +
  table(
    ['input', 'UTF-8 size', 'legacy size', '&#N; references'],
    legacyInfo.map((l) => [l.row, sizeFmt(l.source), sizeFmt(l.bytes), String(l.refs)]),
  );
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const coreLine = `- ${CORE}: a second copy of the package (bench/.cache/core-build/; in the browsers the package again under /pkg-core/) whose modules are evaluated with \`globalThis.${HOST_SWITCH} = 'off'\` (deleted once the import is done), so it keeps to its wasm core (the string building and writing sections time it too); ${hasHostSwitch ? 'the package reads the switch' : `**this package does not read the switch yet** (no \`${HOST_SWITCH}\` in its core/), so the column is the same code as ours`}${switchInEnv !== undefined ? `; **${HOST_SWITCH}=${switchInEnv} is set in the environment**, which reaches ours too` : ''}`;

if (enginesMode) {
  const { runEngines } = await import('./engines.mjs');
  await runEngines({
    quick,
    only: engineNames,
    pkgDir,
    coreDir,
    benchDir,
    cacheDir,
    corpusDir,
    files,
    systemNode,
    emit,
    record,
    log,
    header: [
      `# text-encoding-wasm benchmark: engines${quick ? ' (--quick)' : ''}`,
      '',
      `- command: \`${['node', 'bench/run.mjs', ...argv].join(' ')}\`${process.env.TEW_PKG ? ` with TEW_PKG=${process.env.TEW_PKG}` : ''}`,
      `- orchestrated by Node ${process.version} (${process.execPath}), ${nodeHow}`,
      `- package: ${pkgDir} (${GENERATED.wasm} ${wasmBytes.length} B, sha256 ${wasmHash.slice(0, 12)}…)`,
      `- machine: ${cpus()[0]?.model ?? 'cpu?'} × ${cpus().length}; date: ${new Date().toISOString()}; load average at start ${loadavg().map((x) => x.toFixed(2)).join(' ')}`,
      `- peers: @exodus/bytes ${versionOf('@exodus/bytes')}, iconv-lite ${versionOf('iconv-lite')} (Node and Bun), encoding-japanese ${versionOf('encoding-japanese')}`,
      coreLine,
    ],
  });
  writeFileSync(join(cacheDir, 'engines.md'), out.join('\n\n') + '\n');
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; tables in bench/.cache/engines.md`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The peers (the default run)

const exodus = await import('@exodus/bytes/encoding.js');
// @exodus/bytes' legacy encoders (fatal mode only): its lower-level multi-byte and single-byte APIs.
const exodusLegacy = { ...(await import('@exodus/bytes/multi-byte.js')), ...(await import('@exodus/bytes/single-byte.js')) };
// Our legacy encoders (`text-encoding-wasm/legacy`), when the package has the entry.
const oursLegacy = existsSync(join(pkgDir, FILES.nodeLegacy)) ? await importPackageFile(pkgDir, FILES.nodeLegacy) : null;
// In Node, text-encoding's own implementation (its CommonJS `this` is not the global object, so
// it never hands back the native classes); its index requires the encoding-indexes.
const textEncoding = require('text-encoding');
if (textEncoding.TextDecoder === globalThis.TextDecoder) throw new Error('bench: text-encoding returned the native TextDecoder');
const iconv = require('iconv-lite');
const encodingJapanese = require('encoding-japanese');
// The forced core: the copy's modules evaluated with the switch on (suite.js importForcedCore); its
// core modules too (the same instances as its entry's), for the string building and writing
// sections: with the host codecs on, ours hands whole decodes to the host and every builder would
// time the same.
const { oursCore, coreInternals } = await importForcedCore(async () => ({ oursCore: await importPackageFile(coreDir, FILES.node), coreInternals: await importInternals(coreDir) }));
// Our JavaScript build (`text-encoding-wasm/js`: wasm2js of the same wasm) as one more column: its
// own module graph (a copy of the package in bench/.cache/js-build/), so that its core modules are
// not the wasm entry's. In Node the /js entry builds strings with the host's TextDecoder (the Node
// entries' Buffer builders are not in its graph).
const JS_BUILD = 'ours, JS build';
const oursJs = existsSync(join(pkgDir, FILES.js)) ? await importPackageFile(packageCopy('js-build'), FILES.js) : null;
// --baseline DIR: another build of the package (say, main before a change) as one more column,
// in the same run, so that a change's cost is a ratio of one run (BEFORE in the summary).
const oursBefore = baselineDir ? await importPackageFile(baselineDir, FILES.node) : null;
const oursBeforeLegacy = baselineDir && existsSync(join(baselineDir, FILES.nodeLegacy)) ? await importPackageFile(baselineDir, FILES.nodeLegacy) : null;
const PEERS = { [CORE]: oursCore, [JS_BUILD]: oursJs, '@exodus/bytes': exodus, 'text-encoding': textEncoding, ...(oursBefore ? { [BEFORE]: oursBefore } : {}) };
const list = contenders(ours, globalThis, PEERS, legacyDecoders({ iconv, encodingJapanese }));
const legacyList = legacyEncoders(oursLegacy, { exodus: exodusLegacy, iconv, encodingJapanese, textEncoding });
if (oursBeforeLegacy) legacyList.push({ name: BEFORE, make: (label, options) => (options === undefined ? (string) => oursBeforeLegacy.encode(string, label) : (string) => oursBeforeLegacy.encode(string, label, options)) });
const prepared = prepare(files, ours);

/** Prints a section's table; returns its geometric means. */
function report(section, options) {
  const { text, means } = sectionTable(section, options);
  emit(text);
  return means;
}

/** Runs and reports every throughput section in one realm (`run(name)` returns a section). */
async function sections(where, run) {
  const s = {};
  for (const [name] of THROUGHPUT) {
    log(`${where}: ${name}`);
    const section = await run(name, SECTION_ROUNDS[name]);
    s[name] = section;
    emit(throughputTable(name, section));
  }
  log(`${where}: string building`);
  const b = await run('builder');
  s.builder = report(b, { pairs: [['native', 'fromCharCode'], ['auto', 'fromCharCode']], best: true, note: NOTES.builder, crossovers: [['native', 'fromCharCode']] });
  if (await run('hasWriter')) {
    log(`${where}: string writing`);
    const wr = await run('writer');
    s.writer = report(wr, { pairs: [['native', 'charCodeAt'], ['auto', 'charCodeAt']], best: true, note: NOTES.writer, crossovers: [['native', 'charCodeAt']] });
  }
  const m = await run('methods');
  const APPLY = 'apply ≤8192';
  const mPairs = m.columns.filter((c) => c !== APPLY).map((c) => [c, APPLY]);
  const mCross = m.columns.filter((c) => c.includes('utf16le') || c.includes('utf-16le')).map((c) => [c, APPLY]);
  s.methods = report(m, { pairs: mPairs, best: true, note: NOTES.methods, crossovers: mCross });
  return s;
}

// ---------------------------------------------------------------------------------------------
// Node

const header = [
  `# text-encoding-wasm benchmark${quick ? ' (--quick)' : ''}`,
  '',
  `- command: \`${['node', 'bench/run.mjs', ...argv].join(' ')}\`${process.env.TEW_PKG ? ` with TEW_PKG=${process.env.TEW_PKG}` : ''}`,
  `- package: ${pkgDir} (${GENERATED.wasm} ${wasmBytes.length} B, sha256 ${wasmHash.slice(0, 12)}…)`,
  `- Node ${process.version} (ICU ${process.versions.icu ?? 'none'}) at ${process.execPath}, ${nodeHow}; ${cpus()[0]?.model ?? 'cpu?'} × ${cpus().length}`,
  `- peers: @exodus/bytes ${versionOf('@exodus/bytes')} (\`@exodus/bytes/encoding.js\` TextDecoder/TextEncoder; legacy encoders from \`@exodus/bytes/multi-byte.js\` and \`single-byte.js\`), text-encoding ${versionOf('text-encoding')} (\`require('text-encoding')\`, with its encoding-indexes; legacy encoders through \`NONSTANDARD_allowLegacyEncoding\`), iconv-lite ${versionOf('iconv-lite')} (\`decode\`/\`encode\`: legacy rows), encoding-japanese ${versionOf('encoding-japanese')} (\`convert\`: the Japanese rows)`,
  `- ours: \`${FILES.node}\`${oursLegacy ? `; legacy encoders from \`${FILES.nodeLegacy}\`` : ` (no \`${FILES.nodeLegacy}\`: the encode legacy sections are not run)`}`,
  coreLine,
  `- ${JS_BUILD}: ${oursJs ? `\`${FILES.js}\` (the JavaScript build: wasm2js of the same wasm; in Node its strings are built by the host TextDecoder, not Buffer), as a peer column` : `no \`${FILES.js}\` in the package`}`,
  `- ${OPTS.rounds} interleaved rounds${Object.keys(SECTION_ROUNDS).length ? ` (${Object.entries(SECTION_ROUNDS).map(([k, v]) => `${v} for ${THROUGHPUT.find(([key]) => key === k)?.[2] ?? k}`).join(', ')})` : ''}; in each, every (input, contender) runs ≈${OPTS.targetMs} ms as 3 back-to-back sub-batches and keeps the fastest; every value is the median over rounds; ${gc ? 'a full GC before each input row' : 'no forced GC (gc() unavailable)'}`,
  `- date: ${new Date().toISOString()}; load average at start ${loadavg().map((x) => x.toFixed(2)).join(' ')}`,
];
emit(header.join('\n'));
emit(legacyTable());

const t0 = Date.now();
const envNode = {
  list,
  legacyList,
  ours,
  internals,
  coreOurs: oursCore,
  coreInternals,
  where: `Node ${process.version}`,
  extraMethods: { 'Buffer utf16le': (mem8, offset, units) => Buffer.from(mem8.buffer, offset, units * 2).toString('utf16le') },
};
const nodeResults = await sections('Node', (name, rounds = OPTS.rounds) => runSection(name, envNode, prepared, { ...OPTS, rounds, gc }));
log(`node throughput sections: ${((Date.now() - t0) / 1000).toFixed(0)} s`);

// Time to first decode in fresh Node processes.
const ttfdInput = prepared.shortDecode.find((f) => f.label === 'utf-8' && f.row.startsWith('ru.'));
const ttfdWant = new ours.TextDecoder().decode(ttfdInput.bytes);
function ttfdNode() {
  const specs = {
    [`ours (${FILES.node})`]: [packageUrl(pkgDir, FILES.node), 'm.TextDecoder'],
    [`ours (${FILES.web}, inlined wasm)`]: [packageUrl(pkgDir, FILES.web), 'm.TextDecoder'],
    ...(oursJs ? { [`${JS_BUILD} (${FILES.js})`]: [packageUrl(pkgDir, FILES.js), 'm.TextDecoder'] } : {}),
    native: [null, 'globalThis.TextDecoder'],
    'floor: an empty module (import() itself)': ['data:text/javascript,export default 0', 'globalThis.TextDecoder'],
    '@exodus/bytes': ['@exodus/bytes/encoding.js', 'm.TextDecoder'],
    'text-encoding': ['text-encoding', 'm.default.TextDecoder'],
  };
  if (existsSync(join(pkgDir, FILES.liteNode))) specs[`ours lite (${FILES.liteNode})`] = [packageUrl(pkgDir, FILES.liteNode), 'm.TextDecoder'];
  // The package of --baseline, through the same entry.
  if (baselineDir) specs[`ours before (${FILES.node})`] = [packageUrl(baselineDir, FILES.node), 'm.TextDecoder'];
  // The first Shift_JIS decode: what a CJK encoding's tables cost at first use.
  const sjis = prepared.shortDecode.find((f) => f.label === 'shift_jis');
  if (sjis) specs[`ours (${FILES.node}), first decode in shift_jis`] = [packageUrl(pkgDir, FILES.node), 'm.TextDecoder', sjis];
  if (sjis && oursJs) specs[`${JS_BUILD} (${FILES.js}), first decode in shift_jis`] = [packageUrl(pkgDir, FILES.js), 'm.TextDecoder', sjis];
  // An add-on imported late: lite's core in use already (a windows-1252 decode instantiated it),
  // then `import 'text-encoding-wasm/japanese'` and the first Shift_JIS decode (the add-on's
  // module read and instantiated, its tables expanded). (A UTF-8 decode would not do: where the
  // host's UTF-8 is right it instantiates no wasm, and the row would time lite's core too.)
  const japanese = join(pkgDir, entryFile('./japanese', 'node'));
  if (sjis && existsSync(japanese)) {
    const prelude = `const lite = await import(${JSON.stringify(packageUrl(pkgDir, FILES.liteNode))}); new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80));`;
    specs[`ours lite's core in use, then ${entryFile('./japanese', 'node')} imported: first decode in shift_jis`] = [packageUrl(pkgDir, entryFile('./japanese', 'node')), 'lite.TextDecoder', sjis, prelude];
  }
  const samples = Object.fromEntries(Object.keys(specs).map((k) => [k, []]));
  const problems = [];
  for (let i = 0; i < TTFD_RUNS; i++) {
    for (const [name, [spec, pick, input = ttfdInput, prelude = '']] of Object.entries(specs)) {
      const want = input === ttfdInput ? ttfdWant : new ours.TextDecoder(input.label).decode(input.bytes);
      const script = [
        `const bytes = new Uint8Array(${JSON.stringify([...input.bytes])});`,
        prelude,
        'const t0 = performance.now();',
        spec ? `const m = await import(${JSON.stringify(spec)});` : '',
        `const TD = ${pick};`,
        'const t1 = performance.now();',
        `const out = new TD(${JSON.stringify(input.label)}).decode(bytes);`,
        'const t2 = performance.now();',
        'process.stdout.write(JSON.stringify({ importMs: t1 - t0, decodeMs: t2 - t1, out }));',
      ].join('\n');
      try {
        const r = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
        if (r.out !== want) problems.push(`${name}: first decode differs from ours`);
        else samples[name].push(r);
      } catch (e) {
        problems.push(`${name}: ${String(e.message).split('\n')[0]}`);
      }
    }
  }
  return { samples, problems: [...new Set(problems)] };
}

function reportTtfd(title, { samples, problems }, runs, note) {
  const med = (xs, k) => median(xs.map((x) => x[k]));
  const oursTotal = median(samples[`ours (${FILES.node})`].map((x) => x.importMs + x.decodeMs));
  const rows = Object.entries(samples).map(([name, xs]) => {
    if (xs.length === 0) return [name, '—', '—', '—', '—'];
    const total = median(xs.map((x) => x.importMs + x.decodeMs));
    return [name, med(xs, 'importMs').toFixed(2), med(xs, 'decodeMs').toFixed(2), total.toFixed(2), ratioFmt(ratio(total, oursTotal))];
  });
  let text = `### ${title} (ms, median of ${runs} fresh ${note})\n\nFrom the start of \`import()\` to the first \`new TextDecoder().decode()\` result (${ttfdInput.bytes.length} B of ru.txt, UTF-8). Each column is its own median, so import + first decode need not add up to total. Last column: this ÷ ours (> 1× means ours is ready sooner).\n\n`;
  text += table(['contender', 'import', 'first decode', 'total', 'total ÷ ours'], rows);
  if (problems.length) text += '\n\n' + problems.map((p) => `- ${p}`).join('\n');
  emit(text);
}

log('node: time to first decode');
reportTtfd('Node: time to first decode', ttfdNode(), TTFD_RUNS, 'processes');

// Memory (Node): the heap a decoded string keeps.
{
  log('node: memory');
  const rows = [];
  // Heap (JS heap + memory held outside it for the heap, where long host strings live) kept by one
  // decoded 64 MB ASCII string, in a fresh process each: one byte per character is the floor.
  const heapScript = (spec, pick) => [
    "import v8 from 'node:v8';",
    spec ? `const m = await import(${JSON.stringify(spec)});` : '',
    `const TD = ${pick};`,
    'const bytes = new Uint8Array(64e6).fill(0x61); for (let i = 0; i < bytes.length; i += 61) bytes[i] = 0x20;',
    'const d = new TD(); d.decode(bytes.subarray(0, 1e6));',
    'const heap = () => { gc(); gc(); const h = v8.getHeapStatistics(); return h.used_heap_size + h.external_memory; };',
    'const before = heap(); const s = d.decode(bytes); const after = heap();',
    'process.stdout.write(JSON.stringify({ mb: (after - before) / 1e6, length: s.length }));',
  ].join('\n');
  const heaps = {};
  for (const [name, spec, pick] of [['ours', packageUrl(pkgDir, FILES.node), 'm.TextDecoder'], ['native', null, 'globalThis.TextDecoder'], ['@exodus/bytes', '@exodus/bytes/encoding.js', 'm.TextDecoder']]) {
    try {
      const r = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', heapScript(spec, pick)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 }));
      heaps[name] = r.length === 64e6 ? r.mb : NaN;
    } catch (e) {
      heaps[name] = NaN;
    }
  }
  rows.push(['heap kept by one decoded 64 MB ASCII string (MB)', ...['ours', 'native', '@exodus/bytes'].map((k) => (Number.isFinite(heaps[k]) ? heaps[k].toFixed(1) : '—')), ratioFmt(ratio(heaps.native, heaps.ours))]);
  emit(
    `### Node: memory\n\nHeap: in a fresh process (--expose-gc) per contender, the JS heap plus the memory held outside it for the heap (long host strings live there), before and after one \`decode()\` of 64 MB of ASCII; one byte per character is the floor (a one-byte string), two a two-byte string. Last column: native ÷ ours (≥ 1× means ours keeps no more).\n\n` +
      table(['what', 'ours', 'native', '@exodus/bytes', 'ratio'], rows),
  );
}

// ---------------------------------------------------------------------------------------------
// Bundle size

let esbuild = null;
try {
  esbuild = await import('esbuild');
} catch (e) {
  log(`esbuild did not load (${e.message}); minified bundle sizes and the browser peers are skipped`);
}

/** An ESM entry's own module graph (paths relative to the package): every relative import, transitively. */
function closure(entry) {
  const seen = [];
  const visit = (name) => {
    if (seen.includes(name)) return;
    seen.push(name);
    const src = readFileSync(join(pkgDir, name), 'utf8');
    for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.\.?\/[^'"]+)['"]/g)) {
      visit(posix.normalize(posix.join(posix.dirname(name), m[1])));
    }
  };
  visit(entry);
  return seen;
}

const sizes = (buf) => [
  buf.length,
  gzipSync(buf, { level: 9 }).length,
  brotliCompressSync(buf, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length,
];

const bundle = (options) => esbuildBundle(esbuild, options);

/** The peers' bundles for the one-language apps of scripts/sizes.mjs (Shift_JIS export and decode). */
/**
 * What an application of each kind ships with ours and with the library it would pick instead
 * (esbuild --bundle --minify, brotli): ours from scripts/sizes.mjs's bundles, the alternatives'
 * from PEER_ENTRIES and APP_PEER_ENTRIES.
 */
const SCENARIOS = [
  ['the four classes, every encoding', 'full', '@exodus/bytes'],
  ['UTF-8, UTF-16 and the single-byte encodings', 'lite', '@exodus/bytes lite'],
  ['every encoding where WebAssembly is refused', 'js (JavaScript build)', '@exodus/bytes'],
  ['Shift_JIS export (encode only)', 'Shift_JIS export (lite/legacy + japanese/encode)', 'encoding-japanese: Shift_JIS export or decode (the whole library)'],
  ['Shift_JIS export (encode only)', 'Shift_JIS export (lite/legacy + japanese/encode)', '@exodus/bytes: Shift_JIS export (its multi-byte encoder)'],
  ['Shift_JIS decode (TextDecoder only)', 'Shift_JIS decode (lite + japanese/decode)', 'encoding-japanese: Shift_JIS export or decode (the whole library)'],
  ['Shift_JIS decode (TextDecoder only)', 'Shift_JIS decode (lite + japanese/decode)', '@exodus/bytes: Shift_JIS decode (its TextDecoder, every encoding)'],
];

/** The scenario table: each kind of application, ours against its alternative. */
function scenarioTable(entrySizes, peerBrotli) {
  const kib = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KiB` : '—');
  const rows = SCENARIOS.map(([what, ours, peer]) => [what, `${ours}: ${kib(entrySizes[ours])}`, `${peer.split(':')[0]}: ${kib(peerBrotli[peer])}`, ratioFmt(ratio(peerBrotli[peer], entrySizes[ours]))]);
  return `### Bundle size by application\n\nWhat an application of each kind ships (esbuild --bundle --minify, brotli q11): ours, and the library it would pick instead. Last column: the alternative ÷ ours (> 1× means ours is smaller).\n\n${table(['application', 'ours', 'alternative', 'alternative ÷ ours'], rows)}\n`;
}

const APP_PEER_ENTRIES = {
  '@exodus/bytes: Shift_JIS export (its multi-byte encoder)': "export { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js';",
  '@exodus/bytes: Shift_JIS decode (its TextDecoder, every encoding)': "export { TextDecoder } from '@exodus/bytes/encoding.js';",
  'encoding-japanese: Shift_JIS export or decode (the whole library)': "import Encoding from 'encoding-japanese'; export const convert = Encoding.convert;",
};

let scenarioText = '';
{
  const files = closure(FILES.web);
  const js = files.filter((f) => f !== GENERATED.inline);
  const cat = (names) => Buffer.concat(names.map((n) => readFileSync(join(pkgDir, n))));
  const rows = [
    [`ours: ESM entry as shipped (${files.join(' + ')})`, ...sizes(cat(files))],
    [`  of which JS (all but ${GENERATED.inline})`, ...sizes(cat(js))],
    [`  of which ${GENERATED.inline} (inlined wasm)`, ...sizes(cat([GENERATED.inline]))],
    [`ours: ${GENERATED.wasm} alone`, ...sizes(wasmBytes)],
  ];
  // The lite entry (no CJK encodings), when the package has one.
  const lite = existsSync(join(pkgDir, FILES.liteWeb));
  if (lite) {
    const liteFiles = closure(FILES.liteWeb);
    rows.push([`ours lite: ESM entry as shipped (${liteFiles.join(' + ')})`, ...sizes(cat(liteFiles))]);
    rows.push([`ours lite: ${GENERATED.liteWasm} alone`, ...sizes(readFileSync(join(pkgDir, GENERATED.liteWasm)))]);
  }
  let oursMin = null;
  if (esbuild) {
    oursMin = sizes(await bundle({ entryPoints: [join(pkgDir, FILES.web)], minify: true }));
    rows.push(['ours: ESM entry, esbuild --bundle --minify', ...oursMin]);
    if (lite) rows.push(['ours lite: ESM entry, esbuild --bundle --minify', ...sizes(await bundle({ entryPoints: [join(pkgDir, FILES.liteWeb)], minify: true }))]);
    // The other entries as an application bundles them (scripts/sizes.mjs, also the size check of npm test).
    const entrySizes = await measureEntries(pkgDir);
    rows.push(['ours: full entry + legacy encoders, esbuild --bundle --minify', NaN, NaN, entrySizes['full + legacy']]);
    rows.push(['ours: standard entry, esbuild --bundle --minify', NaN, NaN, entrySizes.standard]);
    rows.push(['ours: polyfill (it carries the implementation), esbuild --bundle --minify', NaN, NaN, entrySizes.polyfill]);
    rows.push(['ours: polyfill/check, the polyfill a dynamic import, where the host is right (esbuild --splitting: first chunk)', NaN, NaN, entrySizes['polyfill/check, host right']]);
    if (entrySizes['js (JavaScript build)']) rows.push([`${JS_BUILD}: /js entry (wasm2js), esbuild --bundle --minify`, NaN, NaN, entrySizes['js (JavaScript build)']]);
    // Lite and its per-language add-ons, and the apps of one language (scripts/sizes.mjs).
    for (const name of Object.keys(entrySizes).filter((n) => (n.startsWith('lite') || n.startsWith('Shift_JIS')) && !n.endsWith('wasm alone'))) rows.push([`ours: ${name}, esbuild --bundle --minify`, NaN, NaN, entrySizes[name]]);
    const peerBrotli = {};
    for (const [name, contents] of Object.entries({ ...PEER_ENTRIES, ...APP_PEER_ENTRIES })) {
      try {
        const measured = sizes(await bundle({ stdin: { contents, resolveDir: root, loader: 'js' }, minify: true }));
        peerBrotli[name] = measured[2];
        rows.push([`${name}: esbuild --bundle --minify`, ...measured]);
      } catch (e) {
        rows.push([`${name}: bundling failed (${e.message.split('\n')[0]})`, NaN, NaN, NaN]);
      }
    }
    scenarioText = scenarioTable(entrySizes, peerBrotli);
  }
  const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KiB` : '—');
  const text =
    scenarioText +
    `### Bundle size\n\nBytes a bundle ships for the ESM entry: the files themselves concatenated (unminified), and esbuild's minified bundle; peers bundled the same way (browser platform). gzip -9 and brotli q11 via node:zlib; last column: this ÷ ours minified (brotli).\n\n` +
    table(
      ['what', 'files', 'raw', 'gzip', 'brotli', 'brotli ÷ ours min'],
      rows.map(([what, raw, gz, br]) => {
        const [w, f] = what.includes(' (') && what.includes(': ESM entry as') ? [what.slice(0, what.indexOf(' (')), what.slice(what.indexOf(' (') + 2, -1)] : [what, ''];
        return [w, f, kb(raw), kb(gz), kb(br), oursMin ? ratioFmt(ratio(br, oursMin[2])) : '—'];
      }),
    );
  emit(text);
}

// ---------------------------------------------------------------------------------------------
// Headless Chromium

// /pkg-js/ and /pkg-core/ are the package again, so that the JavaScript build and the forced core
// are module graphs of their own.
const served = benchMounts({ pkgDir, benchDir, corpusDir, cacheDir });

async function browserPart() {
  if (nodeOnly) {
    emit('_Chromium skipped (--node-only)._');
    return null;
  }
  if (!existsSync(chromiumPath)) {
    emit(`_Chromium skipped: ${chromiumPath} is missing._`);
    return null;
  }
  // The pure-JS peers as browser ESM bundles (esbuild, honouring their "browser" fields); ours
  // bundled too, for the time-to-first-decode comparison next to the unbundled entry.
  const peers = await browserPeers({ esbuild, cacheDir, pkgDir });
  const browserDir = join(cacheDir, 'browser');
  if (esbuild) writeFileSync(join(browserDir, 'ours.js'), await bundle({ entryPoints: [join(pkgDir, FILES.web)], minify: true }));
  // The floor of the time-to-first-decode table: importing a module that does nothing.
  writeFileSync(join(browserDir, 'empty.js'), 'export const TextDecoder = globalThis.TextDecoder;\n');

  const server = await startServer(served);
  const origin = server.origin;
  try {
    return await withBrowser('chromium', (browser) => browserRuns(browser, origin, peers), { timeoutMs: 30 * 60 * 1000, args: ['--js-flags=--expose-gc'] });
  } finally {
    await server.close();
  }
}

/** The Chromium sections, memory and time to first decode, in `browser`, against the server at `origin`. */
async function browserRuns(browser, origin, { peerUrls, legacyPeerUrls, japaneseUrl, notes: bundleNotes }) {
  {
    const version = await browser.version();
    const manifest = {
      where: 'Chromium',
      core: `/pkg-core/${FILES.web}`,
      peers: peerUrls,
      legacyPeers: legacyPeerUrls,
      japanese: japaneseUrl,
      legacy: existsSync(join(pkgDir, FILES.webLegacy)),
      files: files.map(({ row, lang, kind, label, url }) => ({ row, lang, kind, label, url })),
    };
    const { page, info } = await openBenchPage(browser, origin, manifest);
    emit(
      `## Headless Chromium\n\n- ${version}, ${info.crossOriginIsolated ? 'cross-origin isolated (5 µs timer)' : 'not cross-origin isolated (100 µs timer)'}, ${info.gc ? 'a full GC before each input row (--js-flags=--expose-gc)' : 'no forced GC'}\n- ours: the web entry \`${FILES.web}\` (inlined wasm) and, for legacy encoding, \`${FILES.webLegacy}\`; ${CORE}: the same entry under /pkg-core/, imported with the switch on; peers: esbuild browser bundles of \`@exodus/bytes/encoding.js\`, of \`@exodus/bytes/multi-byte.js\` + \`single-byte.js\` (legacy encoders), of \`text-encoding\` and of \`encoding-japanese\` (no iconv-lite: it needs Node's Buffer)\n- note: the browser build of @exodus/bytes hands UTF-8 decoding and encoding, and most single-byte decoding, to the native TextDecoder/TextEncoder (see its \`fallback/platform.browser.js\`, \`single-byte.js\`), so in Chromium its column is native plus its wrapper there; its CJK decoders and all its legacy encoders are its own JS\n- contenders: ${info.contenders.join(', ')}; legacy encoders: ${info.legacyEncoders.join(', ') || 'none'}` +
        [...bundleNotes, ...info.errors].map((e) => `\n- ${e}`).join(''),
    );
    const s = await sections('Chromium', (name, rounds = OPTS.rounds) => page.evaluate((n, o) => window.bench.run(n, o), name, { ...OPTS, rounds }));
    await page.close();

    // Heap kept by one decoded 64 MB ASCII string, in a fresh context per contender (CDP: the
    // V8 heap in use, plus what the embedder keeps for it where Chromium reports that).
    log('chromium: memory');
    {
      const heapRows = [];
      const measured = {};
      for (const [name, src] of [['ours', `/pkg/${FILES.web}`], ['native', '']]) {
        const ctx = await browser.createBrowserContext();
        try {
          const p = await ctx.newPage();
          await p.goto(`${origin}/bench/ttfd.html?bytes=[]`);
          const cdp = await p.createCDPSession();
          await p.evaluate(async (url) => {
            const m = url ? await import(url) : null;
            window.TD = m ? m.TextDecoder : globalThis.TextDecoder;
            const bytes = new Uint8Array(64e6).fill(0x61);
            for (let i = 0; i < bytes.length; i += 61) bytes[i] = 0x20;
            new window.TD().decode(bytes.subarray(0, 1e6));
            window.bytes = bytes;
          }, src);
          const heap = async () => {
            await cdp.send('HeapProfiler.collectGarbage');
            const u = await cdp.send('Runtime.getHeapUsage');
            return u.usedSize + (u.embedderHeapUsedSize || 0) + (u.backingStorageSize || 0);
          };
          const before = await heap();
          const length = await p.evaluate(() => {
            window.s = new window.TD().decode(window.bytes);
            return window.s.length;
          });
          const after = await heap();
          measured[name] = length === 64e6 ? (after - before) / 1e6 : NaN;
        } catch (e) {
          measured[name] = NaN;
        } finally {
          await ctx.close();
        }
      }
      heapRows.push(['heap kept by one decoded 64 MB ASCII string (MB)', ...['ours', 'native'].map((k) => (Number.isFinite(measured[k]) ? measured[k].toFixed(1) : '—')), ratioFmt(ratio(measured.native, measured.ours))]);
      emit(
        `### Chromium: memory\n\nIn a fresh browser context per contender (the entry unbundled), the V8 heap in use plus what Chromium reports for the embedder and backing stores (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage), before and after one \`decode()\` of 64 MB of ASCII. Last column: native ÷ ours (≥ 1× means ours keeps no more).\n\n` +
          table(['what', 'ours', 'native', 'ratio'], heapRows),
      );
    }

    // Time to first decode: a fresh browser context (own renderer, empty caches) per sample.
    log('chromium: time to first decode');
    const specs = { [`ours (${FILES.web}, unbundled)`]: `/pkg/${FILES.web}`, 'ours (esbuild bundle)': '/cache/browser/ours.js', native: '', 'floor: an empty module (import() itself)': '/cache/browser/empty.js' };
    if (existsSync(join(pkgDir, FILES.liteWeb))) specs[`ours lite (${FILES.liteWeb}, unbundled)`] = `/pkg/${FILES.liteWeb}`;
    for (const [name, url] of Object.entries(peerUrls)) specs[name] = url;
    const samples = Object.fromEntries(Object.keys(specs).map((k) => [k, []]));
    const problems = [];
    for (let i = 0; i < TTFD_RUNS; i++) {
      for (const [name, src] of Object.entries(specs)) {
        const context = await browser.createBrowserContext();
        try {
          const p = await context.newPage();
          await p.goto(`${origin}/bench/ttfd.html?src=${encodeURIComponent(src)}&bytes=${encodeURIComponent(JSON.stringify([...ttfdInput.bytes]))}`);
          await p.waitForFunction('window.ttfd', { timeout: 30000 });
          const r = await p.evaluate(() => window.ttfd);
          if (r.error) problems.push(`${name}: ${r.error.split('\n')[0]}`);
          else if (r.out !== ttfdWant) problems.push(`${name}: first decode differs from ours`);
          else samples[name].push(r);
        } finally {
          await context.close();
        }
      }
    }
    reportTtfdBrowser(samples, problems);
    return s;
  }
}

function reportTtfdBrowser(samples, problems) {
  const oursTotal = median((samples[`ours (${FILES.web}, unbundled)`] || []).map((x) => x.importMs + x.decodeMs));
  const rows = Object.entries(samples).map(([name, xs]) => {
    if (xs.length === 0) return [name, '—', '—', '—', '—'];
    const total = median(xs.map((x) => x.importMs + x.decodeMs));
    return [name, median(xs.map((x) => x.importMs)).toFixed(2), median(xs.map((x) => x.decodeMs)).toFixed(2), total.toFixed(2), ratioFmt(ratio(total, oursTotal))];
  });
  let text = `### Chromium: time to first decode (ms, median of ${TTFD_RUNS} fresh browser contexts)\n\nFrom the start of \`import()\` in a module script to the first \`new TextDecoder().decode()\` result (${ttfdInput.bytes.length} B of ru.txt); modules come from the local server with \`cache-control: no-store\`. Each column is its own median. Last column: this ÷ ours unbundled (> 1× means ours is ready sooner).\n\n`;
  text += table(['contender', 'import', 'first decode', 'total', 'total ÷ ours'], rows);
  if (problems.length) text += '\n\n' + [...new Set(problems)].map((p) => `- ${p}`).join('\n');
  emit(text);
}

const browserResults = await browserPart().catch((e) => {
  emit(`_Chromium part failed: ${String(e && e.message).split('\n')[0]}_`);
  return null;
});

// ---------------------------------------------------------------------------------------------
// Summary

{
  const columns = summaryColumns(nodeResults, browserResults);
  emit(
    `## Summary\n\nPer section: the geometric mean over the section's rows of one contender ÷ another (> 1× means the first is faster), and in brackets the worst row (the lowest ratio) with its name. \`—\`: no row where both ran (e.g. no native legacy encoder, or a native that is wrong on every row: it is no reference, and a note says where).`,
  );
  emit(summaryTable(`Summary: Node ${process.version}`, `Node ${process.version}`, nodeResults, columns));
  if (browserResults) emit(summaryTable('Summary: Chromium', 'Chromium', browserResults, columns));
}

emit(`_Finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}._`);
writeFileSync(join(cacheDir, 'results.md'), out.join('\n\n') + '\n');
log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; tables in bench/.cache/results.md (sink ${sinkValue()})`);
