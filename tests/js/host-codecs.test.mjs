// The host's own codecs as fast paths (js/core/host-codecs.js): the probes say what the standard
// says (checked against the core), results are the same with and without the host, a host that is
// wrong is never trusted, a host patched after load is never called, and only plain whole inputs
// reach it (never SharedArrayBuffer or resizable input, never a streaming call, CJK only after its
// check). Each configuration loads its own copy of the package, so each has its own module graph.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { entryFile, importPackageFile, nodeInternals as nodeInternalsOf } from '../../scripts/lib/package.mjs';
import { pkgDir } from './package.mjs';
import { rng } from './random.mjs';

// This file compares both ways itself: a switch set for the whole run (npm test runs the JS
// suites once with TEXT_ENCODING_WASM_HOST=off) is cleared here, before any copy loads.
delete process.env.TEXT_ENCODING_WASM_HOST;

const RealTextDecoder = globalThis.TextDecoder;
const RealTextEncoder = globalThis.TextEncoder;
const copies = [];
after(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh copy of the package's entry for `host` ('node': with Buffer's UTF-8 decoder; 'web':
 * the host's classes only) and its host-codecs module, evaluated with `globals` in place
 * (restored afterwards).
 */
async function loadCopy(globals = {}, host = 'web') {
  const dir = mkdtempSync(join(tmpdir(), 'tew-host-'));
  copies.push(dir);
  cpSync(pkgDir, dir, { recursive: true });
  const saved = {};
  for (const [k, v] of Object.entries(globals)) {
    saved[k] = Object.getOwnPropertyDescriptor(globalThis, k);
    Object.defineProperty(globalThis, k, { value: v, configurable: true, writable: true });
  }
  try {
    const entry = await importPackageFile(dir, entryFile('.', host));
    const streams = entry;
    // The Node folder's entries are faces of its module graph (graph.cjs), which holds their core;
    // the web folder's use core/ itself.
    const core = async (name, file) => (host === 'node' ? nodeInternalsOf(dir)[name] : importPackageFile(dir, file));
    const hostCodecs = await core('hostCodecs', 'core/host-codecs.js');
    const instance = await core('instance', 'core/instance.js');
    const crossing = await core('crossing', 'core/crossing.js');
    const labels = await core('labels', 'core/labels.js');
    const strings = await core('strings', 'core/strings.js');
    const legacy = await importPackageFile(dir, entryFile('./standard', host));
    return { ...entry, streams, hostCodecs, labels, strings, internals: { ...instance, ...crossing }, liveHandles: instance.liveHandles, standard: legacy };
  } finally {
    for (const [k, d] of Object.entries(saved)) {
      if (d === undefined) delete globalThis[k];
      else Object.defineProperty(globalThis, k, d);
    }
  }
}

/**
 * A TextDecoder class over `Inner` (the real one) that records every input it is given, its
 * output changed by `fault(label, bytes, text, options)`.
 */
function recordingDecoder(calls, fault = (label, bytes, text) => text, Inner = RealTextDecoder) {
  return class TextDecoder {
    constructor(label = 'utf-8', options = {}) {
      this.inner = new Inner(label, options);
      this.label = this.inner.encoding;
      this.options = options;
    }
    get encoding() {
      return this.inner.encoding;
    }
    decode(bytes, options) {
      calls.push({ label: this.label, bytes, options });
      return fault(this.label, bytes, this.inner.decode(bytes, options), this.options);
    }
  };
}

const core = await loadCopy({ TEXT_ENCODING_WASM_HOST: 'off' });
const realEncoder = new RealTextEncoder();
const coreEncoder = new core.TextEncoder();
/**
 * Whether this engine's own single-byte decoders read a view's bytes, not its properties of the
 * same names (Node 24's read its byteLength, and the package does not trust them).
 */
const singleByteReadsSlots = (() => {
  const view = new Uint8Array([0x41, 0x42]);
  Object.defineProperty(view, 'byteLength', { value: 0 });
  return new RealTextDecoder('windows-1251').decode(view) === 'AB';
})();
const calls = [];
const host = await loadCopy({ TextDecoder: recordingDecoder(calls) });
const node = await loadCopy({}, 'node');

const SINGLE_BYTE = ['ibm866', 'iso-8859-2', 'iso-8859-8-i', 'iso-8859-16', 'koi8-u', 'macintosh', 'windows-874', 'windows-1252', 'windows-1255', 'x-mac-cyrillic', 'x-user-defined'];

test('the switch: with TEXT_ENCODING_WASM_HOST off nothing is checked or trusted', () => {
  assert.equal(core.hostCodecs.hostCodecsAllowed, false);
  new core.TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac]));
  new core.TextEncoder().encode('€');
  assert.deepEqual(core.hostCodecs.hostCodecsReport(), { decoders: {}, encoder: false, encodeInto: false, direct: [], encodeIntoDirect: false, shortDecodeUpTo: 0, utf16CoreFrom: Infinity, utf16beCoreFrom: Infinity, encodeCoreFrom: Infinity, encodeCoreUpTo: 0, encodeIntoJsUpTo: 0 });
  assert.equal(host.hostCodecs.hostCodecsAllowed, true);
});

test('the probes cover the cases: UTF-8 and UTF-16 probes include well-formed and malformed input, and the core decodes them as the standard says', () => {
  const { UTF8_PROBES, UTF16LE_PROBES } = core.hostCodecs;
  const hex = (h) => new Uint8Array(h.match(/../g).map((b) => parseInt(b, 16)));
  const decode = (label, fatal, bytes) => {
    try {
      return new core.TextDecoder(label, { fatal, ignoreBOM: true }).decode(bytes);
    } catch {
      return null;
    }
  };
  for (const [label, list] of [['utf-8', UTF8_PROBES], ['utf-16le', UTF16LE_PROBES]]) {
    const probes = list.split(',').map(hex);
    const malformed = probes.filter((b) => decode(label, true, b) === null);
    assert.ok(malformed.length >= 8 && probes.length - malformed.length >= 4, `${label}: both kinds`);
  }
  // The constants the host is checked against (no core needed) are the core's outputs, in both
  // modes; UTF-16BE's probes (each pair of bytes swapped) give the same.
  const { UTF8_EXPECTED, UTF8_WELL_FORMED, UTF16_EXPECTED, UTF16_WELL_FORMED } = core.hostCodecs;
  const swap = (b) => b.map((_, i) => (i ^ 1) < b.length ? b[i ^ 1] : b[i]);
  for (const [label, list, expected, wellFormed, swapped] of [
    ['utf-8', UTF8_PROBES, UTF8_EXPECTED, UTF8_WELL_FORMED, false],
    ['utf-16le', UTF16LE_PROBES, UTF16_EXPECTED, UTF16_WELL_FORMED, false],
    ['utf-16be', UTF16LE_PROBES, UTF16_EXPECTED, UTF16_WELL_FORMED, true],
  ]) {
    const probes = list.split(',').map(hex).map((b) => (swapped ? swap(b) : b));
    assert.equal(expected.length, probes.length, `${label}: one output per probe`);
    probes.forEach((b, i) => {
      assert.equal(decode(label, false, b), expected[i], `${label} probe ${i}`);
      assert.equal(decode(label, true, b), wellFormed.includes(i) ? expected[i] : null, `${label} probe ${i}, fatal`);
    });
  }
  // The labels known without the wasm name the encoding the wasm gives them, and their names
  // (known without the wasm too) are the wasm's.
  const internals = core.internals;
  const { KNOWN_LABELS, UTF8_ORDINAL } = core.labels;
  assert.deepEqual(Object.keys(KNOWN_LABELS).length, 11);
  for (const [label, ordinal] of Object.entries(KNOWN_LABELS)) {
    const w = internals.core();
    assert.equal(w.label_lookup(internals.putString(label)), ordinal, label);
    const n = w.encoding_name(ordinal);
    assert.equal(String.fromCharCode(...internals.viewBytes(n)).toLowerCase(), core.labels.encodingName(ordinal), label);
  }
  assert.equal(core.labels.encodingName(UTF8_ORDINAL), 'utf-8');
  // A few by hand, as the standard's decoders define them.
  assert.equal(decode('utf-8', false, hex('f09f9841eda080')), '\ufffdA\ufffd\ufffd\ufffd');
  assert.equal(decode('utf-8', false, hex('efbbbf41')), '\ufeffA');
  assert.equal(decode('utf-16le', false, hex('3dd83dd800de')), '\ufffd\u{1f600}');
  assert.equal(decode('utf-16le', false, hex('3dd800')), '\ufffd');
});

/** Random bytes biased to the interesting ones of `label`. */
function randomBytes(next, label, n) {
  const out = new Uint8Array(n);
  const pool =
    label === 'utf-8'
      ? [0x41, 0x80, 0xbf, 0xc2, 0xdf, 0xe0, 0xa0, 0xed, 0xef, 0xbb, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff, 0xe2, 0x82, 0xac]
      : label.startsWith('utf-16')
        ? [0x00, 0x41, 0xd8, 0xdb, 0xdc, 0xdf, 0xfe, 0xff, 0x3d]
        : null;
  for (let i = 0; i < n; i++) out[i] = pool === null || next() < 0.2 ? Math.floor(next() * 256) : pool[Math.floor(next() * pool.length)];
  return out;
}

/** Decodes `chunks` with `D` as one stream ({stream: true} then a flush); errors become 'TypeError'. */
function decodeStream(D, label, options, chunks) {
  const d = new D(label, options);
  const out = [];
  for (const c of chunks) {
    try {
      out.push(d.decode(c, { stream: true }));
    } catch (e) {
      out.push(e.constructor.name);
    }
  }
  try {
    out.push(d.decode());
  } catch (e) {
    out.push(e.constructor.name);
  }
  return out;
}

test('same results with and without the host: random chunked streams of UTF-8, UTF-16 and single-byte, every option', () => {
  const next = rng(0x51ab);
  for (const label of ['utf-8', 'utf-16le', 'utf-16be', ...SINGLE_BYTE]) {
    for (let round = 0; round < 300; round++) {
      const options = { fatal: next() < 0.3, ignoreBOM: next() < 0.3 };
      const bytes = randomBytes(next, label, Math.floor(next() * 24));
      if (next() < 0.3 && label === 'utf-8') bytes.set([0xef, 0xbb, 0xbf].slice(0, Math.min(3, bytes.length)));
      if (next() < 0.3 && label === 'utf-16le' && bytes.length >= 2) bytes.set([0xff, 0xfe]);
      const chunks = [];
      for (let at = 0; at < bytes.length; ) {
        const n = Math.floor(next() * 6);
        chunks.push(bytes.slice(at, at + n));
        at += n;
      }
      const want = decodeStream(core.TextDecoder, label, options, chunks);
      const what = `${label} ${JSON.stringify(options)} ${chunks.map((c) => [...c].join(' ')).join(' | ')}`;
      assert.deepEqual(decodeStream(host.TextDecoder, label, options, chunks), want, what);
      assert.deepEqual(decodeStream(node.TextDecoder, label, options, chunks), want, `node entry: ${what}`);
      // The same bytes in one call.
      const one = (D) => {
        try {
          return new D(label, options).decode(bytes);
        } catch (e) {
          return e.constructor.name;
        }
      };
      assert.equal(one(host.TextDecoder), one(core.TextDecoder));
      assert.equal(one(node.TextDecoder), one(core.TextDecoder));
    }
  }
  assert.ok(calls.length > 0, 'the host decoder was used');
  const report = node.hostCodecs.hostCodecsReport().decoders;
  if (node.hostCodecs.coreFromOf(node.hostCodecs.UTF8) > 0) {
    assert.equal(report['utf-8'], 'both', "the node entry's Buffer decoder passed the checks");
  } else {
    // Node 20 and 22 (V8 before 13): the node entry keeps UTF-8 in the core, which is faster there.
    assert.ok(Number.parseInt(process.versions.v8, 10) < 13);
    assert.equal(report['utf-8'], undefined);
  }
});

test('a stream split inside a UTF-8 sequence goes on in the host after the core completes it', () => {
  calls.length = 0;
  const d = new host.TextDecoder();
  const base = host.liveHandles();
  assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82]), { stream: true }), 'A');
  assert.equal(host.liveHandles(), base + 1, 'the core holds the pending bytes');
  assert.equal(d.decode(new Uint8Array([0xac, 0x42, 0x43, 0xf0, 0x9f]), { stream: true }), '€BC');
  assert.equal(d.decode(new Uint8Array([0x98, 0x80, 0x44, 0x45])), '😀DE');
  assert.equal(host.liveHandles(), base, 'the flush freed it');
  const given = calls.map((c) => new TextDecoder().decode(c.bytes));
  assert.deepEqual(given, ['A', 'BC', 'DE'], 'the host gets the whole sequences, BOM stripped');
  assert.ok(calls.every((c) => c.options === undefined), 'never a streaming call');
});

test('what never reaches the host: SharedArrayBuffer and resizable input, CJK before its check', () => {
  calls.length = 0;
  assert.equal(new host.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])), 'あ');
  assert.equal(new host.TextDecoder('euc-kr').decode(new Uint8Array([0xb0, 0xa1])), '가');
  const shared = new Uint8Array(new SharedArrayBuffer(3));
  shared.set([0xe2, 0x82, 0xac]);
  assert.equal(new host.TextDecoder().decode(shared), '€');
  const resizable = new Uint8Array(new ArrayBuffer(3, { maxByteLength: 8 }));
  resizable.set([0xe2, 0x82, 0xac]);
  assert.equal(new host.TextDecoder().decode(resizable), '€');
  assert.deepEqual(calls, []);
  new host.TextDecoder().decode(new Uint8Array([0xe2, 0x82, 0xac]));
  assert.equal(calls.length, 1);
});

/** `bytes` as every kind of input decode() takes: [name, input], the same bytes in each. */
function inputKinds(bytes) {
  const n = bytes.length;
  const out = [['Uint8Array', new Uint8Array(bytes)]];
  const plain = new Uint8Array(n + 16).fill(0x41);
  plain.set(bytes, 8);
  out.push(['view', new Uint8Array(plain.buffer, 8, n)], ['ArrayBuffer', new Uint8Array(bytes).buffer], ['DataView', new DataView(plain.buffer, 8, n)]);
  if (n % 2 === 0) out.push(['Uint16Array', new Uint16Array(plain.buffer, 8, n / 2)]);
  if (n % 4 === 0) out.push(['Int32Array', new Int32Array(plain.buffer, 8, n / 4)]);
  if (n % 8 === 0) out.push(['Float64Array', new Float64Array(plain.buffer, 8, n / 8)]);
  const shared = new SharedArrayBuffer(n + 4);
  new Uint8Array(shared).set(bytes, 2);
  out.push(['SharedArrayBuffer view', new Uint8Array(shared, 2, n)], ['SharedArrayBuffer', shared.slice(2, n + 2)]);
  const resizable = new ArrayBuffer(n + 4, { maxByteLength: 64 });
  new Uint8Array(resizable).set(bytes, 2);
  out.push(['resizable view', new Uint8Array(resizable, 2, n)]);
  const tracking = new ArrayBuffer(n, { maxByteLength: 64 });
  new Uint8Array(tracking).set(bytes);
  out.push(['length-tracking view', new Uint8Array(tracking)]);
  const detached = new Uint8Array(bytes);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  out.push(['detached', detached]);
  return out;
}

/** The buffer under a decode() input as the host was given it. */
const bufferUnder = (input) => (ArrayBuffer.isView(input) ? input.buffer : input);

/**
 * Decodes with one decoder of `D` per (label, options) a random run of calls: whole calls of each
 * input kind, some streaming ones between; returns every result ('TypeError' for an error).
 */
function mixedCalls(D, next, label, options) {
  const d = new D(label, options);
  const out = [];
  for (let round = 0; round < 12; round++) {
    const bytes = randomBytes(next, label, Math.floor(next() * 17));
    if (next() < 0.3 && label === 'utf-8') bytes.set([0xef, 0xbb, 0xbf].slice(0, Math.min(3, bytes.length)));
    if (next() < 0.3 && label.startsWith('utf-16') && bytes.length >= 2) bytes.set(label === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]);
    for (const [kind, input] of [['Uint8Array', bytes.slice()], ...inputKinds(bytes)]) {
      const stream = next() < 0.15;
      try {
        out.push(stream ? d.decode(input, { stream: true }) : d.decode(input));
      } catch (e) {
        out.push(`${kind}: ${e.constructor.name}`);
      }
    }
  }
  return out;
}

test("decode()'s common call goes to the host unconverted where its checks pass: the same results for every kind of input, and SharedArrayBuffer and resizable input still never reach it", () => {
  calls.length = 0;
  const labels = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'koi8-u', 'x-user-defined'];
  const next = rng(0xd1ec7);
  for (const label of labels) {
    for (const fatal of [false, true]) {
      for (const ignoreBOM of [false, true]) {
        const seed = Math.floor(next() * 2 ** 31);
        const want = mixedCalls(core.TextDecoder, rng(seed), label, { fatal, ignoreBOM });
        assert.deepEqual(mixedCalls(host.TextDecoder, rng(seed), label, { fatal, ignoreBOM }), want, `${label} fatal=${fatal} ignoreBOM=${ignoreBOM}`);
        assert.deepEqual(mixedCalls(node.TextDecoder, rng(seed), label, { fatal, ignoreBOM }), want, `node entry: ${label} fatal=${fatal} ignoreBOM=${ignoreBOM}`);
      }
    }
  }
  // Every decoder the host takes in both modes (all of them but windows-1252 in Node 20, whose is
  // Latin-1) takes the common call unconverted.
  const { direct, decoders } = host.hostCodecs.hostCodecsReport();
  assert.equal(decoders['utf-8'], 'both');
  for (const label of labels.filter((l) => decoders[l] === 'both')) {
    for (const mode of ['', ' fatal', ' ignoreBOM', ' fatal ignoreBOM']) assert.ok(direct.includes(label + mode), `${label}${mode} goes to the host unconverted`);
  }
  // The host saw the inputs as they were given (other typed arrays among them), never one on a
  // SharedArrayBuffer or a resizable buffer.
  assert.ok(calls.some((c) => c.bytes instanceof Int32Array));
  for (const c of calls) {
    const buffer = bufferUnder(c.bytes);
    assert.ok(buffer instanceof ArrayBuffer && !buffer.resizable, `${c.label}: ${Object.prototype.toString.call(buffer)}`);
  }
});

test('short inputs, where a host folder keeps them from the host (setShortDecodeUpTo): ASCII built in JavaScript, the rest in the core; the same results for every kind of input, and never the host', async () => {
  const seen = [];
  class Refusing extends recordingDecoder(seen) {
    decode(bytes, options) {
      const buffer = bufferUnder(bytes);
      if (buffer instanceof SharedArrayBuffer || (buffer != null && buffer.resizable)) throw new TypeError('refused');
      return super.decode(bytes, options);
    }
  }
  const copies = [await loadCopy({ TextDecoder: recordingDecoder(seen) }), await loadCopy({ TextDecoder: Refusing })];
  for (const c of copies) c.hostCodecs.setShortDecodeUpTo(16);
  // Inputs that look like short ASCII bytes without being them, beside every kind of view.
  const lookalikes = (bytes) => {
    const own = new Uint8Array(bytes);
    Object.defineProperty(own, 'length', { value: 2 });
    Object.defineProperty(own, 'byteLength', { value: 2 });
    const signed = new Int8Array(bytes.length);
    signed.set(Array.from(bytes, (b) => (b > 0x7f ? b - 256 : b)));
    const posing = Object.create(Uint8Array.prototype);
    return [['own length', own], ['Int8Array', signed], ['Uint8ClampedArray', new Uint8ClampedArray(bytes)], ['posing', posing], ['Uint16Array of ASCII values', new Uint16Array(Array.from(bytes))]];
  };
  const run = (D, seed, label, options) => {
    const next = rng(seed);
    const d = new D(label, options);
    const out = [];
    for (let round = 0; round < 90; round++) {
      const n = Math.floor(next() * 24);
      const bytes = next() < 0.6 ? Uint8Array.from({ length: n }, () => Math.floor(next() * 128)) : randomBytes(next, label, n);
      for (const [kind, input] of [['Uint8Array', bytes.slice()], ...inputKinds(bytes), ...lookalikes(bytes)]) {
        try {
          out.push(next() < 0.1 ? d.decode(input, { stream: true }) : d.decode(input));
        } catch (e) {
          out.push(`${kind}: ${e.constructor.name}`);
        }
      }
    }
    return out;
  };
  const next = rng(0xa5c11);
  for (const label of ['utf-8', 'windows-1252', 'x-user-defined', 'utf-16le']) {
    for (const fatal of [false, true]) {
      const seed = Math.floor(next() * 2 ** 31);
      const want = run(core.TextDecoder, seed, label, { fatal });
      for (const c of copies) assert.deepEqual(run(c.TextDecoder, seed, label, { fatal }), want, `${label} fatal=${fatal}`);
    }
  }
  for (const c of copies) {
    assert.equal(c.hostCodecs.hostCodecsReport().shortDecodeUpTo, 16);
    const d = new c.TextDecoder();
    for (let i = 0; i < c.hostCodecs.DIRECT_AFTER; i++) d.decode(new Uint8Array([0x41]));
    seen.length = 0;
    assert.equal(d.decode(new Uint8Array([0x61, 0x62, 0x63])), 'abc');
    assert.equal(d.decode(new Uint8Array(16).fill(0x7a)), 'z'.repeat(16));
    assert.deepEqual(seen, [], 'short ASCII never reaches the host');
    assert.equal(d.decode(new Uint8Array([0x61, 0xc3, 0xa9])), 'a\u00e9');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3])), 'a\ufffd');
    assert.equal(d.decode(new Uint8Array([0xc3]), { stream: true }), '');
    assert.equal(d.decode(new Uint8Array([0xa9])), '\u00e9');
    assert.equal(d.decode(new Uint8Array(16).fill(0xe9)), '\ufffd'.repeat(16));
    assert.equal(new c.TextDecoder('windows-1252').decode(new Uint8Array([0x80, 0x41])), '\u20acA');
    assert.deepEqual(seen, [], 'nor does other short input: the core decodes it');
    assert.equal(d.decode(new Uint8Array(17).fill(0x7a)), 'z'.repeat(17));
    assert.equal(d.decode(new Uint8Array([0x61, ...new Uint8Array(16).fill(0x62), 0xc3, 0xa9])), `a${'b'.repeat(16)}\u00e9`);
    assert.equal(seen.length, 2, 'longer input does');
    // UTF-16 does not map ASCII to itself: never built so.
    const u = new c.TextDecoder('utf-16le');
    for (let i = 0; i < c.hostCodecs.DIRECT_AFTER; i++) u.decode(new Uint8Array([0x41, 0]));
    seen.length = 0;
    assert.equal(u.decode(new Uint8Array([0x41, 0x42])), '\u4241');
    assert.equal(seen.length, 1);
  }
});

test('a host that refuses SharedArrayBuffer and resizable input itself (Chromium, Firefox) gets the common call without the buffer checks, with the same results', async () => {
  const seen = [];
  const refused = [];
  const refuses = (label, bytes) => {
    const buffer = bufferUnder(bytes);
    if (buffer instanceof SharedArrayBuffer || (buffer != null && buffer.resizable)) {
      refused.push(bytes);
      throw new TypeError('refused');
    }
  };
  class Refusing extends recordingDecoder(seen) {
    decode(bytes, options) {
      refuses(this.label, bytes);
      return super.decode(bytes, options);
    }
  }
  const strict = await loadCopy({ TextDecoder: Refusing });
  const next = rng(0x5a5);
  for (const label of ['utf-8', 'utf-16be', 'windows-1251']) {
    for (const fatal of [false, true]) {
      for (const ignoreBOM of [false, true]) {
        const seed = Math.floor(next() * 2 ** 31);
        const options = { fatal, ignoreBOM };
        assert.deepEqual(mixedCalls(strict.TextDecoder, rng(seed), label, options), mixedCalls(core.TextDecoder, rng(seed), label, options), `${label} ${JSON.stringify(options)}`);
      }
    }
  }
  assert.ok(strict.hostCodecs.hostCodecsReport().direct.includes('utf-8'));
  // Given unchecked, a SharedArrayBuffer view reaches the host, which refuses it; the decoder
  // then goes on with the checks: the next one never reaches it.
  const d = new strict.TextDecoder();
  assert.equal(d.decode(new Uint8Array([0x41])), 'A');
  const shared = new Uint8Array(new SharedArrayBuffer(1));
  shared[0] = 0x42;
  seen.length = 0;
  refused.length = 0;
  assert.equal(d.decode(shared), 'B');
  assert.deepEqual(refused, [shared], 'given unchecked, and refused');
  assert.equal(d.decode(shared), 'B');
  assert.equal(refused.length, 1, 'checked from then on');
  assert.equal(d.decode(new Uint8Array([0x43])), 'C');
  assert.equal(seen.length, 1);
  assert.ok(seen[0].bytes instanceof Uint8Array && !(seen[0].bytes.buffer instanceof SharedArrayBuffer));
});

test('a host that refuses SharedArrayBuffer and resizable input but takes what the IDL refuses gets the common call checked: the same errors', async () => {
  const seen = [];
  class Lax extends recordingDecoder(seen) {
    decode(bytes, options) {
      if (bytes === null || typeof bytes !== 'object' || !(ArrayBuffer.isView(bytes) || bytes instanceof ArrayBuffer || bytes instanceof SharedArrayBuffer)) return '';
      const buffer = bufferUnder(bytes);
      if (buffer instanceof SharedArrayBuffer || (buffer != null && buffer.resizable)) throw new TypeError('refused');
      return super.decode(bytes, options);
    }
  }
  const lax = await loadCopy({ TextDecoder: Lax });
  const d = new lax.TextDecoder();
  const want = new core.TextDecoder();
  for (let i = 0; i < lax.hostCodecs.DIRECT_AFTER + 2; i++) assert.equal(d.decode(new Uint8Array([0x41])), 'A');
  assert.ok(lax.hostCodecs.hostCodecsReport().direct.includes('utf-8'), 'the careful common call');
  for (const junk of [null, {}, 'A', 65, [65], Object.create(Uint8Array.prototype)]) {
    assert.throws(() => want.decode(junk), TypeError);
    assert.throws(() => d.decode(junk), TypeError, `${Object.prototype.toString.call(junk)}`);
  }
  assert.equal(d.decode(undefined), '');
  assert.equal(d.decode(), '');
});

test("a host decoder that reads a view's properties rather than its bytes is not trusted: a view whose own length, byteLength, byteOffset and buffer lie decodes as the core decodes it", async () => {
  // Node 24's single-byte decoders read the input's byteLength property.
  class PropertyReading extends recordingDecoder([]) {
    decode(bytes, options) {
      const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
      return super.decode(view, options);
    }
  }
  const reading = await loadCopy({ TextDecoder: PropertyReading });
  const lying = (bytes) => {
    const view = new Uint8Array(bytes);
    for (const name of ['length', 'byteLength']) Object.defineProperty(view, name, { value: 2 });
    return view;
  };
  const next = rng(0x1e5);
  for (const label of ['utf-8', 'utf-16le', 'windows-1252', 'koi8-r']) {
    const want = new core.TextDecoder(label);
    const d = new reading.TextDecoder(label);
    for (let i = 0; i < 100; i++) {
      const bytes = next() < 0.5 ? Uint8Array.from({ length: 6 + Math.floor(next() * 60) }, () => 0x20 + Math.floor(next() * 90)) : randomBytes(next, label, 6 + Math.floor(next() * 60));
      assert.equal(d.decode(lying(bytes)), want.decode(lying(bytes)), label);
      assert.equal(d.decode(bytes), want.decode(bytes), label);
    }
    assert.equal(reading.hostCodecs.hostCodecsReport().decoders[label], 'none', `${label}: not trusted`);
  }
});

test('the common call stays converted where the host reads another typed array wrong, or strips the BOM wrong', async () => {
  // Reads a view of any other typed array as its whole buffer.
  const wholeBuffer = (label, bytes, text, options) =>
    ArrayBuffer.isView(bytes) && !(bytes instanceof Uint8Array) ? new RealTextDecoder(label, options).decode(new Uint8Array(bytes.buffer)) : text;
  // Keeps the BOM where the decoder was made without ignoreBOM.
  const keepsBOM = (label, bytes, text, options) => (options.ignoreBOM ? text : new RealTextDecoder(label, { ...options, ignoreBOM: true }).decode(bytes));
  for (const [fault, what] of [[wholeBuffer, 'whole buffer'], [keepsBOM, 'BOM kept']]) {
    const seen = [];
    const bad = await loadCopy({ TextDecoder: recordingDecoder(seen, fault) });
    const next = rng(0xbad);
    for (const label of ['utf-8', 'utf-16le', 'windows-1251']) {
      for (const ignoreBOM of [false, true]) {
        const seed = Math.floor(next() * 2 ** 31);
        const options = { ignoreBOM };
        assert.deepEqual(mixedCalls(bad.TextDecoder, rng(seed), label, options), mixedCalls(core.TextDecoder, rng(seed), label, options), `${what}: ${label} ignoreBOM=${ignoreBOM}`);
      }
    }
    const { direct, decoders } = bad.hostCodecs.hostCodecsReport();
    assert.equal(decoders['utf-8'], 'replacement', `${what}: the host's decoders themselves passed`);
    if (fault === wholeBuffer) {
      assert.deepEqual(direct, [], 'whole buffer: no common call goes unconverted');
      seen.length = 0; // after the checks, which gave it other typed arrays
      const d = new bad.TextDecoder();
      const input = new Uint16Array(new Uint8Array([0x41, 0x42, 0x43, 0x44]).buffer, 2, 1);
      assert.deepEqual([d.decode(input), d.decode(input)], ['CD', 'CD']);
      assert.ok(seen.length > 0 && seen.every((c) => c.bytes instanceof Uint8Array), 'the host got Uint8Arrays only');
    } else {
      const singleByte = singleByteReadsSlots ? ['windows-1251', 'windows-1251 ignoreBOM'] : [];
      assert.deepEqual(direct.sort(), ['utf-16le ignoreBOM', 'utf-8 ignoreBOM', ...singleByte], 'BOM kept: only where no BOM is stripped');
    }
  }
});

test('a host that is wrong is not trusted: collapsed UTF-8 replacements, windows-1252 as Latin-1, a lone last byte lost', async () => {
  const faulty = [];
  const fault = (label, bytes, text) => {
    if (label === 'utf-8') return text.replace(/\ufffd+/g, '\ufffd');
    if (label === 'windows-1252') return String.fromCharCode(...bytes);
    if (label === 'koi8-r' && bytes.length === 1 && bytes[0] === 0xff) return ''; // as Node 22's windows-1252
    return text;
  };
  const bad = await loadCopy({ TextDecoder: recordingDecoder(faulty, fault) });
  const inputs = [new Uint8Array([0x41, 0xed, 0xa0, 0x80, 0x42]), new Uint8Array([0x80, 0x9f, 0x41]), new Uint8Array([0xff])];
  for (const label of ['utf-8', 'windows-1252', 'windows-1251', 'koi8-r']) {
    for (const fatal of [false, true]) {
      for (const input of inputs) {
        const run = (D) => {
          try {
            return new D(label, { fatal }).decode(input);
          } catch (e) {
            return e.constructor.name;
          }
        };
        assert.equal(run(bad.TextDecoder), run(core.TextDecoder), `${label} fatal=${fatal}`);
      }
    }
  }
  const report = bad.hostCodecs.hostCodecsReport().decoders;
  assert.equal(report['utf-8'], 'fatal', 'fatal mode never shows the collapsed replacements');
  assert.equal(report['windows-1252'], 'none');
  assert.equal(report['koi8-r'], 'none');
  assert.equal(report['windows-1251'], singleByteReadsSlots ? 'both' : 'none');
  faulty.length = 0;
  new bad.TextDecoder().decode(new Uint8Array([0x41]));
  new bad.TextDecoder('windows-1252').decode(new Uint8Array([0x41]));
  assert.deepEqual(faulty, [], 'after the checks, the faulty decoders get no input');
});

test('a host patched after the package loaded is never called', async () => {
  const decode = RealTextDecoder.prototype.decode;
  const encode = RealTextEncoder.prototype.encode;
  const copy = await loadCopy(); // with the host's own classes, as they are now
  try {
    RealTextDecoder.prototype.decode = () => 'patched';
    RealTextEncoder.prototype.encode = () => new Uint8Array([1]);
    assert.equal(new copy.TextDecoder('utf-16le').decode(new Uint8Array([0x41, 0x00])), 'A');
    assert.deepEqual([...new copy.TextEncoder().encode('A')], [0x41]);
    assert.deepEqual([...new core.TextEncoder().encode('A')], [0x41]);
  } finally {
    RealTextDecoder.prototype.decode = decode;
    RealTextEncoder.prototype.encode = encode;
  }
});

test('the encoder: the host is checked and gives what the core gives, encodeInto included', () => {
  const next = rng(0xe4c0);
  const units = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0x20ac, 0xfeff];
  for (let round = 0; round < 500; round++) {
    let s = '';
    for (let n = Math.floor(next() * 12); n > 0; n--) s += String.fromCharCode(units[Math.floor(next() * units.length)]);
    assert.deepEqual(new host.TextEncoder().encode(s), new core.TextEncoder().encode(s));
    const room = Math.floor(next() * 20);
    const a = new Uint8Array(room);
    const b = new Uint8Array(room);
    assert.deepEqual(new host.TextEncoder().encodeInto(s, a), new core.TextEncoder().encodeInto(s, b), JSON.stringify(s));
    assert.deepEqual(a, b);
  }
  assert.equal(host.hostCodecs.hostCodecsReport().encoder, true);
});

/**
 * A TextEncoder class whose encodeInto refuses, as Chromium's and Firefox's do, every destination
 * but a Uint8Array on a fixed-length, non-shared buffer (`lax`: it takes one on a resizable buffer
 * too, as Node's and Bun's do); each destination it is given is pushed to `seen`.
 */
function strictEncoder(seen, lax = false) {
  return encoderWith((inner, s, d) => {
    seen.push(d);
    if (Object.prototype.toString.call(d) !== '[object Uint8Array]') throw new TypeError('not a Uint8Array');
    const buffer = d.buffer;
    if (buffer instanceof SharedArrayBuffer) throw new TypeError('shared');
    if (!buffer.resizable) return inner.encodeInto(s, d);
    if (!lax) throw new TypeError('resizable');
    const copy = new Uint8Array(d.length);
    const r = inner.encodeInto(s, copy);
    d.set(copy.subarray(0, r.written));
    return r;
  });
}

/**
 * A TextEncoder class over an `inner` one whose encodeInto is `encodeInto(inner, string,
 * destination)`: the real one's encode, and the forced core's encodeInto (Node 26's own stops
 * early on long strings, and is not trusted).
 */
function encoderWith(encodeInto) {
  return class TextEncoder {
    constructor() {
      this.inner = { encode: (s) => realEncoder.encode(s), encodeInto: (s, d) => coreEncoder.encodeInto(s, d) };
    }
    get encoding() {
      return 'utf-8';
    }
    encode(s) {
      return this.inner.encode(s);
    }
    encodeInto(s, d) {
      return encodeInto(this.inner, s, d);
    }
  };
}

test("an encodeInto that stops early on long strings (Node 26's) is not trusted, while the host's encode() stays: the same results", async () => {
  // Past 32 units, one character short where a two-byte character would just fit.
  const seen = [];
  const early = encoderWith((inner, s, d) => {
    seen.push([s.length, d.length]);
    const r = inner.encodeInto(s, d);
    if (s.length > 32 && r.written === d.length && r.read > 0 && s.charCodeAt(r.read - 1) >= 0x80 && s.charCodeAt(r.read - 1) < 0x800) {
      d[r.written - 1] = d[r.written - 2] = 0;
      return { read: r.read - 1, written: r.written - 2 };
    }
    return r;
  });
  const h = await loadCopy({ TextEncoder: early });
  const e = new h.TextEncoder();
  e.encodeInto('a', new Uint8Array(1)); // the checks
  seen.length = 0;
  const next = rng(0x26);
  const pool = ['a', '\x80', '\u07ff', '\u3042', '\u{1f600}', '\ud800'];
  for (let i = 0; i < 300; i++) {
    let s = '';
    const n = Math.floor(next() * 80);
    for (let j = 0; j < n; j++) s += pool[Math.floor(next() * pool.length)];
    const room = Math.floor(next() * (n * 3 + 2));
    const got = new Uint8Array(room);
    const want = new Uint8Array(room);
    const r = coreEncoder.encodeInto(s, want);
    assert.deepEqual(e.encodeInto(s, got), r, JSON.stringify(s));
    assert.deepEqual(got, want);
    // Again into the same destination, remembered now.
    got.fill(0);
    assert.deepEqual(e.encodeInto(s, got), r, `${JSON.stringify(s)}, again`);
    assert.deepEqual(got, want);
  }
  // A remembered destination emptied by a transfer of its buffer has no room at all.
  const d = new Uint8Array(90);
  e.encodeInto('a', d);
  structuredClone(d.buffer, { transfer: [d.buffer] });
  assert.deepEqual(e.encodeInto('\u3042'.repeat(20), d), { read: 0, written: 0 });
  const report = h.hostCodecs.hostCodecsReport();
  assert.equal(report.encoder, true, "encode() stays the host's");
  assert.equal(report.encodeInto, 'roomy', 'right where the destination cannot fill up');
  // Only there does the host write.
  assert.ok(seen.length > 0);
  assert.deepEqual(seen.filter(([units, room]) => room < 3 * units), []);
});

test("an encodeInto that reads the destination's properties rather than its bytes is not trusted: the same results", async () => {
  const reading = encoderWith((inner, s, d) => inner.encodeInto(s, new Uint8Array(d.buffer, d.byteOffset, d.length)));
  const h = await loadCopy({ TextEncoder: reading });
  const lying = () => {
    const d = new Uint8Array(8);
    Object.defineProperty(d, 'length', { value: 2 });
    return d;
  };
  const e = new h.TextEncoder();
  for (const s of ['abcdefghij', 'a\u00e9\u3042\u{1f600}', '']) {
    const got = lying();
    const want = lying();
    assert.deepEqual(e.encodeInto(s, got), coreEncoder.encodeInto(s, want), JSON.stringify(s));
    assert.deepEqual([...new Uint8Array(got.buffer)], [...new Uint8Array(want.buffer)]);
  }
  assert.equal(h.hostCodecs.hostCodecsReport().encodeInto, false);
});

/** A host encoder that records the length of every string its encode() is given, in `lengths`. */
function encodeRecorder() {
  const lengths = [];
  const Recording = class extends encoderWith((inner, s, d) => inner.encodeInto(s, d)) {
    encode(s) {
      lengths.push(s.length);
      return super.encode(s);
    }
    // Its own, as the package captures only the methods of the class's own prototype.
    encodeInto(s, d) {
      return super.encodeInto(s, d);
    }
  };
  return { lengths, Recording };
}

/**
 * A random string for the encode() tests: not ASCII at the start (so not written in JavaScript),
 * then up to `most` more pieces of `pool`.
 */
function encodeInput(next, most, pool) {
  let s = pool[Math.floor(next() * 3)];
  const n = Math.floor(next() * most);
  for (let j = 0; j < n; j++) s += pool[Math.floor(next() * pool.length)];
  return s;
}

test('short encode() calls go to the core where a host folder says so (the Node folder: up to 21 units, after 64 of them), with the same results', async () => {
  const { lengths, Recording } = encodeRecorder();
  assert.equal(node.hostCodecs.encodeCoreUpTo, process.versions.bun ? 0 : 21, 'the Node folder sets it');
  const h = await loadCopy({ TextEncoder: Recording });
  h.hostCodecs.setEncodeCoreUpTo(21);
  const e = new h.TextEncoder();
  const next = rng(0xe21);
  const pool = ['\u00e9', '\u3042', '\u{1f600}', '\ud800', '\udc00', 'a', '\u07ff'];
  for (let i = 0; i < 400; i++) {
    if (i === 200) lengths.length = 0; // past the checks and the first 64 short ones
    const s = encodeInput(next, 30, pool);
    assert.deepEqual(e.encode(s), coreEncoder.encode(s), JSON.stringify(s));
  }
  // After the first 64 short ones (and the checks' own), no string of up to 21 units reached the host.
  assert.deepEqual(lengths.filter((n) => n <= 21), []);
  assert.ok(lengths.some((n) => n > 21), 'longer ones do');
});

test('long encode() calls go to the core where a host folder says so (the Node folder in Node 20-24: from 4096 units), with the same results', async () => {
  const { lengths, Recording } = encodeRecorder();
  const v8Major = process.versions.bun ? 0 : parseInt(process.versions.v8, 10);
  assert.equal(node.hostCodecs.encodeCoreFrom, v8Major > 0 && v8Major <= 13 ? 4096 : Infinity, 'the Node folder sets it in Node 20-24 only');
  const h = await loadCopy({ TextEncoder: Recording });
  h.hostCodecs.setEncodeCoreFrom(50);
  const e = new h.TextEncoder();
  e.encode('\u00e9'); // the checks, whose own strings reach the host
  lengths.length = 0;
  const next = rng(0xe4096);
  const pool = ['\u00e9', '\u3042', '\u{1f600}', '\ud800', '\udc00', 'a', '\u07ff', 'abcdefgh'];
  let long = 0;
  for (let i = 0; i < 300; i++) {
    const s = encodeInput(next, 60, pool);
    if (s.length >= 50) long++;
    assert.deepEqual(e.encode(s), coreEncoder.encode(s), JSON.stringify(s));
  }
  assert.ok(long > 50 && long < 250, `both lengths (${long} long)`);
  assert.deepEqual(lengths.filter((n) => n >= 50), [], 'no string of 50 units or more reached the host');
  assert.ok(lengths.some((n) => n < 50), 'shorter ones do');
});

test('long encode() calls through the host\'s encodeInto where a host folder says so (Deno: from 512 units): the same bytes, in a Uint8Array that owns exactly them', { skip: typeof ArrayBuffer.prototype.transfer !== 'function' && 'no ArrayBuffer transfer' }, async () => {
  const calls = { encode: 0, encodeInto: 0 };
  const recording = class extends encoderWith((inner, s, d) => inner.encodeInto(s, d)) {
    encode(s) {
      calls.encode++;
      return super.encode(s);
    }
    encodeInto(s, d) {
      calls.encodeInto++;
      return super.encodeInto(s, d);
    }
  };
  const h = await loadCopy({ TextEncoder: recording });
  h.hostCodecs.setEncodeViaIntoFrom(40);
  const e = new h.TextEncoder();
  e.encode('\u00e9'); // the checks
  calls.encode = calls.encodeInto = 0;
  const next = rng(0xe512);
  const pool = ['\u00e9', '\u3042', '\u{1f600}', '\ud800', '\udc00', 'a', '\u07ff', 'abcdefgh'];
  let long = 0;
  for (let i = 0; i < 300; i++) {
    let s = pool[Math.floor(next() * 3)]; // not ASCII at the start: not written in JavaScript
    const n = Math.floor(next() * 60);
    for (let j = 0; j < n; j++) s += pool[Math.floor(next() * pool.length)];
    if (s.length >= 40) long++;
    const out = e.encode(s);
    assert.deepEqual(out, coreEncoder.encode(s), JSON.stringify(s));
    assert.equal(out.byteOffset, 0);
    assert.equal(out.buffer.byteLength, out.length, 'it owns exactly its bytes');
    assert.equal(out.buffer.resizable, false);
  }
  assert.ok(long > 50);
  assert.equal(calls.encodeInto, long, 'every string of 40 units or more went through encodeInto');
  assert.equal(calls.encode, 300 - long, 'the shorter ones through encode()');
});

test('short encodeInto calls into the destination of the call before are written in JavaScript where a host folder says so (SpiderMonkey: up to 64 units): the same results into every room, and never the host', async () => {
  const lengths = [];
  // A host that takes a resizable destination: every destination is converted, and remembered.
  const Recording = class extends strictEncoder([], true) {
    encode(s) {
      return super.encode(s);
    }
    encodeInto(s, d) {
      if (s.length > 0) lengths.push(s.length);
      return super.encodeInto(s, d);
    }
  };
  const h = await loadCopy({ TextEncoder: Recording });
  h.hostCodecs.setEncodeIntoJsUpTo(24);
  const e = new h.TextEncoder();
  // The checks, whose own strings reach the host (encodeInto's after DIRECT_AFTER calls).
  e.encode('\u00e9');
  for (let i = 0; i < h.hostCodecs.DIRECT_AFTER; i++) e.encodeInto('', new Uint8Array(4));
  lengths.length = 0;
  const next = rng(0xe64);
  const pool = ['\u00e9', '\u3042', '\u{1f600}', '\ud800', '\udc00', 'a', '\u07ff', '\x7f', '\x80', '\u0800', '\uffff', '\udbff\udfff', 'abcd', '\ud800a'];
  let strings = 0;
  for (let i = 0; i < 200; i++) {
    const s = i === 0 ? '' : encodeInput(next, 24, pool);
    if (s.length <= 24) strings++;
    for (let room = 0; room <= 3 * s.length + 1; room++) {
      const backing = new Uint8Array(room + 2).fill(0xaa);
      const wantBacking = backing.slice();
      const got = new Uint8Array(backing.buffer, 1, room);
      e.encodeInto('', got); // converted, and remembered
      const r = e.encodeInto(s, got);
      assert.deepEqual(r, coreEncoder.encodeInto(s, new Uint8Array(wantBacking.buffer, 1, room)), `${JSON.stringify(s)} into ${room}`);
      assert.deepEqual(backing, wantBacking, `${JSON.stringify(s)} into ${room}: the bytes, and nothing outside the view`);
    }
  }
  assert.ok(strings > 100 && strings < 200, `both lengths (${strings} of up to 24 units)`);
  assert.deepEqual(lengths.filter((n) => n <= 24), [], 'no string of up to 24 units reached the host');
  assert.ok(lengths.some((n) => n > 24), 'longer ones do');
  // A remembered destination whose buffer was transferred since is empty.
  const d = new Uint8Array(8);
  e.encodeInto('', d);
  structuredClone(d.buffer, { transfer: [d.buffer] });
  assert.deepEqual(e.encodeInto('\u00e9a', d), { read: 0, written: 0 });
});

test("encodeInto's common call goes to the host unconverted where it refuses every destination the IDL refuses: the same results, the same errors", async () => {
  const seen = [];
  const strict = await loadCopy({ TextEncoder: strictEncoder(seen) });
  const lax = await loadCopy({ TextEncoder: strictEncoder([], true) });
  const destinations = () => {
    const detached = new Uint8Array(8);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    return [
      new Uint8Array(8), new Uint8Array(new ArrayBuffer(12), 2, 8), new Uint8Array(new SharedArrayBuffer(8)), new Uint8Array(new ArrayBuffer(8, { maxByteLength: 16 })),
      new Uint8Array(new SharedArrayBuffer(8, { maxByteLength: 16 })), new Uint16Array(4), new Uint8ClampedArray(8), new DataView(new ArrayBuffer(8)), new ArrayBuffer(8),
      Object.create(Uint8Array.prototype), detached, null, undefined, 'x',
    ];
  };
  const run = (m) => {
    const e = new m.TextEncoder();
    // encode() first: the host it looks up serves encodeInto's common call too.
    const out = [[...e.encode('\u00e9')]];
    for (const string of ['', 'a', 'héllo', '\ud800x', 'a€😀b', 'x'.repeat(40)]) {
      for (const d of destinations()) {
        try {
          out.push(e.encodeInto(string, d));
          if (ArrayBuffer.isView(d)) out.push([...new Uint8Array(d.buffer, d.byteOffset, d.byteLength)]);
        } catch (error) {
          out.push(`${error.constructor.name}: ${error.message}`);
        }
      }
    }
    try {
      e.encodeInto('a');
    } catch (error) {
      out.push(`${error.constructor.name}: ${error.message}`);
    }
    return out;
  };
  // Past the calls after which the common call's checks run.
  for (const m of [strict, lax]) {
    const e = new m.TextEncoder();
    for (let i = 0; i < m.hostCodecs.DIRECT_AFTER; i++) e.encodeInto('a', new Uint8Array(4));
  }
  const want = run(core);
  assert.deepEqual(run(strict), want);
  assert.deepEqual(run(lax), want);
  seen.length = 0; // the host's checks gave it wrong destinations too
  assert.deepEqual(run(strict), want);
  assert.equal(strict.hostCodecs.hostCodecsReport().encodeIntoDirect, true);
  assert.equal(lax.hostCodecs.hostCodecsReport().encodeIntoDirect, false, 'a host that takes a resizable destination gets converted ones only');
  assert.ok(seen.some((d) => d instanceof Uint16Array), 'the strict host was given destinations unconverted');
});

test('a chunked encodeInto loop goes to the core where a host folder says so (encodeIntoCoreFrom), and to the host cut to what can fit elsewhere, with the same results', async () => {
  const lengths = [];
  const TextEncoder = encoderWith((inner, s, d) => {
    lengths.push([s.length, d.length]);
    return inner.encodeInto(s, d);
  });
  const h = await loadCopy({ TextEncoder });
  new h.TextEncoder().encode('\u00e9'.repeat(100)); // the host is checked here
  assert.equal(h.hostCodecs.hostCodecsReport().encoder, true);
  const next = rng(0xc4c);
  const units = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xffff, 0xd800, 0xdc00, 0x20ac, 0x3042];
  let s = '';
  while (s.length < 30000) s += String.fromCharCode(units[Math.floor(next() * units.length)]);
  const loop = (T, room) => {
    const out = [];
    const e = new T.TextEncoder();
    const dest = new Uint8Array(room);
    for (let pos = 0; pos < s.length; ) {
      const r = e.encodeInto(s.slice(pos), dest);
      out.push(r.read, r.written, ...dest.subarray(0, r.written));
      if (r.read === 0) break;
      pos += r.read;
    }
    return out;
  };
  for (const factor of [4, Infinity]) {
    h.hostCodecs.setEncodeIntoCoreFrom(factor);
    lengths.length = 0;
    for (const room of [1000, 4096, 8192]) assert.deepEqual(loop(h, room), loop(core, room), `factor ${factor}, room ${room}`);
    // With the factor, no string over 4 Ki units and 4x the room reaches the host.
    assert.deepEqual(lengths.filter(([n, room]) => n > 4096 && n > 4 * room), [], `factor ${factor}`);
    // Either way, a string over 4 Ki units reaches it cut to the units that can fit: at most the room.
    assert.deepEqual(lengths.filter(([n, room]) => n > 4096 && n > room), [], `factor ${factor}`);
    if (factor === Infinity) assert.ok(lengths.some(([n, room]) => n === room && room === 8192), 'cut strings reach the host');
  }
  h.hostCodecs.setEncodeIntoCoreFrom(Infinity);
});

test("windows-1252 in the Node folder: Buffer's latin1 slices around the bytes 0x80 to 0x9F where they are few, the core elsewhere, the same results for every input; never a SharedArrayBuffer's bytes, and not with the switch off", async () => {
  const w = (bytes) => node.strings.windows1252String(bytes, bytes.length, () => {
    throw new Error('no byte from 0x80 to 0x9F: the core is not asked');
  });
  const latin1 = new Uint8Array(300).map((_, i) => (i * 7) % 256 | 0x20);
  assert.equal(w(latin1), String.fromCharCode(...latin1));
  assert.equal(w(new Uint8Array(new SharedArrayBuffer(300)).fill(0x41)), null, 'a SharedArrayBuffer view goes to the core');
  const c1 = new core.TextDecoder('windows-1252').decode(new Uint8Array(32).map((_, i) => 0x80 + i));
  assert.equal(c1.length, 32);
  const sparse = latin1.slice();
  sparse[5] = 0x80;
  sparse[200] = 0x9f;
  assert.equal(node.strings.windows1252String(sparse, 300, () => c1), new core.TextDecoder('windows-1252').decode(sparse));
  assert.equal(node.strings.windows1252String(new Uint8Array(300).fill(0x85), 300, () => c1), null, 'many of them: the core');
  const off = await loadCopy({ TEXT_ENCODING_WASM_HOST: 'off' }, 'node');
  assert.equal(off.strings.windows1252String(latin1, 300, () => c1), undefined, 'switched off');
  // Every density, length and offset, whole and streamed, in both modes (windows-1252 has no error).
  const next = rng(0x1252);
  for (let round = 0; round < 600; round++) {
    const n = Math.floor(next() * (round % 3 === 0 ? 3000 : 100));
    const density = [0, 0.001, 0.01, 0.05, 0.5][round % 5];
    const backing = new Uint8Array(n + 3).map(() => (next() < density ? 0x80 + Math.floor(next() * 32) : next() < 0.7 ? Math.floor(next() * 128) : 0xa0 + Math.floor(next() * 96)));
    const bytes = backing.subarray(round & 3, (round & 3) + n);
    for (const fatal of [false, true]) {
      const label = ['windows-1252', 'latin1', 'ascii'][round % 3];
      assert.equal(new node.TextDecoder(label, { fatal }).decode(bytes), new core.TextDecoder(label, { fatal }).decode(bytes), `${label} ${n} bytes`);
      const chunks = [bytes.subarray(0, n >> 2), bytes.subarray(n >> 2)];
      assert.deepEqual(decodeStream(node.TextDecoder, label, { fatal }, chunks), decodeStream(core.TextDecoder, label, { fatal }, chunks));
    }
  }
});

test('TextDecoderStream and the standard hooks give the same through the host', async () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0x42]);
  const read = async (m) => {
    const chunks = [bytes.slice(0, 2), bytes.slice(2, 5), bytes.slice(5, 9), bytes.slice(9)];
    const stream = new ReadableStream({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    }).pipeThrough(new m.TextDecoderStream());
    let out = '';
    for await (const s of stream) out += s;
    return out;
  };
  assert.equal(await read(host), await read(core));
  for (const input of [bytes, bytes.slice(3)]) {
    assert.deepEqual(host.standard.decode(input, 'windows-1252'), core.standard.decode(input, 'windows-1252'));
    assert.equal(host.standard.utf8Decode(input), core.standard.utf8Decode(input));
    assert.equal(host.standard.utf8DecodeWithoutBOM(input), core.standard.utf8DecodeWithoutBOM(input));
    assert.throws(() => host.standard.utf8DecodeWithoutBOMOrFail(input), TypeError);
  }
  assert.equal(host.standard.utf8DecodeWithoutBOMOrFail(bytes.slice(0, 11)), '\ufeffA€😀');
});

// ---- the multi-byte (CJK) encodings ---------------------------------------------------------------

const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];
/** What the core decodes before a multi-byte encoding is checked (host-codecs.js). */
const CHECK_AFTER = 1 << 20;

/** Runs `label`'s check in `copy`: the core decodes CHECK_AFTER bytes of it first. */
function primeMultiByte(copy, label, fatal = false) {
  new copy.TextDecoder(label, { fatal }).decode(new Uint8Array(CHECK_AFTER).fill(0x41));
}

/**
 * A copy whose host decoders are a forced core's (right by definition, unlike Node's, whose Big5
 * shows a known fault), recording into `into`, with `fault` applied.
 */
const legacyEncoders = await importPackageFile(pkgDir, entryFile('./legacy', 'web'));
/** `string` in the legacy encoding `label` (the package's legacy encoder). */
const encodeLegacy = (string, label) => legacyEncoders.encode(string, label);

const cjkCopy = (into, fault) => loadCopy({ TextDecoder: recordingDecoder(into, fault, core.TextDecoder) });

/** Random bytes biased to the leads, trails and escapes of the multi-byte encodings. */
function randomMultiByte(next, n) {
  const pool = [0x0a, 0x1b, 0x24, 0x28, 0x42, 0x4a, 0x49, 0x40, 0x21, 0x30, 0x39, 0x41, 0x7e, 0x80, 0x81, 0x84, 0x8e, 0x8f, 0xa1, 0xa4, 0xe0, 0xfe, 0xff];
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = next() < 0.3 ? Math.floor(next() * 256) : pool[Math.floor(next() * pool.length)];
  return out;
}

test('multi-byte encodings: checked once the core has decoded 1 MiB of one, then whole calls go to a right host and streams stay in the core', async () => {
  const cjkCalls = [];
  const copy = await cjkCopy(cjkCalls);
  new copy.TextDecoder('shift_jis').decode(new Uint8Array(CHECK_AFTER - 10).fill(0x41));
  new copy.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
  const shiftJisCalls = () => cjkCalls.filter((c) => c.label === 'shift_jis');
  assert.deepEqual(shiftJisCalls(), [], 'below the threshold nothing is checked');
  assert.equal(copy.hostCodecs.hostCodecsReport().decoders.shift_jis, undefined);
  new copy.TextDecoder('shift_jis').decode(new Uint8Array(16).fill(0x41));
  assert.equal(copy.hostCodecs.hostCodecsReport().decoders.shift_jis, 'replacement');
  assert.ok(shiftJisCalls().length > 100, 'the check probes the host');
  cjkCalls.length = 0;
  const d = new copy.TextDecoder('shift_jis');
  assert.equal(d.decode(new Uint8Array([0x82, 0xa0, 0x41])), 'あA');
  assert.equal(shiftJisCalls().length, 1, 'a whole call goes to the host');
  assert.equal(d.decode(new Uint8Array([0x41, 0x82]), { stream: true }), 'A');
  assert.equal(d.decode(new Uint8Array([0xa0])), 'あ');
  assert.equal(shiftJisCalls().length, 1, 'streaming calls stay in the core');
  // Every encoding and mode: random inputs in one call and in chunks, the same as the core's.
  for (const label of MULTI_BYTE) for (const fatal of [false, true]) primeMultiByte(copy, label, fatal);
  const report = copy.hostCodecs.hostCodecsReport().decoders;
  for (const label of MULTI_BYTE) assert.equal(report[label], 'both', `${label} passed its checks in both modes`);
  const next = rng(0xc1c);
  cjkCalls.length = 0;
  for (const label of MULTI_BYTE) {
    for (let round = 0; round < 200; round++) {
      const options = { fatal: next() < 0.4 };
      const bytes = randomMultiByte(next, Math.floor(next() * 40));
      const one = (D) => {
        try {
          return new D(label, options).decode(bytes);
        } catch (e) {
          return e.constructor.name;
        }
      };
      assert.equal(one(copy.TextDecoder), one(core.TextDecoder), `${label} ${JSON.stringify(options)} ${[...bytes].join(' ')}`);
      const chunks = [bytes.slice(0, 7), bytes.slice(7, 20), bytes.slice(20)];
      assert.deepEqual(decodeStream(copy.TextDecoder, label, options, chunks), decodeStream(core.TextDecoder, label, options, chunks));
    }
  }
  assert.ok(cjkCalls.length > 1000, 'the host took the whole calls');
  assert.ok(cjkCalls.every((c) => c.options === undefined), 'never a streaming call');
});

test('Shift_JIS and Big5 input, mostly above 0x7F or not, goes to the host where the host is right, with the same results', async () => {
  // The host's decoders that pass the checks (Deno's, Bun's, Firefox's) decode dense text as fast
  // as the core or faster (TEW_BENCH_SECTIONS=decodeCjk npm run bench -- --engines), so no
  // length or density keeps a whole call in the core.
  const cjkCalls = [];
  const copy = await cjkCopy(cjkCalls);
  for (const label of ['shift_jis', 'big5', 'gbk']) primeMultiByte(copy, label);
  const text = 'あいうえお漢字かな交じり文';
  const cases = [
    ['shift_jis', encodeLegacy(text.repeat(60), 'shift_jis')],
    ['shift_jis', encodeLegacy(`<p>${text}</p>`.padEnd(200, ' ').repeat(12), 'shift_jis')],
    ['big5', encodeLegacy('漢字與中文'.repeat(120), 'big5')],
    ['gbk', encodeLegacy('汉字和中文'.repeat(120), 'gbk')],
  ];
  const want = (label, bytes) => new core.TextDecoder(label).decode(bytes);
  // Whether a recorded input (the checks' objects posing as views among them) is a view of n bytes.
  const isLength = (input, n) => ArrayBuffer.isView(input) && input.byteLength === n;
  for (const [label, bytes] of cases) {
    // 2 x DIRECT_AFTER calls of one decoder: the careful way first, then decode()'s common call.
    const d = new copy.TextDecoder(label);
    let reached = 0;
    for (let round = 0; round < 2 * copy.hostCodecs.DIRECT_AFTER; round++) {
      cjkCalls.length = 0;
      assert.equal(d.decode(bytes), want(label, bytes), `${label} ${bytes.length} B`);
      if (cjkCalls.some((c) => c.label === label && isLength(c.bytes, bytes.length))) reached++;
    }
    assert.equal(reached, 2 * copy.hostCodecs.DIRECT_AFTER, `${label}, ${bytes.length} B: every call the host's`);
  }
});

test('a known fault in one multi-byte decoder keeps every multi-byte encoding in the core', async () => {
  // Big5's pointers that are two code points, as Chromium gets them wrong.
  const fault = (label, bytes, text) => (label === 'big5' ? text.replace(/\u00ca\u0304/g, '\u0093\udf04') : text);
  const faulty = [];
  const copy = await cjkCopy(faulty, fault);
  primeMultiByte(copy, 'shift_jis');
  primeMultiByte(copy, 'big5');
  const report = copy.hostCodecs.hostCodecsReport().decoders;
  assert.equal(report.shift_jis, 'none');
  assert.equal(report.big5, 'none');
  faulty.length = 0;
  assert.equal(new copy.TextDecoder('big5').decode(new Uint8Array([0x88, 0x62])), '\u00ca\u0304');
  assert.deepEqual(faulty, []);
});

test('a multi-byte host wrong on one pair, or in one state, is not trusted with that encoding', async () => {
  const fault = (label, bytes, text) => {
    if (label === 'shift_jis') return text.replace(/\u4e9c/g, '\u4e9d'); // 0x88 0x9f
    if (label === 'iso-2022-jp') return text.replace(/\u00a5/g, '\\'); // Roman's 0x5C
    if (label === 'gb18030') return text.replace(/\ue7c7/g, '\u1e3f'); // pointer 7457
    return text;
  };
  const copy = await cjkCopy([], fault);
  for (const label of ['shift_jis', 'iso-2022-jp', 'gb18030', 'euc-kr']) primeMultiByte(copy, label);
  const report = copy.hostCodecs.hostCodecsReport().decoders;
  assert.deepEqual([report.shift_jis, report['iso-2022-jp'], report.gb18030, report['euc-kr']], ['none', 'none', 'none', 'replacement']);
  assert.equal(new copy.TextDecoder('shift_jis').decode(new Uint8Array([0x88, 0x9f])), '\u4e9c');
  assert.equal(new copy.TextDecoder('gb18030').decode(new Uint8Array([0x81, 0x35, 0xf4, 0x37])), '\ue7c7');
});

/**
 * A host decoder class (over the forced core) whose fatal mode lets malformed input through as
 * U+FFFD for inputs longer than `from` bytes.
 */
const lenientFrom = (from) =>
  class LenientDecoder {
    constructor(label, options = {}) {
      this.strict = new core.TextDecoder(label, options);
      this.lenient = new core.TextDecoder(label);
    }
    get encoding() {
      return this.strict.encoding;
    }
    decode(bytes, options) {
      return (bytes.length > from ? this.lenient : this.strict).decode(bytes, options);
    }
  };

test('a multi-byte fatal host that lets malformed input through is not trusted, on the probes or on long input', async () => {
  // Fatal mode that never throws: its checks fail.
  const a = await loadCopy({ TextDecoder: lenientFrom(0) });
  primeMultiByte(a, 'euc-kr', true);
  assert.equal(a.hostCodecs.hostCodecsReport().decoders['euc-kr'], 'replacement', 'fatal mode fails its checks');
  // Fatal mode that throws on every probe (all short) but not on longer input: the rule that a
  // fatal host's output with a U+FFFD goes to the core catches it.
  const b = await loadCopy({ TextDecoder: lenientFrom(4096) });
  primeMultiByte(b, 'euc-kr', true);
  assert.equal(b.hostCodecs.hostCodecsReport().decoders['euc-kr'], 'both');
  const bad = new Uint8Array(5000).fill(0x41);
  bad[4000] = 0xff;
  assert.throws(() => new b.TextDecoder('euc-kr', { fatal: true }).decode(bad), (e) => e instanceof TypeError && /euc-kr/.test(e.message));
  assert.equal(new b.TextDecoder('euc-kr', { fatal: true }).decode(new Uint8Array(5000).fill(0x42)), 'B'.repeat(5000));
});

test("a host decoder that is left broken by a fatal error is replaced, not trusted as it is", async () => {
  // Firefox's gb18030 keeps its state after a fatal error; this one throws ever after.
  let made = 0;
  class BrokenAfterError {
    constructor(label, options = {}) {
      made++;
      this.inner = new core.TextDecoder(label, options);
      this.broken = false;
    }
    get encoding() {
      return this.inner.encoding;
    }
    decode(bytes, options) {
      if (this.broken) throw new TypeError('left broken');
      try {
        return this.inner.decode(bytes, options);
      } catch (error) {
        this.broken = true;
        throw error;
      }
    }
  }
  const copy = await loadCopy({ TextDecoder: BrokenAfterError });
  primeMultiByte(copy, 'gb18030', true);
  new copy.TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0x41]));
  const report = copy.hostCodecs.hostCodecsReport().decoders;
  assert.equal(report.gb18030, 'both');
  assert.equal(report['utf-8'], 'fatal');
  const before = made;
  const d = new copy.TextDecoder('gb18030', { fatal: true });
  assert.throws(() => d.decode(new Uint8Array([0x81, 0x30])), TypeError);
  assert.equal(d.decode(new Uint8Array([0x81, 0x30, 0x81, 0x30])), '\u0080');
  assert.equal(made, before + 1, 'one new host decoder after the error');
});

test('a first UTF-8 decode that the host takes instantiates no wasm (labels and checks need none)', () => {
  // In a child, as a program starts: the web folder (the host's TextDecoder) and the Node folder
  // (Buffer's UTF-8; in Node 20 and 22, which leave UTF-8 to the core, until the core exists:
  // idl/text-decoder.js's beforeCore); then a single-byte decode, which needs the core.
  const script = (entry, instance) => `
    const m = await import(${JSON.stringify(pathToFileURL(join(pkgDir, entry)).href)});
    const instance = ${instance};
    const text = new m.TextDecoder().decode(Uint8Array.of(0xd0, 0x9f, 0x41)) + new m.TextDecoder('UTF-8', { fatal: true }).decode(Uint8Array.of(0xe2, 0x82, 0xac));
    const before = instance.wasm === null;
    const latin = new m.TextDecoder('latin1').decode(Uint8Array.of(0xe9));
    console.log(JSON.stringify({ text, before, latin, after: instance.wasm === null }));
  `;
  const run = (code) => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: { ...process.env, TEXT_ENCODING_WASM_HOST: '' } });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const web = run(script('web/index.js', `await import(${JSON.stringify(pathToFileURL(join(pkgDir, 'core/instance.js')).href)})`));
  assert.deepEqual(web, { text: 'ПA€', before: true, latin: 'é', after: false });
  const node = run(script('node/index.js', `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(join(pkgDir, 'node/graph.cjs'))}).internals.instance`));
  assert.deepEqual(node, { text: 'ПA€', before: true, latin: 'é', after: false });
});
