// TextEncoder: encode() and encodeInto(), argument conversion, lone surrogates, destinations.

import { assert, detacher, skip } from './harness.mjs';

export default function register(test, { api }) {
  const { TextEncoder, TextDecoder } = api;

  test('TextEncoder: encoding is utf-8; the constructor ignores arguments', () => {
    assert.equal(new TextEncoder().encoding, 'utf-8');
    assert.equal(new TextEncoder('shift_jis').encoding, 'utf-8');
  });

  test('TextEncoder: encode() converts its argument (USVString)', () => {
    const e = new TextEncoder();
    assert.arrayEqual(e.encode(), []);
    assert.arrayEqual(e.encode(undefined), []);
    assert.arrayEqual(e.encode(''), []);
    assert.arrayEqual(e.encode(null), [0x6e, 0x75, 0x6c, 0x6c]);
    assert.arrayEqual(e.encode(12), [0x31, 0x32]);
    assert.arrayEqual(e.encode({ toString: () => '\u00E9' }), [0xc3, 0xa9]);
    assert.throws(TypeError, () => e.encode(Symbol('x')));
  });

  test('TextEncoder: encode() output bytes, lone surrogates become U+FFFD', () => {
    const e = new TextEncoder();
    assert.arrayEqual(e.encode('a\u00E9\u20AC\u{1F600}'), [0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
    assert.arrayEqual(e.encode('\uD800'), [0xef, 0xbf, 0xbd]);
    assert.arrayEqual(e.encode('\uDC00\uD800'), [0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]);
    assert.arrayEqual(e.encode('a\uD83Db'), [0x61, 0xef, 0xbf, 0xbd, 0x62]);
    assert.arrayEqual(e.encode('\u0000\uFEFF'), [0x00, 0xef, 0xbb, 0xbf]);
  });

  test('TextEncoder: encode() returns a fresh Uint8Array over its own ArrayBuffer', () => {
    const e = new TextEncoder();
    const a = e.encode('abc');
    const b = e.encode('abc');
    assert.equal(Object.prototype.toString.call(a), '[object Uint8Array]');
    assert.ok(a instanceof Uint8Array, 'a Uint8Array of this realm');
    assert.notEqual(a.buffer, b.buffer, 'no shared buffer between results');
    assert.equal(a.byteOffset, 0);
    assert.equal(a.buffer.byteLength, 3);
    assert.equal(Object.prototype.toString.call(a.buffer), '[object ArrayBuffer]');
    a[0] = 0x7a;
    assert.equal(b[0], 0x61, 'results are independent');
  });

  test('TextEncoder: a long string round-trips through TextDecoder', () => {
    let s = '';
    for (let i = 0; i < 5000; i++) s += String.fromCodePoint(0x20 + ((i * 7919) % 0x10fc00));
    // Make sure no lone surrogates are in it (they would not round-trip).
    s = s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
    const bytes = new TextEncoder().encode(s);
    assert.equal(new TextDecoder('utf-8', { fatal: true }).decode(bytes), s);
  });

  test('TextEncoder: encodeInto() read/written, never splitting a scalar value', () => {
    const e = new TextEncoder();
    const cases = [
      ['Hi', 0, 0, []],
      ['A', 10, 1, [0x41]],
      ['\u{1D306}', 4, 2, [0xf0, 0x9d, 0x8c, 0x86]],
      ['\u{1D306}A', 3, 0, []],
      ['\uD834A\uDF06A\u00A5Hi', 10, 5, [0xef, 0xbf, 0xbd, 0x41, 0xef, 0xbf, 0xbd, 0x41, 0xc2, 0xa5]],
      ['A\uDF06', 4, 2, [0x41, 0xef, 0xbf, 0xbd]],
      ['\u00A5\u00A5', 4, 2, [0xc2, 0xa5, 0xc2, 0xa5]],
      ['\u20AC', 2, 0, []],
    ];
    for (const [input, length, read, written] of cases) {
      const buffer = new Uint8Array(length + 8).fill(0x80);
      const view = new Uint8Array(buffer.buffer, 4, length);
      const result = e.encodeInto(input, view);
      assert.equal(result.read, read, `read for ${JSON.stringify(input)}`);
      assert.equal(result.written, written.length, `written for ${JSON.stringify(input)}`);
      assert.arrayEqual(buffer.subarray(4, 4 + written.length), written);
      for (let i = 0; i < buffer.length; i++) {
        if (i < 4 || i >= 4 + written.length) assert.equal(buffer[i], 0x80, `byte ${i} outside the output is untouched`);
      }
    }
  });

  test('TextEncoder: encodeInto() result is a plain object {read, written}', () => {
    const result = new TextEncoder().encodeInto('ab', new Uint8Array(4));
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
    assert.arrayEqual(Object.keys(result), ['read', 'written']);
    assert.equal(result.read, 2);
    assert.equal(result.written, 2);
  });

  test('TextEncoder: encodeInto() argument conversion and destination types', () => {
    const e = new TextEncoder();
    assert.throws(TypeError, () => e.encodeInto('a'), 'two arguments are required');
    assert.throws(TypeError, () => e.encodeInto(), 'two arguments are required');
    const bad = [new ArrayBuffer(4), new DataView(new ArrayBuffer(4)), new Int8Array(4), new Uint8ClampedArray(4), new Uint16Array(4), [0, 0], null, undefined, {}];
    for (const dest of bad) {
      assert.throws(TypeError, () => e.encodeInto('a', dest), Object.prototype.toString.call(dest));
    }
    // The source is converted (ToString) before the destination is checked.
    const log = [];
    assert.throws(TypeError, () => e.encodeInto({ toString: () => (log.push('source'), 'x') }, 'not a Uint8Array'));
    assert.arrayEqual(log, ['source']);
    assert.throws(TypeError, () => e.encodeInto(Symbol('x'), new Uint8Array(4)));
    const out = new Uint8Array(8);
    assert.equal(e.encodeInto(null, out).written, 4, 'null is "null"');
  });

  test('TextEncoder: encodeInto() into a SharedArrayBuffer-backed Uint8Array', () => {
    if (typeof SharedArrayBuffer !== 'function') throw skip('no SharedArrayBuffer in this environment');
    const view = new Uint8Array(new SharedArrayBuffer(8), 2, 4);
    const result = new TextEncoder().encodeInto('\u00E9\u00E9\u00E9', view);
    assert.equal(result.read, 2);
    assert.equal(result.written, 4);
    assert.arrayEqual(new Uint8Array(view.buffer), [0, 0, 0xc3, 0xa9, 0xc3, 0xa9, 0, 0]);
  });

  test('TextEncoder: encodeInto() rejects resizable and growable destinations (no [AllowResizable])', () => {
    if (typeof ArrayBuffer.prototype.resize !== 'function') throw skip('no resizable ArrayBuffers here');
    const e = new TextEncoder();
    assert.throws(TypeError, () => e.encodeInto('a', new Uint8Array(new ArrayBuffer(4, { maxByteLength: 8 }))), 'resizable');
    if (typeof SharedArrayBuffer === 'function' && typeof SharedArrayBuffer.prototype.grow === 'function') {
      assert.throws(TypeError, () => e.encodeInto('a', new Uint8Array(new SharedArrayBuffer(4, { maxByteLength: 8 }))), 'growable');
    }
  });

  test('TextEncoder: encodeInto() into a detached buffer writes nothing', () => {
    const detach = detacher();
    if (detach === null) throw skip('no way to detach an ArrayBuffer here');
    const view = new Uint8Array(10);
    detach(view.buffer);
    const result = new TextEncoder().encodeInto('test', view);
    assert.equal(result.read, 0);
    assert.equal(result.written, 0);
  });
}
