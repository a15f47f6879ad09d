// TextEncoder: encode() (USVString input, a fresh Uint8Array) and encodeInto() (argument checks,
// {read, written} in UTF-16 code units and bytes, whole scalar values only, shared and offset
// destinations).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';

const { TextEncoder } = await importEntry('.');
const HostTextEncoder = typeof globalThis.TextEncoder === 'function' ? globalThis.TextEncoder : null;

const bytesOf = (u8) => [...u8];

test('encoding is "utf-8"', () => {
  assert.equal(new TextEncoder().encoding, 'utf-8');
});

test('encode(): absent and undefined input are the empty string, null is "null"', () => {
  const e = new TextEncoder();
  for (const out of [e.encode(), e.encode(undefined), e.encode('')]) {
    assert.ok(out instanceof Uint8Array);
    assert.equal(out.length, 0);
  }
  assert.deepEqual(bytesOf(e.encode(null)), [0x6e, 0x75, 0x6c, 0x6c]);
  assert.deepEqual(bytesOf(e.encode(12)), [0x31, 0x32]);
  assert.deepEqual(bytesOf(e.encode(false)), [0x66, 0x61, 0x6c, 0x73, 0x65]);
  assert.deepEqual(bytesOf(e.encode({ toString: () => 'é' })), [0xc3, 0xa9]);
  assert.deepEqual(bytesOf(e.encode(['a', 'b'])), [0x61, 0x2c, 0x62]);
  assert.throws(() => e.encode(Symbol('s')), TypeError);
  class Boom extends Error {}
  assert.throws(() => e.encode({ toString() { throw new Boom(); } }), Boom);
});

test('encode(): 1- to 4-byte sequences', () => {
  const e = new TextEncoder();
  assert.deepEqual(bytesOf(e.encode('a¢€😀\u0000\u007f\u0080\u07ff\u0800\uffff\u{10000}\u{10ffff}')), [
    0x61, 0xc2, 0xa2, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x00, 0x7f, 0xc2, 0x80, 0xdf, 0xbf, 0xe0, 0xa0, 0x80, 0xef, 0xbf, 0xbf, 0xf0, 0x90, 0x80, 0x80, 0xf4, 0x8f, 0xbf, 0xbf,
  ]);
});

test('encode(): lone surrogates become U+FFFD (EF BF BD)', () => {
  const e = new TextEncoder();
  const FFFD = [0xef, 0xbf, 0xbd];
  assert.deepEqual(bytesOf(e.encode('\ud800')), FFFD);
  assert.deepEqual(bytesOf(e.encode('\udfff')), FFFD);
  assert.deepEqual(bytesOf(e.encode('a\ud800b')), [0x61, ...FFFD, 0x62]);
  assert.deepEqual(bytesOf(e.encode('\ude00\ud83d')), [...FFFD, ...FFFD], 'a reversed pair is two lone surrogates');
  assert.deepEqual(bytesOf(e.encode('\ud800\ud800\udc00')), [...FFFD, 0xf0, 0x90, 0x80, 0x80]);
  assert.deepEqual(bytesOf(e.encode('\ud83d\ude00\udc00')), [0xf0, 0x9f, 0x98, 0x80, ...FFFD]);
  assert.deepEqual(bytesOf(e.encode('x\ud83d')), [0x78, ...FFFD], 'a lead surrogate at the end');
});

test('encode(): returns a fresh Uint8Array that owns exactly its bytes', () => {
  const e = new TextEncoder();
  // A large encode first, so wasm memory is larger than any result.
  e.encode('x'.repeat(1 << 20));
  const a = e.encode('hello');
  const b = e.encode('hello');
  for (const out of [a, b]) {
    assert.equal(Object.getPrototypeOf(out), Uint8Array.prototype);
    assert.equal(out.byteOffset, 0);
    assert.equal(out.buffer.byteLength, out.length, 'not a view of a larger (wasm) buffer');
    assert.ok(out.buffer instanceof ArrayBuffer);
  }
  assert.notEqual(a, b);
  assert.notEqual(a.buffer, b.buffer);
  a[0] = 0;
  assert.deepEqual(bytesOf(b), [0x68, 0x65, 0x6c, 0x6c, 0x6f]);
  e.encode('zzzzz'); // a later call does not overwrite earlier results
  assert.deepEqual(bytesOf(b), [0x68, 0x65, 0x6c, 0x6c, 0x6f]);
  assert.equal(e.encode('').buffer.byteLength, 0);
});

test('encode(): every scalar value (all planes) matches Node\'s UTF-8 encoder', () => {
  let s = '';
  const parts = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    s += String.fromCodePoint(cp);
    if (s.length > 65536) {
      parts.push(s);
      s = '';
    }
  }
  parts.push(s);
  const all = parts.join('');
  const ours = new TextEncoder().encode(all);
  const expected = Buffer.from(all, 'utf8');
  assert.equal(ours.length, expected.length);
  assert.ok(Buffer.from(ours.buffer, ours.byteOffset, ours.length).equals(expected));
});

test('encode(): 5 MB strings', () => {
  const text = '€😀aé'.repeat(600000);
  const out = new TextEncoder().encode(text);
  const expected = Buffer.from(text, 'utf8');
  assert.equal(out.length, expected.length);
  assert.ok(Buffer.from(out.buffer).equals(expected));
});

test('encodeInto(): fewer than two arguments is a TypeError, before any conversion', () => {
  const e = new TextEncoder();
  const log = [];
  const source = { toString() { log.push('source'); return 'a'; } };
  assert.throws(() => e.encodeInto(), TypeError);
  assert.throws(() => e.encodeInto('a'), TypeError);
  assert.throws(() => e.encodeInto(source), TypeError);
  assert.deepEqual(log, []);
  // Two arguments, the first undefined: converted to "undefined" (a required argument).
  const dest = new Uint8Array(16);
  assert.deepEqual(e.encodeInto(undefined, dest), { read: 9, written: 9 });
  assert.equal(Buffer.from(dest.subarray(0, 9)).toString(), 'undefined');
  assert.deepEqual(e.encodeInto(null, dest), { read: 4, written: 4 });
});

test('encodeInto(): the destination must be a Uint8Array', () => {
  const e = new TextEncoder();
  const bad = [
    new Uint16Array(4),
    new Int8Array(4),
    new Uint8ClampedArray(4),
    new DataView(new ArrayBuffer(4)),
    new ArrayBuffer(4),
    [0, 0, 0, 0],
    { length: 4 },
    null,
    undefined,
    'dest',
    4,
    Object.create(Uint8Array.prototype),
    new Proxy(new Uint8Array(4), {}),
  ];
  if (typeof SharedArrayBuffer === 'function') bad.push(new SharedArrayBuffer(4));
  for (const dest of bad) {
    assert.throws(() => e.encodeInto('a', dest), TypeError, Object.prototype.toString.call(dest));
  }
  // The source is converted first: its side effects happen, then the TypeError.
  const log = [];
  assert.throws(() => e.encodeInto({ toString() { log.push('source'); return 'a'; } }, new Uint16Array(1)), TypeError);
  assert.deepEqual(log, ['source']);
  assert.throws(() => e.encodeInto(Symbol('s'), new Uint8Array(4)), TypeError);
  // Subclasses and Node Buffers are Uint8Arrays.
  class Bytes extends Uint8Array {}
  assert.deepEqual(e.encodeInto('ab', new Bytes(4)), { read: 2, written: 2 });
  assert.deepEqual(e.encodeInto('ab', Buffer.alloc(1)), { read: 1, written: 1 });
});

test('encodeInto(): the result is a plain object with own data properties read, written', () => {
  const result = new TextEncoder().encodeInto('a😀', new Uint8Array(8));
  assert.equal(Object.getPrototypeOf(result), Object.prototype);
  assert.deepEqual(Reflect.ownKeys(result), ['read', 'written']);
  for (const key of ['read', 'written']) {
    const desc = Object.getOwnPropertyDescriptor(result, key);
    assert.deepEqual(Object.keys(desc).sort(), ['configurable', 'enumerable', 'value', 'writable']);
    assert.equal(desc.writable && desc.enumerable && desc.configurable, true);
    assert.equal(typeof desc.value, 'number');
  }
  assert.deepEqual(result, { read: 3, written: 5 });
});

test('encodeInto(): never splits a scalar value ("a😀b" into 0..8 bytes)', () => {
  const expected = [
    [0, 0, []],
    [1, 1, [0x61]],
    [1, 1, [0x61]],
    [1, 1, [0x61]],
    [1, 1, [0x61]],
    [3, 5, [0x61, 0xf0, 0x9f, 0x98, 0x80]],
    [4, 6, [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]],
    [4, 6, [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]],
    [4, 6, [0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]],
  ];
  for (let size = 0; size <= 8; size++) {
    const dest = new Uint8Array(size).fill(0xcc);
    const [read, written, bytes] = expected[size];
    assert.deepEqual(new TextEncoder().encodeInto('a😀b', dest), { read, written }, `size ${size}`);
    assert.deepEqual(bytesOf(dest), [...bytes, ...new Array(size - bytes.length).fill(0xcc)], `size ${size}: bytes past written untouched`);
    if (HostTextEncoder) assert.deepEqual(new HostTextEncoder().encodeInto('a😀b', new Uint8Array(size)), { read, written }, `host, size ${size}`);
  }
  // 3-byte and 2-byte sequences.
  assert.deepEqual(new TextEncoder().encodeInto('€€', new Uint8Array(5)), { read: 1, written: 3 });
  assert.deepEqual(new TextEncoder().encodeInto('éé', new Uint8Array(3)), { read: 1, written: 2 });
  assert.deepEqual(new TextEncoder().encodeInto('😀', new Uint8Array(3)), { read: 0, written: 0 });
  assert.deepEqual(new TextEncoder().encodeInto('', new Uint8Array(3)), { read: 0, written: 0 });
  assert.deepEqual(new TextEncoder().encodeInto('abc', new Uint8Array(0)), { read: 0, written: 0 });
});

test('encodeInto(): lone surrogates count 1 unit read, 3 bytes written', () => {
  const e = new TextEncoder();
  let dest = new Uint8Array(3);
  assert.deepEqual(e.encodeInto('\ud800', dest), { read: 1, written: 3 });
  assert.deepEqual(bytesOf(dest), [0xef, 0xbf, 0xbd]);
  assert.deepEqual(e.encodeInto('\ud800', new Uint8Array(2)), { read: 0, written: 0 });
  dest = new Uint8Array(10);
  assert.deepEqual(e.encodeInto('a\udc00\ud83d\ude00', dest), { read: 4, written: 8 });
  assert.deepEqual(bytesOf(dest.subarray(0, 8)), [0x61, 0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80]);
  assert.deepEqual(e.encodeInto('\ud83d', new Uint8Array(8)), { read: 1, written: 3 }, 'a lead surrogate at the end');
});

test('encodeInto(): a destination with a byteOffset writes only inside the view', () => {
  const buffer = new ArrayBuffer(16);
  const all = new Uint8Array(buffer).fill(0xcc);
  const view = new Uint8Array(buffer, 4, 4);
  assert.deepEqual(new TextEncoder().encodeInto('abcdef', view), { read: 4, written: 4 });
  assert.deepEqual(bytesOf(all), [0xcc, 0xcc, 0xcc, 0xcc, 0x61, 0x62, 0x63, 0x64, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc]);
  all.fill(0xcc);
  assert.deepEqual(new TextEncoder().encodeInto('a€', new Uint8Array(buffer, 10, 3)), { read: 1, written: 1 });
  assert.deepEqual(bytesOf(all.subarray(9, 14)), [0xcc, 0x61, 0xcc, 0xcc, 0xcc]);
});

test('encodeInto(): a SharedArrayBuffer-backed destination', { skip: typeof SharedArrayBuffer !== 'function' && 'no SharedArrayBuffer' }, () => {
  const sab = new SharedArrayBuffer(12);
  const all = new Uint8Array(sab);
  assert.deepEqual(new TextEncoder().encodeInto('h€llo', new Uint8Array(sab, 2, 6)), { read: 4, written: 6 });
  assert.deepEqual(bytesOf(all), [0, 0, 0x68, 0xe2, 0x82, 0xac, 0x6c, 0x6c, 0, 0, 0, 0]);
  all.fill(0);
  assert.deepEqual(new TextEncoder().encodeInto('h€llo', new Uint8Array(sab, 2, 3)), { read: 1, written: 1 });
  assert.deepEqual(bytesOf(all), [0, 0, 0x68, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
});

test('encodeInto(): a detached destination has length 0', () => {
  const buffer = new ArrayBuffer(8);
  const dest = new Uint8Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  assert.deepEqual(new TextEncoder().encodeInto('abc', dest), { read: 0, written: 0 });
});

test('encodeInto(): the same destination again (remembered once converted)', () => {
  const e = new TextEncoder();
  const other = new TextEncoder();
  const buffer = new ArrayBuffer(8);
  const dest = new Uint8Array(buffer, 2, 4);
  const whole = new Uint8Array(buffer);
  for (let round = 0; round < 3; round++) {
    whole.fill(0xaa);
    // ASCII that fits, ASCII that does not, a character that does not fit whole, a pair.
    assert.deepEqual(e.encodeInto('abc', dest), { read: 3, written: 3 });
    assert.deepEqual(other.encodeInto('abcdefgh', dest), { read: 4, written: 4 });
    assert.deepEqual(e.encodeInto('ab\u00e9', dest), { read: 3, written: 4 });
    assert.deepEqual(e.encodeInto('abc\u00e9', dest), { read: 3, written: 3 });
    assert.deepEqual(e.encodeInto('\u{1f600}', dest), { read: 2, written: 4 });
    assert.deepEqual(e.encodeInto('\ud800', dest), { read: 1, written: 3 });
    assert.deepEqual([...whole], [0xaa, 0xaa, 0xef, 0xbf, 0xbd, 0x80, 0xaa, 0xaa], 'only inside the view');
    assert.deepEqual(e.encodeInto('', dest), { read: 0, written: 0 });
  }
  // Its checks still run: the wrong object, a missing or wrong destination after it.
  assert.throws(() => TextEncoder.prototype.encodeInto.call({}, 'a', dest), TypeError);
  assert.throws(() => e.encodeInto('a'), TypeError);
  assert.throws(() => e.encodeInto('a', null), TypeError);
  assert.throws(() => e.encodeInto('a', new Uint16Array(4)), TypeError);
  assert.deepEqual(e.encodeInto('xyz', dest), { read: 3, written: 3 });
  // A transfer of its buffer leaves it empty.
  structuredClone(buffer, { transfer: [buffer] });
  assert.deepEqual(e.encodeInto('abc', dest), { read: 0, written: 0 });
  assert.deepEqual(e.encodeInto('\u3042', dest), { read: 0, written: 0 });
  // A destination on a large buffer, and one on a SharedArrayBuffer, again and again.
  const big = new Uint8Array(new ArrayBuffer(1 << 17), 5, 7);
  for (let round = 0; round < 3; round++) assert.deepEqual(e.encodeInto('a\u00e9\u3042', big), { read: 3, written: 6 });
  if (typeof SharedArrayBuffer === 'function') {
    const shared = new Uint8Array(new SharedArrayBuffer(8), 1, 3);
    for (let round = 0; round < 3; round++) assert.deepEqual(e.encodeInto('ab\u00e9', shared), { read: 2, written: 2 });
  }
});

// WebIDL: [AllowShared] Uint8Array has no [AllowResizable]. The WPT test
// webidl/ecmascript-binding/allow-resizable.html checks this for encodeInto with a growable SAB.
test('encodeInto(): a resizable or growable backing buffer is a TypeError', { skip: typeof ArrayBuffer.prototype.resize !== 'function' && 'no resizable ArrayBuffer' }, () => {
  const rab = new ArrayBuffer(8, { maxByteLength: 16 });
  assert.throws(() => new TextEncoder().encodeInto('a', new Uint8Array(rab)), TypeError);
  assert.throws(() => new TextEncoder().encodeInto('a', new Uint8Array(rab, 0, 4)), TypeError);
  assert.deepEqual([...new Uint8Array(rab)], [0, 0, 0, 0, 0, 0, 0, 0], 'nothing written');
  if (typeof SharedArrayBuffer === 'function' && typeof SharedArrayBuffer.prototype.grow === 'function') {
    const gsab = new SharedArrayBuffer(8, { maxByteLength: 16 });
    assert.throws(() => new TextEncoder().encodeInto('a', new Uint8Array(gsab)), TypeError);
  }
});

test('encodeInto(): large inputs, read/written consistent with encode()', () => {
  const e = new TextEncoder();
  const text = 'a€😀é'.repeat(100000);
  const full = e.encode(text);
  const dest = new Uint8Array(full.length);
  assert.deepEqual(e.encodeInto(text, dest), { read: text.length, written: full.length });
  assert.ok(Buffer.from(dest).equals(Buffer.from(full)));
  // A destination one byte short: the last scalar value (é, 2 bytes) does not fit.
  const short = new Uint8Array(full.length - 1);
  assert.deepEqual(e.encodeInto(text, short), { read: text.length - 1, written: full.length - 2 });
});

test('cross-check: encode() and encodeInto() agree with the host TextEncoder', { skip: !HostTextEncoder && 'no host TextEncoder' }, () => {
  const host = new HostTextEncoder();
  const ours = new TextEncoder();
  for (const s of ['', 'abc', 'a\ud800b', '\udc00\ud800', '😀😀', 'é€\u{10ffff}']) {
    assert.deepEqual(bytesOf(ours.encode(s)), bytesOf(host.encode(s)), JSON.stringify(s));
    for (const size of [0, 1, 2, 3, 4, 5, 7, 16]) {
      const a = new Uint8Array(size);
      const b = new Uint8Array(size);
      assert.deepEqual(ours.encodeInto(s, a), host.encodeInto(s, b), `${JSON.stringify(s)} into ${size}`);
      assert.deepEqual(bytesOf(a), bytesOf(b));
    }
  }
});

// Long strings cross into wasm by another path in Node (a native code-unit copy from 128 units on):
// unpaired surrogates must still become U+FFFD and pairs stay whole, at every length and position.
test('encode(): long strings with unpaired surrogates and pairs, through both entries', async () => {
  const { TextEncoder: WebTextEncoder } = await importEntry('.', 'web');
  for (const Encoder of [TextEncoder, WebTextEncoder]) {
    const encoder = new Encoder();
    for (const length of [47, 48, 127, 128, 129, 1000, 100000]) {
      const base = 'aé€'.repeat(Math.ceil(length / 3)).slice(0, length);
      for (const at of [0, 1, Math.floor(length / 2), length - 1]) {
        const lone = base.slice(0, at) + '\uD800' + base.slice(at + 1);
        const pair = base.slice(0, at) + '\uD83D\uDE00' + base.slice(at + 1);
        const trail = base.slice(0, at) + '\uDC00' + base.slice(at + 1);
        for (const s of [lone, pair, trail]) {
          assert.deepEqual(encoder.encode(s), new Uint8Array(Buffer.from(s.toWellFormed(), 'utf8')), `length ${s.length}, at ${at}`);
        }
      }
    }
  }
});
