// The `/detect` entry in every environment, as far as it does not depend on how good the detector
// is: the argument errors (TypeError classes and messages), the inputs it accepts, the result's
// shape (names as TextDecoder#encoding gives them, confidences from 0 to 1), the options'
// conversions, a detector fed in small chunks answering as one call does, inputs far larger than
// the slices that cross into wasm, and a freed detector refusing to go on. (What it detects is
// tests/js/detect.test.mjs.)

import { assert, show, skip } from './harness.mjs';

/** Deterministic bytes: xorshift32 from `seed`. */
function randomBytes(n, seed) {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const ascii = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Inputs of several kinds: empty, ASCII, UTF-8, UTF-16 with BOMs, legacy-looking bytes, random. */
function inputs() {
  const utf8 = [0xe7, 0x81, 0xab, 0xe6, 0x98, 0x9f, 0xe3, 0x81, 0xaf, 0xe5, 0xa4, 0xaa, 0xe9, 0x99, 0xbd, 0xe7, 0xb3, 0xbb];
  const sjis = [0x89, 0xce, 0x90, 0xaf, 0x82, 0xcd, 0x91, 0xbe, 0x97, 0x7a, 0x8c, 0x6e, 0x82, 0xcc, 0x98, 0x66, 0x90, 0xaf];
  const cyrillic = [0xcc, 0xe0, 0xf0, 0xf1, 0x20, 0x2d, 0x20, 0xf7, 0xe5, 0xf2, 0xe2, 0xb8, 0xf0, 0xf2, 0xe0, 0xff, 0x20, 0xef, 0xeb, 0xe0, 0xed, 0xe5, 0xf2, 0xe0];
  const repeat = (bytes, times) => {
    const out = new Uint8Array(bytes.length * times);
    for (let i = 0; i < times; i++) out.set(bytes, i * bytes.length);
    return out;
  };
  return {
    empty: new Uint8Array(0),
    ascii: ascii('The quick brown fox jumps over the lazy dog. '.repeat(20)),
    utf8: repeat(utf8, 40),
    'utf-8 BOM': Uint8Array.from([0xef, 0xbb, 0xbf, ...ascii('plain text')]),
    'utf-16le BOM': Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x42, 0x00]),
    'utf-16be BOM': Uint8Array.from([0xfe, 0xff, 0x00, 0x41, 0x00, 0x42]),
    'shift_jis-like': repeat(sjis, 40),
    'windows-1251-like': repeat(cyrillic, 30),
    random: randomBytes(3000, 7),
    zeros: new Uint8Array(500),
  };
}

export default function register(test, { api, detect: entry }) {
  const get = () => {
    if (!entry) throw skip('the package has no detect entry');
    return entry;
  };
  /** Whether `name` is an encoding's name as TextDecoder#encoding gives it. */
  const isName = (name) => {
    if (typeof name !== 'string') return false;
    try {
      return new api.TextDecoder(name).encoding === name;
    } catch {
      return false;
    }
  };
  /** The result's shape, checked in full. */
  const checkShape = (r, note) => {
    assert.equal(Object.prototype.toString.call(r), '[object Object]', note);
    assert.equal(Object.keys(r).join(), 'encoding,confidence,candidates', `${note}: the members, in order`);
    assert.ok(r.encoding === null || isName(r.encoding), `${note}: ${r.encoding} is null or an encoding's name`);
    assert.equal(typeof r.confidence, 'number', note);
    assert.ok(r.confidence >= 0 && r.confidence <= 1, `${note}: confidence ${r.confidence} is from 0 to 1`);
    assert.ok(Array.isArray(r.candidates), `${note}: candidates is an array`);
    if (r.encoding === null) assert.equal(r.candidates.length, 0, `${note}: no candidates for bytes that are not text`);
    const seen = new Set();
    let last = Infinity;
    for (const c of r.candidates) {
      assert.equal(Object.keys(c).join(), 'encoding,confidence', `${note}: a candidate's members`);
      assert.ok(isName(c.encoding), `${note}: candidate ${c.encoding} is an encoding's name`);
      assert.ok(!seen.has(c.encoding), `${note}: ${c.encoding} is a candidate once`);
      seen.add(c.encoding);
      assert.ok(c.confidence >= 0 && c.confidence <= 1, `${note}: candidate confidence ${c.confidence}`);
      assert.ok(c.confidence <= last, `${note}: candidates best first`);
      last = c.confidence;
    }
  };

  test('detect: the entry exports detect and createDetector; a detector has feed, guess and free', () => {
    const { detect, createDetector } = get();
    assert.equal(typeof detect, 'function');
    assert.equal(typeof createDetector, 'function');
    const d = createDetector();
    assert.equal(Object.prototype.toString.call(d), '[object EncodingDetector]');
    for (const m of ['feed', 'guess', 'free']) assert.equal(typeof d[m], 'function', m);
    assert.equal(Object.getOwnPropertyNames(d).length, 0, 'no own properties');
    const Ctor = Object.getPrototypeOf(d).constructor;
    assert.throws(TypeError, () => new Ctor(), 'the constructor is not public');
    assert.throws(TypeError, () => Ctor.prototype.feed.call({}, new Uint8Array(1)), 'a brand check on feed');
    assert.throws(TypeError, () => Ctor.prototype.guess.call(Object.create(Ctor.prototype)), 'a brand check on guess');
    d.free();
  });

  test('detect: argument errors are TypeErrors that name the problem', () => {
    const { detect, createDetector } = get();
    const message = (fn) => assert.throws(TypeError, fn).message;
    assert.ok(/1 argument required/.test(message(() => detect())), 'no argument');
    for (const bad of [undefined, null, 'text', 42, [0x41], { length: 1, 0: 0x41 }, () => 0]) {
      const m = message(() => detect(bad));
      assert.ok(/ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView/.test(m) && /'detect'/.test(m), `detect(${String(bad)}): ${m}`);
    }
    const bytes = new Uint8Array(4);
    for (const bad of [5, 'jp', true]) assert.ok(/options argument must be an object/.test(message(() => detect(bytes, bad))), `options ${String(bad)}`);
    for (const bad of [5, null, {}, ['jp']]) {
      const m = message(() => detect(bytes, { tld: bad }));
      assert.ok(/tld option must be a string/.test(m), `tld ${String(bad)}: ${m}`);
      assert.throws(TypeError, () => createDetector({ tld: bad }), `createDetector tld ${String(bad)}`);
    }
    assert.throws(TypeError, () => createDetector(5));
    assert.throws(TypeError, () => detect(bytes, { tld: Symbol('jp') }));
    const d = createDetector();
    assert.ok(/1 argument required/.test(message(() => d.feed())), 'feed without a chunk');
    for (const bad of ['text', null, [1, 2], 7]) {
      const m = message(() => d.feed(bad));
      assert.ok(/ArrayBuffer/.test(m) && /'feed'/.test(m), `feed(${String(bad)}): ${m}`);
    }
    d.free();
  });

  test('detect: the input is converted before the options, which are read once each, allowUTF8 then tld', () => {
    const { detect } = get();
    const order = [];
    const options = {
      get allowUTF8() {
        order.push('allowUTF8');
        return true;
      },
      get tld() {
        order.push('tld');
        return 'jp';
      },
    };
    assert.throws(TypeError, () => detect('bytes', options));
    assert.equal(order.join(), '', 'a bad input throws before the options are read');
    detect(new Uint8Array(2), options);
    assert.equal(order.join(), 'allowUTF8,tld');
  });

  test('detect: the result has its shape for every kind of input', () => {
    const { detect } = get();
    for (const [name, bytes] of Object.entries(inputs())) {
      checkShape(detect(bytes), name);
      checkShape(detect(bytes, { allowUTF8: false, tld: 'ru' }), `${name}, no UTF-8, .ru`);
    }
  });

  test('detect: ArrayBuffer, SharedArrayBuffer, DataView and every typed array give what a Uint8Array of their bytes gives', () => {
    const { detect } = get();
    const bytes = inputs()['shift_jis-like'];
    const want = show(detect(bytes));
    const copy = () => Uint8Array.from(bytes);
    assert.equal(show(detect(copy().buffer)), want, 'ArrayBuffer');
    assert.equal(show(detect(new DataView(copy().buffer))), want, 'DataView');
    assert.equal(show(detect(new Int16Array(copy().buffer))), want, 'Int16Array');
    assert.equal(show(detect(new Float64Array(copy().buffer.slice(0, 8 * (bytes.length >> 3))))), show(detect(bytes.subarray(0, 8 * (bytes.length >> 3)))), 'Float64Array');
    const larger = new Uint8Array(bytes.length + 20);
    larger.fill(0x41);
    larger.set(bytes, 10);
    assert.equal(show(detect(larger.subarray(10, 10 + bytes.length))), want, 'a view into a larger buffer reads only its bytes');
    assert.equal(show(detect(new DataView(larger.buffer, 10, bytes.length))), want, 'a DataView into a larger buffer');
    if (typeof SharedArrayBuffer !== 'function') throw skip('no SharedArrayBuffer here (the rest passed)');
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    assert.equal(show(detect(shared)), want, 'a view on a SharedArrayBuffer');
    assert.equal(show(detect(shared.buffer)), want, 'a SharedArrayBuffer');
  });

  test('detect: options are converted (allowUTF8 to a boolean; tld without leading dots, ASCII lowercased)', () => {
    const { detect } = get();
    for (const bytes of Object.values(inputs())) {
      const plain = show(detect(bytes));
      assert.equal(show(detect(bytes, undefined)), plain, 'undefined');
      assert.equal(show(detect(bytes, null)), plain, 'null');
      assert.equal(show(detect(bytes, {})), plain, '{}');
      assert.equal(show(detect(bytes, { allowUTF8: 'yes', tld: undefined })), plain, 'a truthy allowUTF8');
      assert.equal(show(detect(bytes, { tld: 'рф' })), plain, 'a tld outside ASCII gives no hint');
      assert.equal(show(detect(bytes, { tld: 'x'.repeat(64) })), plain, 'a tld longer than a DNS label gives no hint');
      assert.equal(show(detect(bytes, { tld: '' })), plain, 'an empty tld');
      assert.equal(show(detect(bytes, { tld: '...' })), plain, 'dots alone');
      assert.equal(show(detect(bytes, { allowUTF8: 0 })), show(detect(bytes, { allowUTF8: false })), 'a falsy allowUTF8');
      const jp = show(detect(bytes, { tld: 'jp' }));
      assert.equal(show(detect(bytes, { tld: '.JP' })), jp, '.JP');
      assert.equal(show(detect(bytes, { tld: '..Jp' })), jp, '..Jp');
    }
    // The hint reaches the detector: "Łódź" in windows-1250 reads as Polish (or Czech) either way,
    // and more surely so from a Polish domain.
    const lodz = Uint8Array.from([0xa3, 0xf3, 0x64, 0x9f]);
    const share = (g) => g.candidates.find((c) => c.encoding === 'windows-1250')?.confidence ?? 0;
    const plain = detect(lodz);
    const pl = detect(lodz, { tld: '.PL' });
    assert.equal(pl.encoding, 'windows-1250', show(pl));
    assert.ok(share(pl) > share(plain) + 0.05, `${show(pl)} against ${show(plain)}`);
  });

  test('detect: a detector fed in small chunks answers as one call does, at every step and after more input', () => {
    const { detect, createDetector } = get();
    for (const [name, bytes] of Object.entries(inputs())) {
      for (const size of [1, 3, 64, 1000]) {
        for (const options of [undefined, { tld: 'jp', allowUTF8: false }]) {
          const d = createDetector(options);
          const half = bytes.length >> 1;
          for (let i = 0; i < half; i += size) d.feed(bytes.subarray(i, Math.min(i + size, half)));
          assert.equal(show(d.guess()), show(detect(bytes.subarray(0, half), options)), `${name}, chunks of ${size}, halfway`);
          for (let i = half; i < bytes.length; i += size) d.feed(bytes.slice(i, Math.min(i + size, bytes.length)).buffer);
          const whole = show(detect(bytes, options));
          assert.equal(show(d.guess()), whole, `${name}, chunks of ${size}`);
          assert.equal(show(d.guess()), whole, `${name}: a second guess is the same`);
          d.feed(new Uint8Array(0));
          assert.equal(show(d.guess()), whole, `${name}: an empty chunk changes nothing`);
          d.free();
        }
      }
    }
  });

  test('detect: inputs far larger than the slices that cross into wasm (64 KiB), whole and streamed', () => {
    const { detect, createDetector } = get();
    const big = new Uint8Array(300000);
    const text = ascii('Mars is the fourth planet from the Sun. ');
    for (let i = 0; i < big.length; i++) big[i] = text[i % text.length];
    big.set(inputs()['windows-1251-like'], 150000);
    const whole = detect(big);
    checkShape(whole, 'large');
    const d = createDetector();
    for (let i = 0; i < big.length; i += 65537) d.feed(big.subarray(i, i + 65537));
    assert.equal(show(d.guess()), show(whole), 'streamed in slices of 64 KiB + 1');
    d.free();
    const random = randomBytes(200000, 11);
    checkShape(detect(random), 'large random');
  });

  test('detect: a freed detector refuses feed and guess with a TypeError; free twice is harmless', () => {
    const { createDetector } = get();
    const d = createDetector({ tld: 'jp' });
    d.feed(new Uint8Array([0x41, 0x42]));
    d.guess();
    d.free();
    assert.equal(d.free(), undefined, 'a second free does nothing');
    assert.ok(/freed/.test(assert.throws(TypeError, () => d.feed(new Uint8Array(1))).message), 'feed names the problem');
    assert.ok(/freed/.test(assert.throws(TypeError, () => d.guess()).message), 'guess names the problem');
    const other = createDetector();
    other.feed(new Uint8Array([0x41]));
    checkShape(other.guess(), 'another detector works');
    other.free();
  });
}
