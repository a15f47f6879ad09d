// `node bench/no-wasm.mjs [--quick] [--engine quickjs|hermes]... [--pkg DIR]`: where there is no
// WebAssembly, our JavaScript build (`text-encoding-wasm/js`, wasm2js/index.js) against
// @exodus/bytes (pure JavaScript; `@exodus/bytes/encoding-browser.js` as React Native resolves it)
// in two interpreters:
//   quickjs  QuickJS inside Node (quickjs-emscripten), the bundle as one script
//   hermes   Hermes (hermes-engine-cli's host binary), the bundle transformed by Babel's preset-env
//            to ES5 as an app's is (this Hermes has no class syntax), compiled with -O as a
//            release build is
// Both contenders run in one bundle (esbuild, `react-native` condition), after a prelude
// (no-wasm/prelude.js) that gives the engine a minimal UTF-8 TextEncoder, as a current Hermes has.
// Ours runs its own core: the bundle switches its host codecs off (no-wasm/ours-load.js); a probe
// bundle first (no-wasm/probe.js) checks ours with the prelude and the switch as an app has them,
// and the run reports which contender used the prelude's encoder, in the probe and the bench. Inputs are made here: the first 64 KiB (8 KiB with
// --quick) of each corpus article (../shared/corpus/wikipedia/<lang>.txt), its legacy versions made
// with our Node legacy encoder (html mode), and short slices. In the engine (no-wasm/driver.js),
// ours must give what our Node entry gives and @exodus/bytes what ours gives, or the row is not
// timed; then interleaved rounds of ≈60 ms batches, median. Prints a Markdown table per engine
// (sections; ours ÷ @exodus/bytes as a geometric mean with the worst row) and the rows; exits 1
// if an engine cannot run, or ours gives a wrong output or uses the prelude in the bench.
//
// `runNoWasm({quick})` (for bench/run.mjs) resolves to { markdown, results }; `results.failures`
// lists what went wrong (empty on success).

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { entryFile, importPackageFile, packageDir, root } from '../scripts/lib/package.mjs';
import { runCommand, runMain } from '../scripts/lib/run.mjs';

const helperDir = join(dirname(fileURLToPath(import.meta.url)), 'no-wasm');
const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const HERMES = join(root, 'node_modules', 'hermes-engine-cli', 'linux64-bin', 'hermes');
const EXODUS_ENTRY = '@exodus/bytes/encoding-browser.js';
const OURS = 'ours';
const EXODUS = '@exodus/bytes';

/** Input size, rounds and batch length: the full run, and the smoke run (--quick). */
const SETTINGS = {
  full: { capBytes: 64 * 1024, rounds: 5, targetMs: 60, limitMs: 200000 },
  quick: { capBytes: 8 * 1024, rounds: 2, targetMs: 15, limitMs: 90000 },
};

const LANGS = ['ar', 'cs', 'de', 'el', 'en', 'fr', 'he', 'ja', 'ko', 'pt', 'ru', 'th', 'tr', 'vi', 'zh_cn', 'zh_tw'];
const SINGLE_BYTE = [
  ['ru', 'windows-1251'],
  ['de', 'windows-1252'],
  ['fr', 'windows-1252'],
  ['pt', 'windows-1252'],
  ['en', 'windows-1252'],
  ['el', 'windows-1253'],
  ['he', 'windows-1255'],
  ['ar', 'windows-1256'],
  ['th', 'windows-874'],
];
const CJK = [
  ['ja', 'shift_jis'],
  ['ja', 'euc-jp'],
  ['zh_cn', 'gbk'],
  ['zh_tw', 'big5'],
  ['ko', 'euc-kr'],
];
const SHORT_LANGS = ['en', 'ru', 'ja'];
const SHORT_DECODE_BYTES = [16, 64, 256];
const SHORT_ENCODE_UNITS = [16, 64];

/** The sections, in table order; `unit` is what the rows' throughput counts. */
const SECTIONS = [
  { key: 'utf8Decode', title: 'UTF-8 decode', unit: 'MB/s' },
  { key: 'singleByteDecode', title: 'single-byte decode', unit: 'MB/s' },
  { key: 'cjkDecode', title: 'CJK decode', unit: 'MB/s' },
  { key: 'utf8Encode', title: 'UTF-8 encode', unit: 'MB/s' },
  { key: 'shortDecode', title: 'short decodes', unit: 'calls/s' },
  { key: 'shortEncode', title: 'short encodes', unit: 'calls/s' },
];

/** The engines: `exec(source, {limitMs, log})` runs one script; `hermes` scripts are ES5. */
const ENGINES = {
  quickjs: { title: 'QuickJS', exec: execQuickJS, es5: false },
  hermes: { title: 'Hermes', exec: execHermes, es5: true },
};

const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

// ---- inputs -------------------------------------------------------------------------------------

/** The longest prefix of `text` whose UTF-8 takes at most `maxBytes` (never half a surrogate pair). */
function utf8Prefix(text, maxBytes) {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i);
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > maxBytes) break;
    bytes += n;
    i += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, i);
}

/** Up to `size` bytes of `bytes` from a third of the way in, cut at whole UTF-8 characters. */
function utf8Slice(bytes, size) {
  let start = Math.floor(bytes.length / 3);
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  let end = Math.min(bytes.length, start + size);
  while (end > start && end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(start, end);
}

/** Up to `size` code units of `text` from a third of the way in, not splitting a surrogate pair. */
function unitSlice(text, size) {
  const isLow = (i) => i < text.length && text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff;
  let start = Math.floor(text.length / 3);
  if (isLow(start)) start++;
  let end = Math.min(text.length, start + size);
  if (isLow(end)) end--;
  return text.slice(start, end);
}

/**
 * The data the engine gets: strings (`texts`), byte strings (`bins`, one byte per code unit) and
 * rows that point into them ({section, name, op, label, input, expect, units}). Expected outputs
 * come from our Node entry (wasm).
 */
async function prepare(pkg, capBytes) {
  const { TextDecoder } = await importPackageFile(pkg, entryFile('.', 'node'));
  const { encode } = await importPackageFile(pkg, entryFile('./legacy', 'node'));
  const texts = [];
  const bins = [];
  const addText = (s) => texts.push(s) - 1;
  const addBin = (b) => bins.push(Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1')) - 1;
  const rows = [];
  const articles = new Map();
  for (const lang of LANGS) {
    const text = utf8Prefix(readFileSync(join(corpusDir, `${lang}.txt`), 'utf8'), capBytes);
    const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
    if (new TextDecoder().decode(bytes) !== text) throw new Error(`our Node TextDecoder does not give back ${lang}.txt`);
    articles.set(lang, { text, bytes, t: addText(text), b: addBin(bytes) });
  }
  for (const lang of LANGS) {
    const a = articles.get(lang);
    rows.push({ section: 'utf8Decode', name: lang, op: 'decode', label: 'utf-8', input: a.b, expect: a.t, units: a.bytes.length });
  }
  const legacy = [];
  for (const [section, list] of [
    ['singleByteDecode', SINGLE_BYTE],
    ['cjkDecode', CJK],
  ]) {
    for (const [lang, label] of list) {
      const a = articles.get(lang);
      const bytes = encode(a.text, label, { mode: 'html' });
      const decoded = new TextDecoder(label).decode(bytes);
      const refs = (decoded.match(/&#\d+;/g) || []).length - (a.text.match(/&#\d+;/g) || []).length;
      legacy.push({ name: `${lang} ${label}`, bytes: bytes.length, refs });
      const expect = decoded === a.text ? a.t : addText(decoded);
      rows.push({ section, name: `${lang} ${label}`, op: 'decode', label, input: addBin(bytes), expect, units: bytes.length });
    }
  }
  for (const lang of LANGS) {
    const a = articles.get(lang);
    rows.push({ section: 'utf8Encode', name: lang, op: 'encode', input: a.t, expect: a.b, units: a.bytes.length });
  }
  for (const size of SHORT_DECODE_BYTES) {
    for (const lang of SHORT_LANGS) {
      const slice = utf8Slice(articles.get(lang).bytes, size);
      const text = new TextDecoder().decode(slice);
      rows.push({ section: 'shortDecode', name: `${lang} ${slice.length} B`, op: 'decode', label: 'utf-8', input: addBin(slice), expect: addText(text), units: 1 });
    }
  }
  for (const size of SHORT_ENCODE_UNITS) {
    for (const lang of SHORT_LANGS) {
      const text = unitSlice(articles.get(lang).text, size);
      rows.push({ section: 'shortEncode', name: `${lang} ${text.length} units`, op: 'encode', input: addText(text), expect: addBin(Buffer.from(text, 'utf8')), units: 1 });
    }
  }
  return { texts, bins, rows, legacy };
}

/** The data as a script that sets globalThis.__noWasmData (plain ES5, as the engines parse it). */
function dataScript(data, settings) {
  const json = JSON.stringify({ rounds: settings.rounds, targetMs: settings.targetMs, texts: data.texts, bins: data.bins, rows: data.rows });
  return `globalThis.__noWasmData = ${json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')};\n`;
}

// ---- the bundles --------------------------------------------------------------------------------

/** Strings for the probe: [string, UTF-8 bytes, well-formed]: short, long, every length of UTF-8, lone surrogates. */
function probeCases() {
  const strings = ['', 'A', 'h\xe9llo w\xf6rld', '\u706b\u661f \u{1f600}', `${'x'.repeat(5000)}\xe9\u20ac`, `${'\u0436'.repeat(3000)}\u{1f600}`, 'a\ud800b', '\udc00\ud800'];
  return strings.map((s) => [s, [...Buffer.from(s, 'utf8')], s.isWellFormed()]);
}

/**
 * One script (IIFE) of `lines` (an entry module) and what it imports, resolved as React Native's
 * bundler would (`react-native` export condition; no browser or node files).
 */
async function bundle(lines) {
  const { build } = await import('esbuild');
  const r = await build({
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'js', sourcefile: 'no-wasm-entry.mjs' },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'neutral',
    mainFields: ['react-native', 'module', 'main'],
    conditions: ['react-native'],
    metafile: true,
    logLevel: 'silent',
  });
  const exodusFiles = Object.keys(r.metafile.inputs).filter((f) => f.includes('@exodus/bytes/'));
  if (exodusFiles.length > 0 && !exodusFiles.some((f) => f.endsWith('/encoding-browser.native.js'))) {
    throw new Error(`the bundle did not take @exodus/bytes' react-native files (${exodusFiles.join(', ')})`);
  }
  const wrong = exodusFiles.filter((f) => /\.(browser|node)\.js$/.test(f));
  if (wrong.length > 0) throw new Error(`the bundle took @exodus/bytes files for another platform: ${wrong.join(', ')}`);
  return r.outputFiles[0].text;
}

const spec = (file) => JSON.stringify(file);

/** The bench: the prelude, ours (host codecs switched off), @exodus/bytes, the driver. */
function benchEntry(pkg) {
  return [
    `import ${spec(join(helperDir, 'prelude.js'))};`,
    `import ${spec(join(helperDir, 'ours-load.js'))};`,
    `import * as ours from ${spec(join(pkg, entryFile('./js')))};`,
    `import ${spec(join(helperDir, 'exodus-load.js'))};`,
    `import * as exodus from ${spec(EXODUS_ENTRY)};`,
    `import { run } from ${spec(join(helperDir, 'driver.js'))};`,
    `run([{ name: ${spec(OURS)}, api: ours }, { name: ${spec(EXODUS)}, api: exodus }]);`,
  ];
}

/** The probe: the prelude and ours as an app has them (the switch left alone), nothing else. */
function probeEntry(pkg) {
  return [
    `import ${spec(join(helperDir, 'prelude.js'))};`,
    `import * as ours from ${spec(join(pkg, entryFile('./js')))};`,
    `import { probe } from ${spec(join(helperDir, 'probe.js'))};`,
    `probe(ours, ${JSON.stringify(probeCases())});`,
  ];
}

/** A bundle as Hermes gets it: Babel's preset-env to ES5, as an app bundle is. */
async function forHermes(code) {
  const { default: Babel } = await import('@babel/standalone');
  return Babel.transform(code, { presets: [['env', { targets: { ie: '11' } }]], sourceType: 'script', compact: true, comments: false }).code;
}

// ---- the engines --------------------------------------------------------------------------------

/** The JSON after `marker` in the output lines; throws with the output's tail if there is none. */
function readMarked(engine, marker, { lines, error }) {
  const line = lines.find((l) => l.startsWith(`${marker} `));
  if (line === undefined) {
    const tail = lines.filter((l) => !l.startsWith('@@progress ')).slice(-20).join('\n');
    throw new Error(`${engine}: no ${marker} line from the engine${error ? `\n${error}` : ''}${tail ? `\n${tail}` : ''}`);
  }
  return JSON.parse(line.slice(marker.length + 1));
}

/** Evaluates `source` in a fresh QuickJS runtime; resolves to { lines, error } (what it printed). */
async function execQuickJS(source, { limitMs, log }) {
  const { getQuickJS } = await import('quickjs-emscripten');
  const QuickJS = await getQuickJS();
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(1024 * 1024 * 1024);
  const started = Date.now();
  runtime.setInterruptHandler(() => Date.now() - started > limitMs);
  const vm = runtime.newContext();
  const lines = [];
  let error = '';
  try {
    const print = vm.newFunction('print', (h) => {
      const line = vm.getString(h);
      lines.push(line);
      if (line.startsWith('@@progress ')) log(`quickjs: ${line.slice(11)}`);
    });
    vm.setProp(vm.global, 'print', print);
    print.dispose();
    const r = vm.evalCode(source, 'no-wasm.js');
    if (r.error) {
      error = JSON.stringify(vm.dump(r.error));
      r.error.dispose();
      if (Date.now() - started > limitMs) error += ` (stopped after ${limitMs / 1000} s)`;
    } else {
      r.value.dispose();
    }
  } finally {
    vm.dispose();
    runtime.dispose();
  }
  return { lines, error };
}

/**
 * Runs `source` (ES5) in Hermes as a release build has it: compiled ahead with -O, then run from
 * bytecode; resolves to { lines, error }.
 */
async function execHermes(source, { limitMs, log }) {
  if (!existsSync(HERMES)) throw new Error(`${HERMES} not found (npm install: hermes-engine-cli)`);
  const dir = mkdtempSync(join(tmpdir(), 'tew-no-wasm-'));
  try {
    const file = join(dir, 'bundle.js');
    writeFileSync(file, source);
    const hbc = join(dir, 'bundle.hbc');
    const compiled = await runCommand(HERMES, ['-O', '-emit-binary', `-out=${hbc}`, file], { timeoutMs: 120000 });
    if (compiled.code !== 0) throw new Error(`hermes -O -emit-binary failed (${compiled.code}):\n${compiled.stderr.slice(-2000)}`);
    const out = await runCommand(HERMES, [hbc], {
      timeoutMs: limitMs,
      onLine: (line) => {
        if (line.startsWith('@@progress ')) log(`hermes: ${line.slice(11)}`);
      },
    });
    return { lines: out.stdout.split('\n'), error: out.code !== 0 ? `exit code ${out.code}: ${out.stderr.slice(-2000)}` : '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}


// ---- tables -------------------------------------------------------------------------------------

const geomean = (xs) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

function fmt(x) {
  if (!(x > 0)) return '—';
  if (x >= 1e6) return `${(x / 1e6).toFixed(x >= 1e7 ? 1 : 2)}M`;
  if (x >= 1e4) return `${(x / 1e3).toFixed(x >= 1e5 ? 0 : 1)}k`;
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

const fmtRatio = (r) => `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}×`;

/** Throughput of a row's result (MB/s of `units` bytes, or calls/s), or null where not timed. */
function rate(section, row, name) {
  const r = row.results[name];
  if (!r || r.status !== 'ok' || !(r.msPerCall > 0)) return null;
  return section.unit === 'MB/s' ? row.units / (r.msPerCall * 1000) : 1000 / r.msPerCall;
}

/** Per section: { section, rows, ours, exodus, ratio, worst: {name, ratio}, untimed: [...] }. */
function summarize(result) {
  return SECTIONS.map((section) => {
    const rows = result.rows.filter((r) => r.section === section.key);
    const both = [];
    const untimed = [];
    for (const row of rows) {
      const o = rate(section, row, OURS);
      const x = rate(section, row, EXODUS);
      if (o !== null && x !== null) both.push({ name: row.name, ours: o, exodus: x, ratio: o / x });
      for (const name of [OURS, EXODUS]) {
        const r = row.results[name];
        if (!r || r.status !== 'ok') untimed.push({ row: row.name, contender: name, status: r ? r.status : 'missing', note: r && r.note });
      }
    }
    const worst = both.length ? both.reduce((a, b) => (b.ratio < a.ratio ? b : a)) : null;
    return {
      section: section.key,
      title: section.title,
      unit: section.unit,
      rows: rows.length,
      timed: both.length,
      ours: both.length ? geomean(both.map((b) => b.ours)) : null,
      exodus: both.length ? geomean(both.map((b) => b.exodus)) : null,
      ratio: both.length ? geomean(both.map((b) => b.ratio)) : null,
      worst: worst && { name: worst.name, ratio: worst.ratio },
      untimed,
    };
  });
}

function engineMarkdown(title, result, summary, probe) {
  const lines = [];
  const e = result.env;
  lines.push(`#### ${title}`, '');
  lines.push(
    `${result.rounds} rounds, batches of ≈${result.targetMs} ms, median; clock ${e.clock}; WebAssembly: ${e.webAssembly}, TextDecoder: ${e.textDecoder}, GC between rows: ${e.gcBetweenRows ? 'yes' : 'no'}.`,
    '',
  );
  lines.push(`| section | rows | ours | ${EXODUS} | ours ÷ ${EXODUS} (geomean) | worst row |`, '| --- | ---: | ---: | ---: | ---: | --- |');
  for (const s of summary) {
    const timed = s.timed === s.rows ? `${s.rows}` : `${s.timed} of ${s.rows}`;
    if (s.timed === 0) {
      lines.push(`| ${s.title} | ${timed} | — | — | — | — |`);
      continue;
    }
    lines.push(`| ${s.title} | ${timed} | ${fmt(s.ours)} ${s.unit} | ${fmt(s.exodus)} ${s.unit} | ${fmtRatio(s.ratio)} | ${fmtRatio(s.worst.ratio)} (${s.worst.name}) |`);
  }
  lines.push('');
  const notes = [];
  for (const s of summary) for (const u of s.untimed) notes.push(`- ${s.title}, ${u.row}: ${u.contender} ${u.status}${u.note ? ` (${u.note})` : ''}, not timed`);
  notes.push(`- the prelude's TextEncoder, timed run (ours with \`TEXT_ENCODING_WASM_HOST = 'off'\`): ${preludeNote(result.prelude)}`);
  const probeUses = Object.entries(probe.prelude).filter(([phase]) => phase.startsWith(OURS));
  const used = probeUses.length ? `uses the prelude's TextEncoder (${preludeNote(probe.prelude).split(';')[0].replace(/^ours: /, '')})` : 'uses its own encoder, never the prelude\'s';
  notes.push(`- ours with the prelude and the switch left alone (probe): ${probe.errors.length ? `**${probe.errors.length} wrong outputs**` : 'right outputs'}, ${used}`);
  lines.push(...notes, '');
  return lines;
}

/** Who used the prelude's TextEncoder, from its counts per phase. */
function preludeNote(uses) {
  const who = (prefix) => {
    const parts = [];
    for (const [phase, c] of Object.entries(uses)) {
      if (!phase.startsWith(prefix)) continue;
      for (const k of ['construct', 'encode', 'encodeInto']) if (c[k] > 0) parts.push(`${c[k]} × ${k} (${phase.slice(prefix.length + 1)})`);
    }
    return parts.length ? parts.join(', ') : 'not used';
  };
  return `ours: ${who(OURS)}; ${EXODUS}: ${who(EXODUS)}`;
}

function rowsMarkdown(title, result) {
  const lines = [`#### ${title}: rows`, '', `| section | row | size | ours | ${EXODUS} | ours ÷ ${EXODUS} |`, '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const section of SECTIONS) {
    for (const row of result.rows.filter((r) => r.section === section.key)) {
      const cell = (name) => {
        const v = rate(section, row, name);
        return v === null ? (row.results[name] ? row.results[name].status : '—') : `${fmt(v)} ${section.unit}`;
      };
      const o = rate(section, row, OURS);
      const x = rate(section, row, EXODUS);
      const size = section.unit === 'MB/s' ? `${(row.units / 1024).toFixed(1)} KiB` : '';
      lines.push(`| ${section.title} | ${row.name} | ${size} | ${cell(OURS)} | ${cell(EXODUS)} | ${o !== null && x !== null ? fmtRatio(o / x) : '—'} |`);
    }
  }
  lines.push('');
  return lines;
}

// ---- the run ------------------------------------------------------------------------------------

/**
 * Runs the bench in `engines` (default both); resolves to { markdown, results }: `results` has
 * per engine the driver's raw result and the section summaries, the input list, and `failures`
 * (an engine that could not run, a wrong output of ours). Progress goes to `log`.
 */
export async function runNoWasm({ quick = false, engines = Object.keys(ENGINES), pkg = packageDir([]), log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  for (const name of engines) if (ENGINES[name] === undefined) throw new Error(`no-wasm: unknown engine ${name} (${Object.keys(ENGINES).join(', ')})`);
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const started = Date.now();
  const failures = [];
  log(`no-wasm: preparing inputs (first ${settings.capBytes / 1024} KiB of each article)`);
  const data = await prepare(pkg, settings.capBytes);
  const script = dataScript(data, settings);
  log('no-wasm: bundling');
  const code = { bench: await bundle(benchEntry(pkg)), probe: await bundle(probeEntry(pkg)) };
  let es5 = null;
  const results = { quick, settings, versions: {}, inputs: data.legacy, engines: {}, failures };
  results.versions[EXODUS] = versionOf('@exodus/bytes');
  results.versions['quickjs-emscripten'] = versionOf('quickjs-emscripten');
  results.versions['hermes-engine-cli'] = versionOf('hermes-engine-cli');
  for (const name of engines) {
    const engine = ENGINES[name];
    const t0 = Date.now();
    try {
      if (engine.es5 && es5 === null) {
        log('no-wasm: Babel preset-env for Hermes');
        es5 = { bench: await forHermes(code.bench), probe: await forHermes(code.probe) };
      }
      const scripts = engine.es5 ? es5 : code;
      // First the probe: ours with the prelude and the host switch as an app has it.
      const probe = readMarked(name, '@@no-wasm-probe', await engine.exec(scripts.probe, { limitMs: 60000, log }));
      for (const e of probe.errors) failures.push(`${name}: ours with the prelude installed: ${e}`);
      // Then the bench.
      const result = readMarked(name, '@@no-wasm-result', await engine.exec(`${script}${scripts.bench}\n`, { limitMs: settings.limitMs, log }));
      const summary = summarize(result);
      results.engines[name] = { result, summary, probe, seconds: (Date.now() - t0) / 1000 };
      if (result.env.webAssembly !== 'undefined') failures.push(`${name}: the engine has WebAssembly (typeof WebAssembly is ${result.env.webAssembly})`);
      if (!result.env.preludeInstalled) failures.push(`${name}: the prelude's TextEncoder was not installed (the engine has its own)`);
      for (const row of result.rows) {
        const r = row.results[OURS];
        if (r.status !== 'ok') failures.push(`${name}: ours ${r.status} on ${row.section} ${row.name}: ${r.note}`);
      }
      if (Object.keys(result.prelude).some((phase) => phase.startsWith(OURS))) {
        failures.push(`${name}: ours used the prelude's TextEncoder although its host codecs were switched off (${preludeNote(result.prelude)})`);
      }
    } catch (error) {
      failures.push(`${name}: could not run: ${error && error.stack ? error.stack : error}`);
    }
    log(`no-wasm: ${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  results.seconds = (Date.now() - started) / 1000;
  return { markdown: markdown(results), results };
}

function markdown(results) {
  const v = results.versions;
  const lines = [
    `### Without WebAssembly: our JavaScript build vs ${EXODUS} ${v[EXODUS]}${results.quick ? ' (--quick)' : ''}`,
    '',
    `Ours: \`text-encoding-wasm/js\` (wasm2js/index.js); ${EXODUS}: \`${EXODUS_ENTRY}\` with the \`react-native\` condition. ` +
      `QuickJS: quickjs-emscripten ${v['quickjs-emscripten']} in Node. Hermes: hermes-engine-cli ${v['hermes-engine-cli']}, Babel preset-env, \`-O\`. ` +
      `Inputs: the first ${results.settings.capBytes / 1024} KiB of each article. MB/s of input bytes (decode) or UTF-8 output bytes (encode); ` +
      `ratio = ours ÷ ${EXODUS} (> 1× means ours is faster), geometric mean over the rows both ran, worst row in brackets.`,
    '',
    `Legacy inputs (bytes; \`&#N;\` references our encoder wrote): ${results.inputs.map((i) => `${i.name} ${(i.bytes / 1024).toFixed(1)} KiB (${i.refs})`).join(', ')}.`,
    '',
  ];
  for (const [name, { result, summary, probe }] of Object.entries(results.engines)) lines.push(...engineMarkdown(ENGINES[name].title, result, summary, probe));
  for (const [name, { result }] of Object.entries(results.engines)) lines.push(...rowsMarkdown(ENGINES[name].title, result));
  if (results.failures.length > 0) lines.push('**Failures:**', '', ...results.failures.map((f) => `- ${f.split('\n')[0]}`), '');
  return lines.join('\n');
}

// ---- command line -------------------------------------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  runMain('no-wasm', 10, async (argv) => {
    const engines = [];
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === '--engine') engines.push(...argv[++i].split(','));
      else if (argv[i] === '--pkg') i++;
      else if (argv[i] !== '--quick') throw new Error(`no-wasm: unknown option ${argv[i]} (--quick, --engine quickjs|hermes, --pkg DIR)`);
    }
    const { markdown: md, results } = await runNoWasm({ quick: argv.includes('--quick'), engines: engines.length ? engines : undefined, pkg: packageDir(argv) });
    console.log(md);
    console.error(`no-wasm: ${results.seconds.toFixed(0)} s`);
    if (results.failures.length > 0) {
      console.error(`no-wasm: FAILED\n${results.failures.map((f) => `  ${f}`).join('\n')}`);
      return 1;
    }
    return 0;
  });
}
