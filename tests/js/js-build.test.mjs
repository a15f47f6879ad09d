// The JavaScript build (wasm2js of the same wasm, `text-encoding-wasm/js`) against the wasm build,
// which the Rust differential tests hold to encoding_rs: the same random inputs through both, in
// every encoding, must give the same strings, bytes and errors (decode one-shot and streamed, fatal
// and replacement; UTF-8 encode and encodeInto; the legacy encoders in each mode), including
// inputs large enough to grow the JavaScript build's memory. The JavaScript build is imported
// from a copy of the package, so it is its own module graph (its own core instance).

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { entryFile, importPackageFile } from '../../scripts/lib/package.mjs';
import { rng } from './random.mjs';
import { importEntry, pkgDir } from './package.mjs';

const copy = mkdtempSync(join(tmpdir(), 'tew-js-build-'));
after(() => rmSync(copy, { recursive: true, force: true }));
cpSync(pkgDir, copy, { recursive: true });
const js = await importPackageFile(copy, entryFile('./js'));
// The same build with the host's codecs switched off, as in an engine without TextDecoder and
// TextEncoder (QuickJS, Hermes): its own UTF-8 paths then take every call (a copy of its own).
const bare = mkdtempSync(join(tmpdir(), 'tew-js-build-bare-'));
after(() => rmSync(bare, { recursive: true, force: true }));
cpSync(pkgDir, bare, { recursive: true });
const savedSwitch = globalThis.TEXT_ENCODING_WASM_HOST;
globalThis.TEXT_ENCODING_WASM_HOST = 'off';
const jsBare = await importPackageFile(bare, entryFile('./js'));
if (savedSwitch === undefined) delete globalThis.TEXT_ENCODING_WASM_HOST;
else globalThis.TEXT_ENCODING_WASM_HOST = savedSwitch;
const jsLegacy = await importPackageFile(copy, entryFile('./js/legacy'));
const jsInstance = await importPackageFile(copy, 'core/instance.js');
const wasm = await importEntry('.');
const wasmLegacy = await importEntry('./legacy');

const ENCODINGS = [
  'utf-8', 'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u', 'macintosh',
  'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256',
  'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr',
  'utf-16be', 'utf-16le', 'x-user-defined',
];

/** Random bytes: fully random, or mostly ASCII with runs of high bytes and escapes (for the stateful decoders). */
function randomBytes(next, n) {
  const out = new Uint8Array(n);
  const mostlyAscii = next() < 0.5;
  for (let i = 0; i < n; i++) {
    const r = next();
    if (!mostlyAscii) out[i] = (r * 256) | 0;
    else if (r < 0.6) out[i] = 0x20 + ((next() * 95) | 0);
    else if (r < 0.65) out[i] = 0x1b;
    else out[i] = 0x80 + ((next() * 128) | 0);
  }
  return out;
}

/** A random string of `n` code units: ASCII, Latin, Cyrillic, CJK, astral, and lone surrogates. */
function randomString(next, n) {
  let s = '';
  while (s.length < n) {
    const r = next();
    if (r < 0.3) s += String.fromCharCode(0x20 + ((next() * 95) | 0));
    else if (r < 0.45) s += String.fromCharCode(0xa0 + ((next() * 0x1e0) | 0));
    else if (r < 0.55) s += String.fromCharCode(0x400 + ((next() * 0x60) | 0));
    else if (r < 0.85) s += String.fromCharCode(0x3000 + ((next() * 0x6000) | 0));
    else if (r < 0.95) s += String.fromCodePoint(0x10000 + ((next() * 0x2ffff) | 0));
    else s += String.fromCharCode(0xd800 + ((next() * 0x800) | 0));
  }
  return s;
}

/** The outcome of `fn`: its value, or the class and message of what it threw. */
function outcome(fn) {
  try {
    const v = fn();
    return v instanceof Uint8Array ? { bytes: Array.from(v) } : { value: v };
  } catch (error) {
    return { threw: error.constructor.name, message: error.message };
  }
}

test('the JavaScript build is wasm2js output with no WebAssembly in it, under the same JavaScript', () => {
  const core = jsInstance.core();
  assert.equal(typeof core.decode_once, 'function');
  assert.ok(!(core.memory instanceof WebAssembly.Memory), 'a plain memory object');
  assert.ok(core.memory.buffer instanceof ArrayBuffer);
});

test('decode: every encoding, random inputs, one-shot and streamed, replacement and fatal: the same as the wasm build', () => {
  const next = rng(0x5eed);
  for (const label of ENCODINGS) {
    for (let round = 0; round < 6; round++) {
      const bytes = randomBytes(next, 1 + ((next() * 3000) | 0));
      for (const fatal of [false, true]) {
        const a = outcome(() => new js.TextDecoder(label, { fatal }).decode(bytes));
        const b = outcome(() => new wasm.TextDecoder(label, { fatal }).decode(bytes));
        assert.deepEqual(a, b, `${label} fatal=${fatal} round ${round}`);
      }
      const cuts = [0, (next() * bytes.length) | 0, (next() * bytes.length) | 0, bytes.length].sort((x, y) => x - y);
      const streamed = (api) =>
        outcome(() => {
          const d = new api.TextDecoder(label);
          let s = '';
          for (let i = 0; i + 1 < cuts.length; i++) s += d.decode(bytes.subarray(cuts[i], cuts[i + 1]), { stream: true });
          return s + d.decode();
        });
      assert.deepEqual(streamed(js), streamed(wasm), `${label} streamed round ${round}`);
    }
  }
});

test('encode: UTF-8 (encode, encodeInto) and every legacy encoder in each mode, random strings: the same as the wasm build', () => {
  const next = rng(0xc0de);
  for (let round = 0; round < 20; round++) {
    const s = randomString(next, 1 + ((next() * 2000) | 0));
    assert.deepEqual(Array.from(new js.TextEncoder().encode(s)), Array.from(new wasm.TextEncoder().encode(s)), `utf-8 round ${round}`);
    const size = (next() * 600) | 0;
    const da = new Uint8Array(size);
    const db = new Uint8Array(size);
    assert.deepEqual(new js.TextEncoder().encodeInto(s, da), new wasm.TextEncoder().encodeInto(s, db));
    assert.deepEqual(Array.from(da), Array.from(db), `encodeInto round ${round}`);
  }
  for (const label of ENCODINGS) {
    for (let round = 0; round < 3; round++) {
      const s = randomString(next, 1 + ((next() * 800) | 0));
      for (const options of [{ mode: 'fatal' }, { mode: 'html' }, { mode: 'replace', replacement: '?' }]) {
        const a = outcome(() => jsLegacy.encode(s, label, options));
        const b = outcome(() => wasmLegacy.encode(s, label, options));
        assert.deepEqual(a, b, `${label} ${options.mode} round ${round}`);
      }
    }
  }
});

test('large inputs grow the JavaScript build memory, and what follows still agrees with the wasm build', () => {
  const before = jsInstance.core().memory.buffer.byteLength;
  const text = 'Марс 火星 🚀 Mars '.repeat(200000);
  const utf8 = new js.TextEncoder().encode(text);
  assert.deepEqual(utf8, new wasm.TextEncoder().encode(text));
  assert.equal(new js.TextDecoder().decode(utf8), text);
  const sjis = wasmLegacy.encode(text.replaceAll('🚀', ''), 'shift_jis');
  assert.equal(new js.TextDecoder('shift_jis').decode(sjis), new wasm.TextDecoder('shift_jis').decode(sjis));
  assert.ok(jsInstance.core().memory.buffer.byteLength > before, 'the memory grew');
  // Short calls after growth read the new buffer, not the old one.
  assert.equal(new js.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x41)), 'あA');
  const dest = new Uint8Array(4);
  assert.deepEqual(new js.TextEncoder().encodeInto('\u{1D306}', dest), { read: 2, written: 4 });
  assert.deepEqual(Array.from(dest), [0xf0, 0x9d, 0x8c, 0x86]);
});

test('the JavaScript build decodes whole double-byte calls through tables of its own core output, once it decoded 128 KiB: every unit, text and random input agree with the wasm build', () => {
  const next = rng(0xdb7);
  const pieces = { shift_jis: 'あ漢ｱ¥‾−①', 'euc-jp': 'あ漢ｱ¥‾纊', 'euc-kr': '한국어漢', big5: '漢字繁體', gbk: '汉字€', gb18030: '汉字€\ue5e5' };
  for (const label of ['shift_jis', 'euc-jp', 'euc-kr', 'big5', 'gbk', 'gb18030']) {
    // Text of the encoding: the tables' path, on the wasm build's own encoding of it.
    const text = Array.from({ length: 2000 }, () => pieces[label][(next() * pieces[label].length) | 0] + (next() < 0.2 ? ' a\n' : '')).join('');
    const bytes = wasmLegacy.encode(text, label, { mode: 'html' });
    new js.TextDecoder(label).decode(new Uint8Array(1 << 17).fill(0x41)); // the core decodes 128 KiB: the tables are built
    assert.equal(new js.TextDecoder(label).decode(bytes), new wasm.TextDecoder(label).decode(bytes), `${label} text`);
    assert.equal(new js.TextDecoder(label, { fatal: true }).decode(bytes), new wasm.TextDecoder(label).decode(bytes), `${label} text, fatal`);
    // Every byte from 0x80, and every two-byte sequence, alone and at the end of input.
    for (let lead = 0x80; lead <= 0xff; lead++) {
      for (let trail = 0; trail <= 0xff; trail += lead % 7 === 0 ? 1 : 5) {
        for (const input of [[lead], [lead, trail], [0x41, lead, trail, 0x42]]) {
          const b = new Uint8Array(input);
          for (const fatal of [false, true]) {
            assert.deepEqual(outcome(() => new js.TextDecoder(label, { fatal }).decode(b)), outcome(() => new wasm.TextDecoder(label, { fatal }).decode(b)), `${label} ${input}`);
          }
        }
      }
    }
    for (let round = 0; round < 50; round++) {
      const b = randomBytes(next, (next() * 200) | 0);
      for (const fatal of [false, true]) {
        assert.deepEqual(outcome(() => new js.TextDecoder(label, { fatal }).decode(b)), outcome(() => new wasm.TextDecoder(label, { fatal }).decode(b)), `${label} random`);
      }
    }
  }
});

/** A random string of `n` code units, ASCII but for about one in 40 (any other unit, lone surrogates included). */
function mostlyAsciiString(next, n) {
  let s = '';
  while (s.length < n) s += next() < 0.975 ? String.fromCharCode((next() * 0x80) | 0) : randomString(next, 1);
  return s;
}

test('without the host codecs, the JavaScript build decodes and encodes UTF-8 through the language URI functions where they apply, and agrees with the wasm build everywhere', () => {
  const next = rng(0x0f8);
  // UTF-8 encodes take the URI functions (long, mostly ASCII) or a loop of their own (the rest,
  // and a lone surrogate anywhere), from a scratch buffer up to 16 Ki units, then a buffer of
  // their own: every kind of string, short and long, on each side of those limits.
  // Every code unit, in order (lone surrogates, and the one pair U+DBFF U+DC00), whole and in
  // pieces of each kind of length.
  let all = '';
  for (let u = 0; u < 0x10000; u++) all += String.fromCharCode(u);
  for (const size of [1, 2, 3, 63, 64, 1000, 1 << 14, 0x10000]) {
    for (let at = 0; at < all.length; at += size) {
      const s = all.slice(at, at + size);
      assert.deepEqual(outcome(() => new jsBare.TextEncoder().encode(s)), outcome(() => new wasm.TextEncoder().encode(s)), `units ${at}+${size}`);
    }
  }
  for (let round = 0; round < 120; round++) {
    const n = [(next() * 130) | 0, (1 << 14) - 2 + ((next() * 4) | 0), 20000][round % 3];
    const s = round % 2 ? mostlyAsciiString(next, n) : randomString(next, n);
    assert.deepEqual(outcome(() => new jsBare.TextEncoder().encode(s)), outcome(() => new wasm.TextEncoder().encode(s)));
  }
  for (let round = 0; round < 300; round++) {
    const s = randomString(next, (next() * 300) | 0);
    assert.deepEqual(outcome(() => new jsBare.TextEncoder().encode(s)), outcome(() => new wasm.TextEncoder().encode(s)));
    const bytes = new wasm.TextEncoder().encode(s);
    const noisy = randomBytes(next, (next() * 300) | 0);
    for (const input of [bytes, noisy, Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes)]) {
      for (const options of [{}, { fatal: true }, { ignoreBOM: true }]) {
        assert.deepEqual(outcome(() => new jsBare.TextDecoder('utf-8', options).decode(input)), outcome(() => new wasm.TextDecoder('utf-8', options).decode(input)));
      }
    }
  }
});
