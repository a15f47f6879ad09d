// decode(input, options): the AllowSharedBufferSource conversion (every view kind, byte offsets,
// SharedArrayBuffer, detached and resizable buffers), the TextDecodeOptions dictionary, and the
// order in which the input is converted, the options are read and the bytes are copied.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';

const { TextDecoder } = await importEntry('.');

// 16 bytes: 'A' (1) + '€' (3) + '😀' (4) + 'bcdefgh' (7) + 'i' (1).
const PAYLOAD = [0x41, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69];
const TEXT = 'A€😀bcdefghi';

/**
 * A 48-byte buffer of 0xFF (invalid UTF-8: every stray byte shows up as U+FFFD) with PAYLOAD at
 * byte 16, so a view that gets its offset or length wrong decodes to something else.
 */
function paddedBuffer(Buffer = ArrayBuffer) {
  const buffer = new Buffer(48);
  const bytes = new Uint8Array(buffer);
  bytes.fill(0xff);
  bytes.set(PAYLOAD, 16);
  return buffer;
}

const VIEW_TYPES = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
];

test('absent input decodes as empty', () => {
  const d = new TextDecoder();
  assert.equal(d.decode(), '');
  assert.equal(d.decode(undefined), '');
  assert.equal(d.decode(undefined, {}), '');
  assert.equal(d.decode(undefined, { stream: true }), '');
  assert.equal(d.decode(), '');
  assert.equal(new TextDecoder('utf-16le', { fatal: true }).decode(), '');
});

test('ArrayBuffer input', () => {
  const buffer = new Uint8Array(PAYLOAD).buffer;
  assert.equal(new TextDecoder().decode(buffer), TEXT);
  assert.equal(new TextDecoder().decode(new ArrayBuffer(0)), '');
  assert.equal(new TextDecoder('latin1').decode(new Uint8Array([0x80, 0xff]).buffer), '€ÿ');
});

test('every typed array kind, with a non-zero byteOffset, decodes exactly its bytes', () => {
  for (const View of VIEW_TYPES) {
    const view = new View(paddedBuffer(), 16, 16 / View.BYTES_PER_ELEMENT);
    assert.equal(view.byteOffset, 16);
    assert.equal(new TextDecoder().decode(view), TEXT, View.name);
    // A view of the whole buffer sees the 0xFF padding.
    assert.equal(new TextDecoder().decode(new View(paddedBuffer())), '\ufffd'.repeat(16) + TEXT + '\ufffd'.repeat(16), View.name);
  }
  // A subarray of a subarray.
  const nested = new Uint8Array(paddedBuffer()).subarray(8).subarray(8, 24);
  assert.equal(new TextDecoder().decode(nested), TEXT);
});

test('Float16Array input (where the engine has it)', { skip: typeof Float16Array !== 'function' && 'no Float16Array in this engine' }, () => {
  const view = new Float16Array(paddedBuffer(), 16, 8);
  assert.equal(new TextDecoder().decode(view), TEXT);
});

test('DataView input with a non-zero byteOffset', () => {
  const view = new DataView(paddedBuffer(), 16, 16);
  assert.equal(new TextDecoder().decode(view), TEXT);
  assert.equal(new TextDecoder().decode(new DataView(paddedBuffer(), 16, 0)), '');
  assert.equal(new TextDecoder().decode(new DataView(paddedBuffer(), 48)), '');
});

test('SharedArrayBuffer and views on one', { skip: typeof SharedArrayBuffer !== 'function' && 'no SharedArrayBuffer' }, () => {
  const sab = paddedBuffer(SharedArrayBuffer);
  assert.equal(new TextDecoder().decode(new Uint8Array(sab, 16, 16)), TEXT);
  assert.equal(new TextDecoder().decode(new DataView(sab, 16, 16)), TEXT);
  assert.equal(new TextDecoder().decode(new Uint16Array(sab, 16, 8)), TEXT);
  const exact = new SharedArrayBuffer(16);
  new Uint8Array(exact).set(PAYLOAD);
  assert.equal(new TextDecoder().decode(exact), TEXT);
  // Streaming from a SharedArrayBuffer, split inside the 4-byte sequence.
  const d = new TextDecoder();
  assert.equal(d.decode(new Uint8Array(exact, 0, 6), { stream: true }), 'A€');
  assert.equal(d.decode(new Uint8Array(exact, 6)), '😀bcdefghi');
});

test('a detached buffer (and views on it) decodes as empty', () => {
  const buffer = new Uint8Array(PAYLOAD).buffer;
  const u8 = new Uint8Array(buffer, 1);
  const u16 = new Uint16Array(buffer, 2, 2);
  const dv = new DataView(buffer, 4);
  structuredClone(buffer, { transfer: [buffer] });
  assert.equal(buffer.byteLength, 0, 'detached');
  for (const input of [buffer, u8, u16, dv]) {
    assert.equal(new TextDecoder().decode(input), '');
    assert.equal(new TextDecoder('utf-8', { fatal: true }).decode(input), '');
    const d = new TextDecoder();
    assert.equal(d.decode(new Uint8Array([0xe2]), { stream: true }), '');
    assert.equal(d.decode(input, { stream: true }), '', 'a detached chunk adds nothing to the stream');
    assert.equal(d.decode(new Uint8Array([0x82, 0xac])), '€');
  }
});

// decode() accepts resizable ArrayBuffers, growable SharedArrayBuffers and views on them
// (fixed-length or length-tracking), reading the bytes they have at the time of the call; a view
// pushed out of bounds by a shrink reads as empty. (encoding.bs 2026-05 has no [AllowResizable] on
// decode(); whatwg/encoding#362 adds it, and this package follows that.)
test('resizable ArrayBuffers and views on them decode their current bytes', { skip: typeof ArrayBuffer.prototype.resize !== 'function' && 'no resizable ArrayBuffer' }, () => {
  const rab = new ArrayBuffer(16, { maxByteLength: 64 });
  const bytes = new TextEncoder().encode('0123456789abcdef');
  new Uint8Array(rab).set(bytes);
  const fixed = new Uint8Array(rab, 0, 16);
  const tracking = new Uint8Array(rab);
  const trackingOffset = new Uint16Array(rab, 2);
  const dv = new DataView(rab, 1);
  const d = new TextDecoder();
  assert.equal(d.decode(rab), '0123456789abcdef');
  assert.equal(d.decode(fixed), '0123456789abcdef');
  assert.equal(d.decode(tracking), '0123456789abcdef');
  assert.equal(d.decode(trackingOffset), '23456789abcdef');
  assert.equal(d.decode(dv), '123456789abcdef');
  rab.resize(20);
  new Uint8Array(rab).set(new TextEncoder().encode('WXYZ'), 16);
  assert.equal(d.decode(rab), '0123456789abcdefWXYZ', 'grown buffer');
  assert.equal(d.decode(tracking), '0123456789abcdefWXYZ', 'length-tracking view follows the growth');
  assert.equal(d.decode(fixed), '0123456789abcdef', 'fixed view keeps its length');
  rab.resize(4);
  assert.equal(d.decode(tracking), '0123', 'length-tracking view follows the shrink');
  assert.equal(d.decode(fixed), '', 'a fixed view out of bounds reads as empty');
  assert.equal(d.decode(dv), '123');
  // The bytes are read after the options: a stream getter that resizes is seen.
  const got = d.decode(tracking, { get stream() { rab.resize(2); return false; } });
  assert.equal(got, '01');
  // Streaming across a resizable buffer keeps state like any other input.
  rab.resize(3);
  new Uint8Array(rab).set([0xe2, 0x82, 0xac]);
  const s = new TextDecoder();
  assert.equal(s.decode(new Uint8Array(rab, 0, 1), { stream: true }), '');
  assert.equal(s.decode(new Uint8Array(rab, 1)), '\u20ac');
});

test('growable SharedArrayBuffers and views on them decode their current bytes', { skip: (typeof SharedArrayBuffer !== 'function' || typeof SharedArrayBuffer.prototype.grow !== 'function') && 'no growable SharedArrayBuffer' }, () => {
  const gsab = new SharedArrayBuffer(4, { maxByteLength: 64 });
  new Uint8Array(gsab).set([0x61, 0x62, 0x63, 0x64]);
  const tracking = new Uint8Array(gsab);
  for (const input of [gsab, tracking, new Uint8Array(gsab, 0, 4), new DataView(gsab)]) {
    assert.equal(new TextDecoder().decode(input), 'abcd');
  }
  gsab.grow(6);
  new Uint8Array(gsab).set([0x65, 0x66], 4);
  assert.equal(new TextDecoder().decode(tracking), 'abcdef');
});

test('anything other than a buffer source is a TypeError', () => {
  const d = new TextDecoder();
  const notBuffers = [null, 0, 1, NaN, 'abc', '', true, false, Symbol('x'), 1n, {}, [], [0x41], { length: 1, 0: 0x41 }, () => {}, new Map(), Promise.resolve()];
  notBuffers.push({ buffer: new ArrayBuffer(1), byteOffset: 0, byteLength: 1 }); // a view look-alike
  for (const input of notBuffers) {
    assert.throws(() => d.decode(input), TypeError, `input ${String(input?.toString?.() ?? typeof input)}`);
    assert.throws(() => d.decode(input, { stream: true }), TypeError);
  }
  // Look-alikes: a Proxy around a typed array, an object inheriting from Uint8Array.prototype.
  assert.throws(() => d.decode(new Proxy(new Uint8Array([0x41]), {})), TypeError);
  assert.throws(() => d.decode(Object.create(Uint8Array.prototype)), TypeError);
  assert.throws(() => d.decode(Object.create(ArrayBuffer.prototype)), TypeError);
  const fakeTag = { [Symbol.toStringTag]: 'Uint8Array' };
  assert.throws(() => d.decode(fakeTag), TypeError);
  // The decoder is still usable and in its initial state.
  assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])), 'A');
});

test('a Node Buffer and Uint8Array subclasses are ArrayBufferViews', () => {
  class Bytes extends Uint8Array {}
  assert.equal(new TextDecoder().decode(Bytes.from(PAYLOAD)), TEXT);
  if (typeof Buffer === 'function') {
    assert.equal(new TextDecoder().decode(Buffer.from(PAYLOAD)), TEXT);
    // A pooled Buffer has a non-zero byteOffset into a larger ArrayBuffer.
    const pooled = Buffer.from('xyz€', 'utf8');
    assert.equal(new TextDecoder().decode(pooled), 'xyz€');
  }
});

test('options: non-objects are TypeErrors, null/undefined are defaults, stream is ToBoolean', () => {
  const d = new TextDecoder();
  const input = new Uint8Array([0x41]);
  for (const options of [1, 'stream', true, Symbol('s'), 1n]) {
    assert.throws(() => d.decode(input, options), TypeError, String(options));
    assert.throws(() => d.decode(undefined, options), TypeError, `${String(options)} without input`);
  }
  assert.equal(d.decode(input, null), 'A');
  assert.equal(d.decode(input, undefined), 'A');
  for (const stream of [1, 'x', {}, [], Symbol('s'), 1n]) {
    const s = new TextDecoder();
    assert.equal(s.decode(new Uint8Array([0xe2]), { stream }), '', `stream: ${String(stream)} keeps the byte`);
    assert.equal(s.decode(new Uint8Array([0x82, 0xac])), '€');
  }
  for (const stream of [0, '', null, undefined, NaN, 0n, false]) {
    const s = new TextDecoder();
    assert.equal(s.decode(new Uint8Array([0xe2]), { stream }), '\ufffd', `stream: ${String(stream)} flushes`);
  }
  // Inherited and function-valued dictionaries.
  const s = new TextDecoder();
  assert.equal(s.decode(new Uint8Array([0xe2]), Object.create({ stream: true })), '');
  assert.equal(s.decode(new Uint8Array([0x82, 0xac]), () => {}), '€');
});

test('conversion order: input conversion errors come before the options are read', () => {
  const log = [];
  const options = { get stream() { log.push('stream'); return false; } };
  assert.throws(() => new TextDecoder().decode('not a buffer', options), TypeError);
  assert.deepEqual(log, []);
  new TextDecoder().decode(new Uint8Array(1), options);
  assert.deepEqual(log, ['stream'], 'stream is read exactly once');
  // Only Get is used on the options object.
  const traps = [];
  const proxy = new Proxy({}, {
    get(t, k, r) { traps.push(`get:${String(k)}`); return Reflect.get(t, k, r); },
    has(t, k) { traps.push(`has:${String(k)}`); return Reflect.has(t, k); },
    getOwnPropertyDescriptor(t, k) { traps.push(`gopd:${String(k)}`); return Reflect.getOwnPropertyDescriptor(t, k); },
    ownKeys(t) { traps.push('ownKeys'); return Reflect.ownKeys(t); },
  });
  new TextDecoder().decode(new Uint8Array(1), proxy);
  assert.deepEqual(traps, ['get:stream']);
});

test('the bytes are copied after the options are read: a stream getter that mutates the input changes the result', () => {
  const bytes = new Uint8Array([0x61, 0x62, 0x63]);
  const d = new TextDecoder();
  const result = d.decode(bytes, {
    get stream() {
      bytes[0] = 0x78;
      bytes[2] = 0xe2; // a truncated sequence, kept pending by stream: true
      return true;
    },
  });
  assert.equal(result, 'xb');
  assert.equal(d.decode(new Uint8Array([0x82, 0xac])), '€');
});

test('a stream getter that detaches the input buffer makes the input empty', () => {
  const bytes = new Uint8Array([0x61, 0x62]);
  const d = new TextDecoder();
  const result = d.decode(bytes, {
    get stream() {
      structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
      return false;
    },
  });
  assert.equal(result, '');
  const dv = new DataView(new Uint8Array([0x61]).buffer);
  assert.equal(new TextDecoder().decode(dv, { get stream() { structuredClone(dv.buffer, { transfer: [dv.buffer] }); return false; } }), '');
});

test('the decoder copies: changing the input after decode() has no effect on a pending stream', () => {
  const d = new TextDecoder();
  const chunk = new Uint8Array([0x41, 0xf0, 0x9f]);
  assert.equal(d.decode(chunk, { stream: true }), 'A');
  chunk.fill(0); // the pending F0 9F must have been copied
  assert.equal(d.decode(new Uint8Array([0x98, 0x80])), '😀');
});

test('large inputs (5 MB) decode correctly (memory growth path)', () => {
  const unit = '€😀aé\u0800\uffff'; // 3 + 4 + 1 + 2 + 3 + 3 = 16 bytes, 7 UTF-16 units
  const count = (5 * 1024 * 1024) / 16;
  const text = unit.repeat(count);
  const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
  assert.equal(bytes.length, 5 * 1024 * 1024);
  const out = new TextDecoder().decode(bytes);
  assert.equal(out.length, text.length);
  assert.ok(out === text, 'the 5 MB output equals the input text');
  // Fatal mode, and with an error at the very end.
  assert.ok(new TextDecoder('utf-8', { fatal: true }).decode(bytes) === text);
  const broken = new Uint8Array(bytes.length + 1);
  broken.set(bytes);
  broken[bytes.length] = 0xff;
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(broken), TypeError);
  assert.ok(new TextDecoder().decode(broken) === text + '\ufffd');
  // Single-byte and UTF-16 at size: every output unit must land in place.
  const latin = new Uint8Array(6 * 1024 * 1024);
  for (let i = 0; i < latin.length; i++) latin[i] = 0x80 + (i % 128);
  const latinOut = new TextDecoder('windows-1252').decode(latin);
  assert.equal(latinOut.length, latin.length);
  assert.equal(latinOut.slice(0, 4), '€\u0081‚ƒ');
  assert.equal(latinOut.slice(-2), 'þÿ');
  const utf16 = new Uint8Array(Buffer.from(text, 'utf16le'));
  assert.ok(new TextDecoder('utf-16le').decode(utf16) === text);
  // A small decode after the large ones still works (views re-derived after growth).
  assert.equal(new TextDecoder().decode(new Uint8Array([0x6f, 0x6b])), 'ok');
});

// The bytes are read through intrinsic getters: an own `length`, or a subclass's `subarray`,
// `length` or `buffer`, cannot make the copy into wasm read or write out of bounds.
test('Uint8Arrays that lie about their length or override their methods decode their real bytes', () => {
  const u8 = new Uint8Array([0x61, 0x62, 0x63]);
  Object.defineProperty(u8, 'length', { value: 100000 });
  Object.defineProperty(u8, 'byteLength', { value: 100000 });
  assert.equal(new TextDecoder().decode(u8), 'abc');
  class Liar extends Uint8Array {
    get length() {
      return 1 << 30;
    }
    get buffer() {
      throw new Error('must not be read');
    }
    subarray() {
      throw new Error('must not be called');
    }
  }
  const liar = new Liar([0xe2, 0x82, 0xac, 0x41]);
  assert.equal(new TextDecoder().decode(liar), '€A');
  const d = new TextDecoder();
  assert.equal(d.decode(liar.slice(0, 2), { stream: true }), '');
  assert.equal(d.decode(new Liar([0xac])), '€');
});
