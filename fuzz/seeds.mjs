// Writes the seed corpora of the cargo-fuzz targets (fuzz/seeds/decode, fuzz/seeds/encode;
// ignored by git) deterministically from the same input classes the differential tests use:
// every byte (single-byte encodings, x-user-defined, UTF-16), every lead byte with the trail bytes
// of interest, gb18030 four-byte sequences at range boundaries, ISO-2022-JP escape tokens, random
// inputs biased toward lead bytes (the differential tests' xorshift64* generator and seed), and
// excerpts of ../shared/corpus; for the encoder, BMP blocks, astral code points, lone surrogates
// and the same corpus excerpts as UTF-16. Each seed is laid out as the target reads it:
// `[encoding ordinal, flags, chunk lengths..., payload...]` (see the targets' header comments).
//
//   node fuzz/seeds.mjs [--corpus DIR]        (default ../shared/corpus/wikipedia, if present)

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let corpusDir = join(here, '..', '..', 'shared', 'corpus', 'wikipedia');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--corpus' && i + 1 < args.length) corpusDir = args[++i];
  else {
    console.error(`seeds.mjs: unknown argument ${args[i]} (usage: seeds.mjs [--corpus DIR])`);
    process.exit(2);
  }
}

// Ordinals in Encoding::ALL (src/encoding.rs).
const CJK = { gbk: 29, gb18030: 30, big5: 31, eucJp: 32, iso2022Jp: 33, shiftJis: 34, eucKr: 35 };
const UTF16BE = 37;
const UTF16LE = 38;
const ALL = [...Array(40).keys()];

// xorshift64*, as in tests/cjk_differential.rs.
let state = 0x9e3779b97f4a7c15n;
const MASK = (1n << 64n) - 1n;
function next() {
  state ^= state >> 12n;
  state = (state ^ (state << 25n)) & MASK;
  state ^= state >> 27n;
  return (state * 0x2545f4914f6cdd1dn) & MASK;
}
const below = (n) => Number((next() >> 32n) % BigInt(n));
const range = (lo, hi) => lo + below(hi - lo + 1);
const pick = (items) => items[below(items.length)];

const ISO_2022_JP_TOKENS = ['\x1b(B', '\x1b(J', '\x1b(I', '\x1b$B', '\x1b$@', '\x1b', '\x1b(',
  '\x1b$', '\x1b(A', '(', '$', 'B', '\x0e', '\x0f', '\x0a', '\x0d', '\x30\x21', '\x5c\x7e']
  .map((s) => [...s].map((c) => c.charCodeAt(0)));
const SPECIAL = [0x00, 0x0e, 0x0f, 0x1b, 0x20, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x41, 0x42,
  0x49, 0x4a, 0x5c, 0x61, 0x7e, 0x7f, 0x80, 0xa0, 0xfe, 0xff];

/** Random bytes biased toward lead bytes and what follows them (the differential tests' mix). */
function randomInput(ordinal, len) {
  const iso = ordinal === CJK.iso2022Jp;
  const gb = ordinal === CJK.gbk || ordinal === CJK.gb18030;
  const out = [];
  while (out.length < len) {
    const r = below(100);
    if (r < 25) out.push(pick(SPECIAL));
    else if (r < 35) out.push(range(0, 0x7f));
    else if (r < 80) out.push(iso ? range(0x21, 0x7e) : range(0x81, 0xfe));
    else if (r < 90 && iso) out.push(...pick(ISO_2022_JP_TOKENS));
    else if (r < 90 && gb) {
      const four = [below(4) === 0 ? range(0x90, 0xe4) : range(0x81, 0x84), range(0x30, 0x39),
        range(0x81, 0xfe), range(0x30, 0x39)];
      out.push(...four.slice(0, 1 + below(4)));
    } else out.push(range(0, 0xff));
  }
  return out;
}

const everyByte = [...Array(256).keys()];
/** Every lead byte followed by the trail bytes at the edges of the multi-byte encodings' ranges. */
const leadTrail = [];
for (let lead = 0x81; lead <= 0xfe; lead++) {
  for (const trail of [0x30, 0x39, 0x40, 0x7e, 0x7f, 0x80, 0xa0, 0xa1, 0xfe, 0xff]) {
    leadTrail.push(lead, trail);
  }
}
/** gb18030 four-byte sequences at range boundaries, valid and not. */
const gbFour = [
  [0x81, 0x30, 0x81, 0x30], [0x81, 0x30, 0x81, 0x31], [0x84, 0x31, 0xa4, 0x39],
  [0x84, 0x31, 0xa5, 0x30], [0x90, 0x30, 0x81, 0x30], [0xe3, 0x32, 0x9a, 0x35],
  [0xe3, 0x32, 0x9a, 0x36], [0x82, 0x35, 0x8f, 0x33], [0x84, 0x30, 0x85, 0x34],
  [0xa6, 0xd9], [0xfe, 0x51], [0xa8, 0xbc], [0x81, 0x30], [0x81, 0x30, 0x81],
].flat();
const isoEscapes = [];
for (let i = 0; i < 200; i++) isoEscapes.push(...pick(ISO_2022_JP_TOKENS));

function corpusExcerpts() {
  if (!existsSync(corpusDir)) return [];
  return readdirSync(corpusDir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => readFileSync(join(corpusDir, name)).subarray(0, 2048));
}
const excerpts = corpusExcerpts();
const utf16 = (text, big) => {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out.push(...(big ? [u >> 8, u & 0xff] : [u & 0xff, u >> 8]));
  }
  return out;
};

/** `[ordinal, flags | cuts << 4, cut lengths..., payload...]`, cuts at deterministic points. */
function seed(ordinal, modeBits, payload, cuts) {
  const lengths = [];
  for (let i = 0; i < cuts; i++) lengths.push(1 + below(Math.min(255, Math.max(1, payload.length))));
  return Uint8Array.from([ordinal, (cuts << 4) | modeBits, ...lengths, ...payload]);
}

const decodeSeeds = [];
const encodeSeeds = [];
// Modes cycle through fatal, ignore BOM, tiny buffers and a separate end-of-queue call.
const modeFor = (k) => [0, 1, 2, 4, 5, 8, 9, 13][k % 8];

for (const ordinal of ALL) {
  const payloads = [everyByte, randomInput(ordinal, 64), randomInput(ordinal, 300)];
  if (Object.values(CJK).includes(ordinal)) payloads.push(leadTrail);
  if (ordinal === CJK.gbk || ordinal === CJK.gb18030) payloads.push(gbFour);
  if (ordinal === CJK.iso2022Jp) payloads.push(isoEscapes);
  for (const bytes of excerpts) {
    if (ordinal === UTF16BE || ordinal === UTF16LE) {
      payloads.push(utf16(bytes.toString('utf8'), ordinal === UTF16BE));
    } else payloads.push([...bytes]);
  }
  payloads.forEach((p, k) => decodeSeeds.push(seed(ordinal, modeFor(k), p, k % 4 === 0 ? 0 : 1 + below(12))));
}

// Encoder payloads (UTF-16 code units): blocks across the BMP, astral code points, lone and
// paired surrogates, and the corpus as text.
const bmpBlocks = [];
for (let start = 0; start < 0x10000; start += 0x0800) {
  const units = [];
  for (let u = start; u < start + 0x0800; u += 7) units.push(u);
  bmpBlocks.push(units);
}
const astral = [];
for (let cp = 0x10000; cp <= 0x10ffff; cp += 0x3f1f) {
  const v = cp - 0x10000;
  astral.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff), 0x41);
}
const surrogates = [0xd800, 0x41, 0xdc00, 0xdbff, 0xdfff, 0xd83d, 0xde00, 0xdc00, 0xd800, 0x20ac,
  0xe5e5, 0xfffd, 0xfeff, 0x80, 0xa5, 0x203e, 0x2212, 0xff5e, 0x30fb, 0xd800];
const unitsToBytes = (units) => units.flatMap((u) => [u & 0xff, u >> 8]);
for (const ordinal of ALL) {
  const payloads = [astral, surrogates, pick(bmpBlocks), pick(bmpBlocks), pick(bmpBlocks)];
  for (const bytes of excerpts.slice(0, 6)) {
    const text = bytes.toString('utf8');
    payloads.push([...Array(text.length).keys()].map((i) => text.charCodeAt(i)));
  }
  payloads.forEach((units, k) => {
    encodeSeeds.push(seed(ordinal, modeFor(k) & 0b1101, unitsToBytes(units), k % 3 === 0 ? 0 : 1 + below(12)));
  });
}

for (const [target, seeds] of [['decode', decodeSeeds], ['encode', encodeSeeds]]) {
  const dir = join(here, 'seeds', target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const s of seeds) {
    writeFileSync(join(dir, createHash('sha1').update(s).digest('hex')), s);
  }
  const bytes = seeds.reduce((n, s) => n + s.length, 0);
  console.log(`seeds: ${seeds.length} for ${target} (${bytes} bytes) in fuzz/seeds/${target}`);
}
