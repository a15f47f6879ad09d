// `npm run bench [-- --quick] [-- --node-only]`: the benchmark, in one run with interleaved
// rounds (see bench/README.md). Reads the built package from $TEW_PKG or pkg/, the corpus from
// ../shared/corpus/wikipedia; caches legacy-encoded inputs and peer bundles in bench/.cache/ and
// writes the tables to stdout and bench/.cache/results.md.
//
//   --quick      fewer, shorter rounds (a smoke run)
//   --node-only  skip headless Chromium

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { BROWSERS, withBrowser } from '../scripts/lib/browser.mjs';
import { entryFile, GENERATED, importInternals, importPackageFile, packageDir, packageUrl, root } from '../scripts/lib/package.mjs';
import { mounts, startServer } from '../scripts/lib/server.mjs';
import { measure as measureEntries } from '../scripts/sizes.mjs';
import { median, sinkValue } from './harness.js';
import { WASM_ONLY, contenders, legacyEncoders, prepare, runSection } from './suite.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(benchDir, '.cache');
const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const pkgDir = packageDir([]);
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

const args = new Set(process.argv.slice(2));
for (const a of args) if (a !== '--quick' && a !== '--node-only') throw new Error(`bench: unknown option ${a} (use --quick, --node-only)`);
const quick = args.has('--quick');
const nodeOnly = args.has('--node-only');
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

const LANGS = ['ar', 'cs', 'de', 'el', 'en', 'fr', 'he', 'ja', 'ko', 'pt', 'ru', 'th', 'tr', 'vi', 'zh_cn', 'zh_tw'];
const KINDS = ['txt', 'html'];
/** The legacy versions: language → encodings (made with our encoder, html mode). */
const LEGACY = {
  ru: ['windows-1251', 'koi8-r'],
  de: ['windows-1252'],
  fr: ['windows-1252'],
  pt: ['windows-1252'],
  en: ['windows-1252'],
  el: ['windows-1253'],
  he: ['windows-1255'],
  ar: ['windows-1256'],
  th: ['windows-874'],
  ja: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
  zh_cn: ['gbk', 'gb18030'],
  zh_tw: ['big5'],
  ko: ['euc-kr'],
};

const log = (...a) => console.error('bench:', ...a);
const started = Date.now();

// ---------------------------------------------------------------------------------------------
// The package and the peers

const ours = await importPackageFile(pkgDir, FILES.node);
/** The core modules behind the Node entry, for the sections that measure its methods. */
const internals = await importInternals(pkgDir);
const exodus = await import('@exodus/bytes/encoding.js');
// @exodus/bytes' legacy encoders (fatal mode only): its lower-level multi-byte and single-byte APIs.
const exodusLegacy = { ...(await import('@exodus/bytes/multi-byte.js')), ...(await import('@exodus/bytes/single-byte.js')) };
// Our legacy encoders (`text-encoding-wasm/legacy`), when the package has the entry.
const oursLegacy = existsSync(join(pkgDir, FILES.nodeLegacy)) ? await importPackageFile(pkgDir, FILES.nodeLegacy) : null;
// In Node, text-encoding's own implementation (its CommonJS `this` is not the global object, so
// it never hands back the native classes); its index requires the encoding-indexes.
const textEncoding = require('text-encoding');
if (textEncoding.TextDecoder === globalThis.TextDecoder) throw new Error('bench: text-encoding returned the native TextDecoder');
// Our JavaScript build (`text-encoding-wasm/js`: wasm2js of the same wasm) as one more column: its
// own module graph (a copy of the package in bench/.cache/js-build/), so that its core modules are
// not the wasm entry's. In Node the /js entry builds strings with the host's TextDecoder (the Node
// entries' Buffer builders are not in its graph).
const JS_BUILD = 'ours, JS build';
let oursJs = null;
if (existsSync(join(pkgDir, FILES.js))) {
  const jsDir = join(cacheDir, 'js-build');
  rmSync(jsDir, { recursive: true, force: true });
  cpSync(pkgDir, jsDir, { recursive: true });
  oursJs = await importPackageFile(jsDir, FILES.js);
}
const PEERS = { [JS_BUILD]: oursJs, '@exodus/bytes': exodus, 'text-encoding': textEncoding };
const list = contenders(ours, globalThis, PEERS);
const legacyList = legacyEncoders(oursLegacy, { textEncoding, exodus: exodusLegacy });
const wasmBytes = readFileSync(join(pkgDir, GENERATED.wasm));
const wasmHash = createHash('sha256').update(wasmBytes).digest('hex');

// ---------------------------------------------------------------------------------------------
// Inputs: the UTF-8 corpus and its legacy-encoded versions (cached, keyed on our wasm)

mkdirSync(cacheDir, { recursive: true });

/** Our legacy encoder (wasm exports, html mode): `text` in the encoding of `label`. */
function encodeLegacy(text, label) {
  const w = internals.core();
  const ordinal = internals.lookupLabel(label);
  if (ordinal < 0) throw new Error(`bench: unknown label ${label}`);
  const handle = w.encoder_new(ordinal);
  if (handle === 0) throw new Error(`bench: encoder_new(${label}) failed`);
  try {
    const n = internals.putString(text);
    const written = w.encoder_encode(handle, n, true, true);
    if (written < 0) throw new Error(`bench: encoder_encode(${label}) returned ${written}`);
    return internals.takeBytes(written);
  } finally {
    w.encoder_free(handle);
  }
}

const files = [];
const legacyInfo = [];
{
  const manifestPath = join(cacheDir, 'legacy.json');
  let manifest = null;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    manifest = null;
  }
  const fresh = manifest === null || manifest.wasm !== wasmHash;
  const next = { wasm: wasmHash, files: {} };
  for (const lang of LANGS) {
    for (const kind of KINDS) {
      const bytes = new Uint8Array(readFileSync(join(corpusDir, `${lang}.${kind}`)));
      files.push({ row: `${lang}.${kind}`, lang, kind, label: 'utf-8', bytes, url: `/corpus/${lang}.${kind}` });
    }
  }
  for (const [lang, encodings] of Object.entries(LEGACY)) {
    for (const kind of KINDS) {
      const source = files.find((f) => f.row === `${lang}.${kind}`);
      const text = new ours.TextDecoder().decode(source.bytes);
      for (const label of encodings) {
        const name = `${lang}.${kind}.${label}.bin`;
        const path = join(cacheDir, name);
        let bytes;
        if (!fresh && existsSync(path) && manifest.files[name]) {
          bytes = new Uint8Array(readFileSync(path));
        } else {
          bytes = encodeLegacy(text, label);
          writeFileSync(path, bytes);
        }
        // Unmappable characters became &#N; references: count the new ones.
        const decoded = new ours.TextDecoder(label).decode(bytes);
        const refs = (decoded.match(/&#\d+;/g) || []).length - (text.match(/&#\d+;/g) || []).length;
        next.files[name] = { bytes: bytes.length, refs };
        legacyInfo.push({ row: `${lang}.${kind} ${label}`, source: source.bytes.length, bytes: bytes.length, refs });
        files.push({ row: `${lang}.${kind} ${label}`, lang, kind, label, bytes, url: `/cache/${name}` });
      }
    }
  }
  writeFileSync(manifestPath, JSON.stringify(next, null, 1));
  log(fresh ? 'legacy inputs encoded into bench/.cache/' : 'legacy inputs read from bench/.cache/');
}
const prepared = prepare(files, ours);

// ---------------------------------------------------------------------------------------------
// Formatting

/** 3 significant digits, no exponent. */
function num(x) {
  if (!Number.isFinite(x)) return '—';
  if (x >= 100) return String(Math.round(x));
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}
const rateFmt = { 'MB/s': num, 'calls/s': (x) => (x >= 1e6 ? `${num(x / 1e6)} M` : `${num(x / 1e3)} k`) };
const sizeFmt = (s) => (typeof s === 'string' ? s : s >= 1024 ? `${(s / 1024).toFixed(1)} KiB` : `${s} B`);
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN);
const ratioFmt = (r) => (Number.isFinite(r) ? `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}×` : '—');
const geomean = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x) && x > 0);
  return v.length === 0 ? NaN : Math.exp(v.reduce((s, x) => s + Math.log(x), 0) / v.length);
};
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const out = [];
function emit(text) {
  out.push(text);
  console.log(text + '\n');
}

/**
 * A section's table. `pairs` lists [a, b] ratio columns (a's value ÷ b's); `best` adds a column
 * naming the fastest; a last row gives geometric means over the rows where both sides ran.
 */
function report(section, { pairs, best = false, note = '', crossovers = [] }) {
  const fmt = rateFmt[section.unit];
  const cell = (row, c) => (c in row.values ? fmt(row.values[c]) : row.marks[c] || '—');
  const head = ['input', 'size', ...section.columns.map((c) => `${c} ${section.unit}`), ...pairs.map(([a, b]) => `${a}/${b}`)];
  if (best) head.push('fastest');
  const rows = section.rows.map((row) => {
    const size = row.units === undefined ? sizeFmt(row.size) : `${sizeFmt(row.size)} / ${row.units} u`;
    const r = [row.row, size, ...section.columns.map((c) => cell(row, c)), ...pairs.map(([a, b]) => ratioFmt(ratio(row.values[a], row.values[b])))];
    if (best) {
      const top = section.columns.filter((c) => c in row.values && c !== WASM_ONLY).sort((x, y) => row.values[y] - row.values[x])[0];
      r.push(top ?? '—');
    }
    return r;
  });
  const means = pairs.map(([a, b]) => geomean(section.rows.map((row) => ratio(row.values[a], row.values[b]))));
  const g = ['**geometric mean**', '', ...section.columns.map((c) => fmt(geomean(section.rows.map((row) => row.values[c])))), ...means.map(ratioFmt)];
  if (best) g.push('');
  rows.push(g);
  let text = `### ${section.title} (${section.unit}, median of ${section.rounds ?? OPTS.rounds} interleaved rounds)\n\n${note ? note + '\n\n' : ''}${table(head, rows)}`;
  const notes = [...section.notes, ...crossovers.map(([a, b]) => crossover(section, a, b))];
  if (notes.length) text += '\n\n' + notes.map((n) => `- ${n}`).join('\n');
  emit(text);
  return Object.fromEntries(pairs.map(([a, b], i) => [`${a}/${b}`, means[i]]));
}

/**
 * Where `a` overtakes `b` on the slices of each article: the fewest output units from which `a` is at
 * least as fast as `b` on that slice and every longer one.
 */
function crossover(section, a, b) {
  const parts = [];
  for (const name of [...new Set(section.rows.filter((r) => r.row.endsWith(' slice')).map((r) => r.row))]) {
    const rows = section.rows.filter((r) => r.row === name && a in r.values && b in r.values).sort((x, y) => x.units - y.units);
    let from = null;
    for (let i = rows.length - 1; i >= 0 && rows[i].values[a] >= rows[i].values[b]; i--) from = rows[i].units;
    parts.push(`${name.replace(' slice', '')} ${from === null ? 'never (not even at the longest slice)' : from === rows[0]?.units ? `from the shortest slice (${from} units) on` : `from ${from} units on`}`);
  }
  return `crossover, ${a} ≥ ${b} on every longer slice: ${parts.join('; ')}`;
}

const peerPairs = (names) => names.filter((n) => n !== 'ours').map((n) => ['ours', n]);

const NOTES = {
  decode: 'MB/s of input bytes (MB = 10⁶ B). Ratios: ours ÷ other, so > 1× means ours is faster.',
  encodeLegacy:
    "MB/s of legacy output bytes (= the legacy input's size). The input string is our decoder's output on the legacy input, so every character is encodable (the unmappable ones are `&#N;` already) and every encoder must give back the input file. ours = `encode(string, label, {mode: 'html'})` of `text-encoding-wasm/legacy`; @exodus/bytes = `createMultibyteEncoder(label)` / `createSinglebyteEncoder(label)` (fatal mode, the only one it has), made once per input; text-encoding = `new TextEncoder(label, {NONSTANDARD_allowLegacyEncoding: true})`, made once per input. The host has no legacy encoder (its TextEncoder is UTF-8 only). Ratios: ours ÷ other.",
  encode: 'MB/s of UTF-8 output bytes (= the article’s size; the input is the decoded article string). Ratios: ours ÷ other.',
  encodeIntoLoop: 'MB/s of UTF-8 output: the loop `encodeInto(string.slice(pos), buffer)` with a 64 KiB buffer until the string is consumed (size = the string in code units). Ratios: ours ÷ other.',
  small: 'Calls per second (decoder/encoder constructed once, reused). Sizes: actual slice in UTF-8 bytes (decode) or UTF-16 code units (encode). Ratios: ours ÷ other.',
  builder:
    'Our TextDecoder (UTF-8) with each `setStringBuilder` kind: fromCharCode = String.fromCharCode.apply over ≤8192-unit chunks; native = the entry’s native builder (Node: Buffer utf16le; web: the host UTF-16LE TextDecoder) over the wasm output bytes; auto = the package default (native from 32 units in Node, 192 on the web). Slices are cut from en.txt/ru.txt at whole code points (size = UTF-8 bytes).',
  writer:
    'Our TextEncoder with each `setStringWriter` kind (how the string’s code units get into wasm memory): charCodeAt = a charCodeAt loop into a Uint16Array view; native = Buffer’s utf16le write (Node entries only); auto = the package default (native from 128 units in Node). MB/s of UTF-8 output; the same slices as above.',
  methods:
    'The builders without the TextDecoder class around them: each call is putBytes + wasm decode_once(utf-8) + one way of building the string from the wasm UTF-16 output.',
};

/** Runs and reports every throughput section in one realm (`run(name)` returns a section). */
async function sections(where, run) {
  const s = {};
  for (const [name, kind] of [
    ['decodeUtf8', 'decode'],
    ['decodeLegacy', 'decode'],
    ['decodeCjk', 'decode'],
    ['encode', 'encode'],
    ['encodeLegacy', 'encodeLegacy'],
    ['small', 'small'],
    ['encodeIntoLoop', 'encodeIntoLoop'],
  ]) {
    log(`${where}: ${name}`);
    const section = await run(name, SECTION_ROUNDS[name]);
    s[name] = report(section, { pairs: peerPairs(section.columns), note: NOTES[kind] });
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

const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const header = [
  `# text-encoding-wasm benchmark${quick ? ' (--quick)' : ''}`,
  '',
  `- command: \`${['node', 'bench/run.mjs', ...process.argv.slice(2)].join(' ')}\`${process.env.TEW_PKG ? ` with TEW_PKG=${process.env.TEW_PKG}` : ''}`,
  `- package: ${pkgDir} (${GENERATED.wasm} ${wasmBytes.length} B, sha256 ${wasmHash.slice(0, 12)}…)`,
  `- Node ${process.version} (ICU ${process.versions.icu ?? 'none'}), ${cpus()[0]?.model ?? 'cpu?'} × ${cpus().length}`,
  `- peers: @exodus/bytes ${versionOf('@exodus/bytes')} (\`@exodus/bytes/encoding.js\` TextDecoder/TextEncoder; legacy encoders from \`@exodus/bytes/multi-byte.js\` and \`single-byte.js\`), text-encoding ${versionOf('text-encoding')} (\`require('text-encoding')\`, with its encoding-indexes; legacy encoders through \`NONSTANDARD_allowLegacyEncoding\`)`,
  `- ours: \`${FILES.node}\`${oursLegacy ? `; legacy encoders from \`${FILES.nodeLegacy}\`` : ` (no \`${FILES.nodeLegacy}\`: the encode legacy section is not run)`}`,
  `- ${JS_BUILD}: ${oursJs ? `\`${FILES.js}\` (the JavaScript build: wasm2js of the same wasm; in Node its strings are built by the host TextDecoder, not Buffer), as a peer column` : `no \`${FILES.js}\` in the package`}`,
  `- ${OPTS.rounds} interleaved rounds${Object.keys(SECTION_ROUNDS).length ? ` (${Object.entries(SECTION_ROUNDS).map(([k, v]) => `${v} for ${{ decodeCjk: 'decode legacy CJK', encodeLegacy: 'encode legacy' }[k] ?? k}`).join(', ')})` : ''}; in each, every (input, contender) runs ≈${OPTS.targetMs} ms as 3 back-to-back sub-batches and keeps the fastest; every value is the median over rounds; ${gc ? 'a full GC before each input row' : 'no forced GC (gc() unavailable)'}`,
  `- date: ${new Date().toISOString()}; load average at start ${loadavg().map((x) => x.toFixed(2)).join(' ')}`,
];
emit(header.join('\n'));
emit(
  `### Legacy inputs (made by our encoder in html mode, cached in bench/.cache/)\n\n` +
    table(
      ['input', 'UTF-8 size', 'legacy size', '&#N; references'],
      legacyInfo.map((l) => [l.row, sizeFmt(l.source), sizeFmt(l.bytes), String(l.refs)]),
    ),
);

const t0 = Date.now();
const envNode = {
  list,
  legacyList,
  ours,
  internals,
  where: `Node ${process.version}`,
  extraMethods: { 'Buffer utf16le': (mem8, offset, units) => Buffer.from(mem8.buffer, offset, units * 2).toString('utf16le') },
};
const nodeResults = await sections('Node', (name, rounds = OPTS.rounds) => runSection(name, envNode, prepared, { ...OPTS, rounds, gc }));
log(`node throughput sections: ${((Date.now() - t0) / 1000).toFixed(0)} s`);

// Time to first decode in fresh Node processes.
const ttfdInput = prepared.small.find((f) => f.kind === 'decode' && f.row.startsWith('decode ru'));
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
  // The first Shift_JIS decode: what a CJK encoding's tables cost at first use.
  const sjis = prepared.small.find((f) => f.kind === 'decode' && f.label === 'shift_jis');
  if (sjis) specs[`ours (${FILES.node}), first decode in shift_jis`] = [packageUrl(pkgDir, FILES.node), 'm.TextDecoder', sjis];
  if (sjis && oursJs) specs[`${JS_BUILD} (${FILES.js}), first decode in shift_jis`] = [packageUrl(pkgDir, FILES.js), 'm.TextDecoder', sjis];
  const samples = Object.fromEntries(Object.keys(specs).map((k) => [k, []]));
  const problems = [];
  for (let i = 0; i < TTFD_RUNS; i++) {
    for (const [name, [spec, pick, input = ttfdInput]] of Object.entries(specs)) {
      const want = input === ttfdInput ? ttfdWant : new ours.TextDecoder(input.label).decode(input.bytes);
      const script = [
        `const bytes = new Uint8Array(${JSON.stringify([...input.bytes])});`,
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

async function bundle(options) {
  const r = await esbuild.build({ bundle: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent', absWorkingDir: root, ...options });
  return Buffer.from(r.outputFiles[0].contents);
}
const peerEntries = {
  '@exodus/bytes': "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';",
  '@exodus/bytes lite': "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';",
  'text-encoding': "import te from 'text-encoding'; export const TextDecoder = te.TextDecoder, TextEncoder = te.TextEncoder;",
};
/** @exodus/bytes' legacy encoders, bundled for the page apart from its TextDecoder (the bundle size table keeps the entries above). */
const exodusLegacyEntry = "export { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js'; export { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';";

{
  const files = closure(FILES.web);
  const js = files.filter((f) => f !== GENERATED.hex);
  const cat = (names) => Buffer.concat(names.map((n) => readFileSync(join(pkgDir, n))));
  const rows = [
    [`ours: ESM entry as shipped (${files.join(' + ')})`, ...sizes(cat(files))],
    [`  of which JS (all but ${GENERATED.hex})`, ...sizes(cat(js))],
    [`  of which ${GENERATED.hex} (inlined wasm)`, ...sizes(cat([GENERATED.hex]))],
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
    rows.push(['ours: polyfill where the host is right (esbuild --splitting: first chunk)', NaN, NaN, entrySizes['polyfill, host right']]);
    if (entrySizes['js (JavaScript build)']) rows.push([`${JS_BUILD}: /js entry (wasm2js), esbuild --bundle --minify`, NaN, NaN, entrySizes['js (JavaScript build)']]);
    for (const [name, contents] of Object.entries(peerEntries)) {
      try {
        rows.push([`${name}: esbuild --bundle --minify`, ...sizes(await bundle({ stdin: { contents, resolveDir: root, loader: 'js' }, minify: true }))]);
      } catch (e) {
        rows.push([`${name}: bundling failed (${e.message.split('\n')[0]})`, NaN, NaN, NaN]);
      }
    }
  }
  const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KiB` : '—');
  const text =
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

// /pkg-js/ is the package again, so that the JavaScript build (/pkg-js/wasm2js/index.js) is its own module graph.
const served = mounts({ '/pkg/': pkgDir, '/pkg-js/': pkgDir, '/bench/': benchDir, '/corpus/': corpusDir, '/cache/': cacheDir });

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
  const peerUrls = existsSync(join(pkgDir, FILES.js)) ? { [JS_BUILD]: `/pkg-js/${FILES.js}` } : {};
  const legacyPeerUrls = {};
  const bundleNotes = [];
  const browserDir = join(cacheDir, 'browser');
  mkdirSync(browserDir, { recursive: true });
  if (esbuild) {
    for (const [name, file] of [['@exodus/bytes', 'exodus.js'], ['text-encoding', 'text-encoding.js']]) {
      try {
        writeFileSync(join(browserDir, file), await bundle({ stdin: { contents: peerEntries[name], resolveDir: root, loader: 'js' } }));
        peerUrls[name] = `/cache/browser/${file}`;
      } catch (e) {
        bundleNotes.push(`${name}: not bundled for the browser (${e.message.split('\n')[0]})`);
      }
    }
    try {
      writeFileSync(join(browserDir, 'exodus-legacy.js'), await bundle({ stdin: { contents: exodusLegacyEntry, resolveDir: root, loader: 'js' } }));
      legacyPeerUrls['@exodus/bytes'] = '/cache/browser/exodus-legacy.js';
    } catch (e) {
      bundleNotes.push(`@exodus/bytes legacy encoders: not bundled for the browser (${e.message.split('\n')[0]})`);
    }
    writeFileSync(join(browserDir, 'ours.js'), await bundle({ entryPoints: [join(pkgDir, FILES.web)], minify: true }));
  }
  // The floor of the time-to-first-decode table: importing a module that does nothing.
  writeFileSync(join(browserDir, 'empty.js'), 'export const TextDecoder = globalThis.TextDecoder;\n');
  if (!esbuild) {
    bundleNotes.push('esbuild missing: the peers are not run in Chromium');
  }

  const server = await startServer(served);
  const origin = server.origin;
  try {
    return await withBrowser('chromium', (browser) => browserRuns(browser, origin, { peerUrls, legacyPeerUrls, bundleNotes }), { timeoutMs: 30 * 60 * 1000, args: ['--js-flags=--expose-gc'] });
  } finally {
    await server.close();
  }
}

/** The Chromium sections, memory and time to first decode, in `browser`, against the server at `origin`. */
async function browserRuns(browser, origin, { peerUrls, legacyPeerUrls, bundleNotes }) {
  {
    const version = await browser.version();
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${origin}/bench/page.html`);
    await page.waitForFunction('window.benchReady === true || window.benchFailed', { timeout: 60000 }).catch(() => {
      throw new Error(`the bench page did not load: ${errors.join('; ')}`);
    });
    const manifest = { peers: peerUrls, legacyPeers: legacyPeerUrls, legacy: existsSync(join(pkgDir, FILES.webLegacy)), files: files.map(({ row, lang, kind, label, url }) => ({ row, lang, kind, label, url })) };
    const info = await page.evaluate((m) => window.bench.setup(m), manifest);
    emit(
      `## Headless Chromium\n\n- ${version}, ${info.crossOriginIsolated ? 'cross-origin isolated (5 µs timer)' : 'not cross-origin isolated (100 µs timer)'}, ${info.gc ? 'a full GC before each input row (--js-flags=--expose-gc)' : 'no forced GC'}\n- ours: the web entry \`${FILES.web}\` (inlined wasm) and, for legacy encoding, \`${FILES.webLegacy}\`; peers: esbuild browser bundles of \`@exodus/bytes/encoding.js\`, of \`@exodus/bytes/multi-byte.js\` + \`single-byte.js\` (legacy encoders) and of \`text-encoding\`\n- note: the browser build of @exodus/bytes hands UTF-8 decoding and encoding, and most single-byte decoding, to the native TextDecoder/TextEncoder (see its \`fallback/platform.browser.js\`, \`single-byte.js\`), so in Chromium its column is native plus its wrapper there; its CJK decoders and all its legacy encoders are its own JS\n- contenders: ${info.contenders.join(', ')}; legacy encoders: ${info.legacyEncoders.join(', ') || 'none'}` +
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
  const rows = [];
  for (const [where, r] of [['Node', nodeResults], ['Chromium', browserResults]]) {
    if (!r) continue;
    for (const [key, label] of [
      ['decodeUtf8', 'decode UTF-8'],
      ['decodeLegacy', 'decode legacy'],
      ['decodeCjk', 'decode legacy CJK'],
      ['encode', 'encode UTF-8'],
      ['encodeLegacy', 'encode legacy'],
      ['small', 'small inputs'],
      ['encodeIntoLoop', 'chunked encodeInto'],
    ]) {
      const m = r[key];
      rows.push([`${where}: ${label}`, ratioFmt(m['ours/native']), ratioFmt(m['ours/@exodus/bytes']), ratioFmt(m['ours/text-encoding']), ratioFmt(m[`ours/${JS_BUILD}`])]);
    }
  }
  emit(`### Summary: geometric mean of ours ÷ other (> 1× means ours is faster)\n\n${table(['section', 'ours/native', 'ours/@exodus/bytes', 'ours/text-encoding', `ours/${JS_BUILD} (the wasm build ÷ the JavaScript build)`], rows)}`);
}

emit(`_Finished in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}._`);
writeFileSync(join(cacheDir, 'results.md'), out.join('\n\n') + '\n');
log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; tables in bench/.cache/results.md (sink ${sinkValue()})`);
