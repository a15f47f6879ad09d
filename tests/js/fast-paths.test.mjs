// The crossing's shortcuts give exactly what the wasm decoders give: all-ASCII inputs built in
// JavaScript or by the host (and never for encodings where ASCII bytes are not themselves), the
// BOM rules across streaming calls that needed no wasm handle, one-byte strings for Latin-1 text,
// and encodeInto's lengths: clamped, never wrapped, and no more of the string copied than a call
// can use.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { entryFile, packageUrl } from '../../scripts/lib/package.mjs';
import { importEntry, importInternals, importPkg, nodeInternals, pkgDir } from './package.mjs';
import { rng } from './random.mjs';

// These tests are about the wasm core's own paths: the host's codecs are switched off
// (core/host-codecs.js) before the package is first evaluated in this process.
globalThis.TEXT_ENCODING_WASM_HOST = 'off';

const { TextDecoder, TextEncoder } = await importEntry('.');
const web = await importEntry('.', 'web');
const internals = await importInternals();
const { encodeIntoUtf8 } = nodeInternals().textEncoder;
const liveHandles = () => internals.liveHandles();

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
/** The JavaScript heap in use plus memory held outside it for the heap (large strings made by the host live there). */
function heapBytes() {
  const h = v8.getHeapStatistics();
  return h.used_heap_size + h.external_memory;
}
/**
 * The heap bytes a string keeps per character: about 1 for a one-byte string, 2 for a two-byte
 * one (measured on a string of at least a megabyte, so the heap's noise is small).
 */
function bytesPerChar(make) {
  make(); // warm up: wasm memory grows to its steady size on a first large call
  gc();
  gc();
  const before = heapBytes();
  const s = make();
  gc();
  gc();
  const after = heapBytes();
  if (s.length === 0) throw new Error('an empty string');
  const per = (after - before) / s.length;
  return { s, per };
}
const isOneByte = (make) => {
  const { per } = bytesPerChar(make);
  assert.ok(per > 0.8 && per < 2.3, `a plausible measurement (${per.toFixed(2)} bytes per character)`);
  return per < 1.3;
};

const ascii = (n) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = 0x20 + ((i * 7) % 95);
  return out;
};
const expectAscii = (bytes) => String.fromCharCode(...bytes);

test('all-ASCII input of every length decodes to itself in every encoding that maps ASCII to itself', () => {
  const names = ['utf-8', 'windows-1252', 'iso-8859-2', 'koi8-r', 'x-user-defined', 'shift_jis', 'gbk', 'gb18030', 'big5', 'euc-jp', 'euc-kr', 'macintosh'];
  for (const entry of [{ TextDecoder }, web]) {
    for (const name of names) {
      for (const n of [0, 1, 15, 16, 31, 32, 33, 63, 64, 65, 255, 256, 4096, 70000]) {
        const bytes = ascii(n);
        for (const fatal of [false, true]) {
          assert.equal(new entry.TextDecoder(name, { fatal }).decode(bytes), expectAscii(bytes), `${name} ${n}`);
          // The same bytes in the middle of a bigger buffer (an offset view).
          const big = new Uint8Array(n + 10);
          big.set(bytes, 5);
          assert.equal(new entry.TextDecoder(name, { fatal }).decode(big.subarray(5, 5 + n)), expectAscii(bytes));
        }
      }
    }
  }
});

test('ASCII bytes are not taken as themselves where the encoding does not map them so', () => {
  for (const entry of [{ TextDecoder }, web]) {
    // ISO-2022-JP: an escape sequence switches to JIS X 0208; ESC ( B back to ASCII.
    const jis = new Uint8Array([0x41, 0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42, 0x42]);
    assert.equal(new entry.TextDecoder('iso-2022-jp').decode(jis), 'A亜B');
    const long = new Uint8Array(200).fill(0x41);
    long.set([0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42], 100);
    assert.equal(new entry.TextDecoder('iso-2022-jp').decode(long), 'A'.repeat(100) + '亜' + 'A'.repeat(92));
    // UTF-16: two ASCII bytes are one code unit.
    assert.equal(new entry.TextDecoder('utf-16le').decode(new Uint8Array([0x41, 0x42])), '\u4241');
    assert.equal(new entry.TextDecoder('utf-16be').decode(new Uint8Array(100).fill(0x41)), '\u4141'.repeat(50));
    // replacement: any non-empty input is one U+FFFD (and fatal throws).
    assert.throws(() => new entry.TextDecoder('replacement'), RangeError);
  }
});

test('short double-byte calls, once 128 KiB of them went to the core, take tables of its own output: every byte and pair, alone and among others, as the streaming core decodes them', () => {
  const result = (fn) => {
    try {
      return fn();
    } catch (error) {
      return `${error.constructor.name}: ${error.message}`;
    }
  };
  // The reference: a streaming call, which never takes the tables.
  const streamed = (label, fatal, bytes) => {
    const d = new TextDecoder(label, { fatal });
    return d.decode(bytes, { stream: true }) + d.decode();
  };
  const next = rng(0xdb64);
  for (const label of ['shift_jis', 'euc-jp', 'euc-kr', 'big5', 'gbk', 'gb18030']) {
    const warm = new TextDecoder(label);
    const a64 = new Uint8Array(64).fill(0x41);
    for (let i = 0; i < 2100; i++) warm.decode(a64); // 134 KB of calls of 64 bytes: the tables are built
    const decoders = [new TextDecoder(label), new TextDecoder(label, { fatal: true })];
    for (let lead = 0x80; lead <= 0xff; lead++) {
      for (let trail = 0; trail <= 0xff; trail += lead % 5 === 0 ? 1 : 7) {
        for (const input of [[lead], [lead, trail], [0x41, lead, trail, 0x42], [lead, trail, lead, trail, 0x0a]]) {
          const bytes = new Uint8Array(input);
          for (const d of decoders) assert.equal(result(() => d.decode(bytes)), result(() => streamed(label, d.fatal, bytes)), `${label} ${d.fatal} ${input}`);
        }
      }
    }
    // Random short inputs, mostly of lead-trail pairs, up to and past the 64 bytes the tables take.
    for (let round = 0; round < 400; round++) {
      const bytes = Uint8Array.from({ length: (next() * 80) | 0 }, () => (next() < 0.6 ? 0x80 + ((next() * 0x80) | 0) : (next() * 0x100) | 0));
      for (const d of decoders) assert.equal(result(() => d.decode(bytes)), result(() => streamed(label, d.fatal, bytes)), `${label} ${d.fatal} ${bytes}`);
    }
  }
});

test('streaming: ASCII chunks need no handle, and a BOM after them is content', async () => {
  // The web folder's entries use core/ itself; the Node folder's, its module graph (graph.cjs).
  const webInstance = await importPkg('core/instance.js');
  for (const [entry, liveHandles] of [[{ TextDecoder }, () => internals.liveHandles()], [web, () => webInstance.liveHandles()]]) {
    const base = liveHandles();
    const d = new entry.TextDecoder();
    assert.equal(d.decode(new Uint8Array([0x61]), { stream: true }), 'a');
    assert.equal(liveHandles(), base, 'no handle for an ASCII chunk');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x62]), { stream: true }), '\ufeffb', 'not at the start: content');
    assert.equal(liveHandles(), base + 1);
    assert.equal(d.decode(), '');
    assert.equal(liveHandles(), base);
    // A new stream starts afresh: its BOM is stripped, even after an earlier ASCII-only stream.
    assert.equal(d.decode(new Uint8Array([0x61]), { stream: true }), 'a');
    assert.equal(d.decode(), '');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x63]), { stream: true }), 'c');
    assert.equal(d.decode(), '');
    // A non-streaming call after an ASCII streaming chunk ends that stream.
    assert.equal(d.decode(new Uint8Array([0x61]), { stream: true }), 'a');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x64])), '\ufeffd');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x64])), 'd');
    // Empty chunks decide nothing.
    assert.equal(d.decode(new Uint8Array(0), { stream: true }), '');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf]), { stream: true }), '');
    assert.equal(d.decode(), '');
    // ignoreBOM keeps it whatever comes first.
    const keep = new entry.TextDecoder('utf-8', { ignoreBOM: true });
    assert.equal(keep.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), '\ufeffa');
    // A long ASCII chunk (the host or wasm checks it) decides the BOM the same way.
    const long = ascii(5000);
    assert.equal(d.decode(long, { stream: true }), expectAscii(long));
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf]), { stream: true }), '\ufeff');
    assert.equal(d.decode(), '');
    assert.equal(liveHandles(), base);
  }
});

test('Latin-1 text decodes to one-byte strings, as the host decoder\'s do; other text does not', () => {
  const utf8 = new TextEncoder();
  const cases = [
    ['utf-8', utf8.encode('plain ASCII '.repeat(200000))],
    ['utf-8', utf8.encode('déjà vu, façade, naïve; '.repeat(100000))],
    ['windows-1252', Uint8Array.from({ length: 3000000 }, (_, i) => 0xa0 + (i % 96))],
    ['iso-8859-1', Uint8Array.from({ length: 3000000 }, (_, i) => (i % 2 ? 0x41 : 0xa0 + (i % 96)))],
    ['shift_jis', ascii(3000000)],
  ];
  for (const [label, bytes] of cases) {
    for (const entry of [{ TextDecoder }]) {
      assert.equal(isOneByte(() => new entry.TextDecoder(label).decode(bytes)), true, `${label}, ${bytes.length} bytes`);
    }
  }
  // The check can fail: text beyond Latin-1 is a two-byte string.
  assert.equal(isOneByte(() => new TextDecoder().decode(utf8.encode('Марс '.repeat(300000)))), false);
});

test('encodeInto: a capacity of 2^32 bytes or more is clamped, never wrapped', () => {
  // The capacity is passed as a number, with a small real destination: what the IDL gives for a
  // destination of that size is {read: 4, written: 6}, and only 6 bytes are written.
  for (const capacity of [2 ** 32, 2 ** 32 + 2, 2 ** 33 + 1, 2 ** 40, 2 ** 53 - 1]) {
    const dest = new Uint8Array(16);
    assert.deepEqual(encodeIntoUtf8('abc€', dest, capacity), { read: 4, written: 6 }, String(capacity));
    assert.deepEqual([...dest.subarray(0, 7)], [0x61, 0x62, 0x63, 0xe2, 0x82, 0xac, 0]);
    const pair = new Uint8Array(16);
    assert.deepEqual(encodeIntoUtf8('€😀\ud800x', pair, capacity), { read: 5, written: 11 });
  }
  // Small capacities: only whole scalar values, a surrogate pair never split.
  const e = new TextEncoder();
  for (const [cap, read, written] of [[0, 0, 0], [1, 1, 1], [3, 1, 1], [5, 3, 5], [6, 3, 5], [8, 3, 5], [9, 5, 9]]) {
    assert.deepEqual(e.encodeInto('a😀😀', new Uint8Array(cap)), { read, written }, `capacity ${cap}`);
  }
});

test('encodeInto in a loop into a small buffer copies no more of the string than each call can use', () => {
  const e = new TextEncoder();
  const piece = 'Mars 火星 🚀 ';
  const text = piece.repeat(200000); // 2.4 M code units
  const want = e.encode(text);
  const memoryBefore = internals.core().memory.buffer.byteLength;
  const buffer = new Uint8Array(64);
  const out = new Uint8Array(want.length);
  let pos = 0;
  let at = 0;
  let calls = 0;
  const started = process.hrtime.bigint();
  while (pos < text.length) {
    const { read, written } = e.encodeInto(text.slice(pos), buffer);
    assert.ok(read > 0);
    out.set(buffer.subarray(0, written), at);
    at += written;
    pos += read;
    calls++;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  assert.equal(at, want.length);
  assert.deepEqual(out, want);
  // Copying the whole rest of the string on each of these ~100,000 calls would move about
  // 240 G code units and grow wasm memory by megabytes; bounded copies keep both small.
  assert.equal(internals.core().memory.buffer.byteLength, memoryBefore, 'wasm memory did not grow');
  assert.ok(seconds < 20, `${calls} calls took ${seconds.toFixed(1)} s`);
});

test('a label is resolved without copying more than the longest label into wasm', () => {
  const memoryBefore = internals.core().memory.buffer.byteLength;
  const long = 'a'.repeat(30_000_000);
  assert.throws(() => new TextDecoder(long), (e) => e instanceof RangeError && e.message.length < 200);
  assert.throws(() => new TextDecoder(` \t${long}\n`), RangeError);
  assert.equal(new TextDecoder(`${' '.repeat(10_000_000)}latin1${'\n'.repeat(10_000_000)}`).encoding, 'windows-1252');
  assert.equal(internals.core().memory.buffer.byteLength, memoryBefore, 'wasm memory did not grow');
});

test('above the slice limit, well-formed UTF-8 is built by the host at once; BOM rules and malformed input as before', () => {
  const saved = internals.sliceLimits();
  internals.setSliceLimits(64, saved.units);
  try {
    const text = 'Mars 火星 — Марс 😀 '.repeat(40);
    const body = new TextEncoder().encode(text);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...body]);
    for (const entry of [{ TextDecoder }, web]) {
      assert.equal(new entry.TextDecoder().decode(body), text);
      assert.equal(new entry.TextDecoder().decode(withBom), text, 'the BOM is stripped');
      assert.equal(new entry.TextDecoder('utf-8', { ignoreBOM: true }).decode(withBom), '\ufeff' + text, 'ignoreBOM keeps it');
      const d = new entry.TextDecoder();
      assert.equal(d.decode(new Uint8Array([0x41]), { stream: true }), 'A');
      assert.equal(d.decode(withBom), '\ufeff' + text, 'after an earlier chunk a BOM is content');
      assert.equal(d.decode(withBom), text, 'and the next stream strips it again');
      const broken = new Uint8Array([...body, 0xff, ...body]);
      assert.equal(new entry.TextDecoder().decode(broken), text + '\ufffd' + text, 'malformed input: the usual path');
      assert.throws(() => new entry.TextDecoder('utf-8', { fatal: true }).decode(broken), TypeError);
      assert.equal(new entry.TextDecoder('utf-8', { fatal: true }).decode(withBom), text);
    }
  } finally {
    internals.setSliceLimits(saved.bytes, saved.units);
  }
});

test('results read back after a call that grew wasm memory are right (fresh process, first calls)', () => {
  // In a fresh realm the first large calls grow memory inside wasm (after the input was copied
  // in), so every value read back afterwards must come through the new memory.
  const code = `
    const { TextEncoder, TextDecoder } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('.', 'node')))});
    const e = new TextEncoder();
    const out = [];
    out.push(e.encodeInto('€'.repeat(1e6), new Uint8Array(3e6)));
    out.push(e.encodeInto('火星'.repeat(2e6), new Uint8Array(12e6 + 5)));
    out.push(new TextDecoder('shift_jis').decode(new Uint8Array(4e6).fill(0x41)).length);
    out.push(new TextDecoder('windows-1252').decode(new Uint8Array(3e6).fill(0x80)).length);
    console.log(JSON.stringify(out));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [{ read: 1e6, written: 3e6 }, { read: 4e6, written: 12e6 }, 4e6, 3e6]);
});
