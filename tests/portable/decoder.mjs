// TextDecoder: labels, option conversion, every input type, streaming, BOM handling, fatal mode.

import { assert, detacher, show, skip } from './harness.mjs';

const utf8 = (s) => {
  // Independent of any TextEncoder: UTF-8 by hand.
  const out = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return out;
};

/** Label → the encoding name the `encoding` getter reports. */
const LABELS = [
  ['utf-8', 'utf-8'],
  ['UTF8', 'utf-8'],
  [' \t\n\f\runicode-1-1-utf-8\r\f\n\t ', 'utf-8'],
  ['x-unicode20utf8', 'utf-8'],
  ['latin1', 'windows-1252'],
  ['ASCII', 'windows-1252'],
  ['iso-8859-1', 'windows-1252'],
  ['us-ascii', 'windows-1252'],
  ['utf-16', 'utf-16le'],
  ['ucs-2', 'utf-16le'],
  ['unicodefffe', 'utf-16be'],
  ['UTF-16BE', 'utf-16be'],
  ['x-user-defined', 'x-user-defined'],
  ['866', 'ibm866'],
  ['l2', 'iso-8859-2'],
  ['iso-8859-8-i', 'iso-8859-8-i'],
  ['logical', 'iso-8859-8-i'],
  ['koi8-ru', 'koi8-u'],
  ['x-mac-ukrainian', 'x-mac-cyrillic'],
  ['tis-620', 'windows-874'],
  ['iso-8859-9', 'windows-1254'],
  ['sjis', 'shift_jis'],
  ['Windows-31J', 'shift_jis'],
  ['x-euc-jp', 'euc-jp'],
  ['csiso2022jp', 'iso-2022-jp'],
  ['gb2312', 'gbk'],
  ['GB18030', 'gb18030'],
  ['big5-hkscs', 'big5'],
  ['ks_c_5601-1987', 'euc-kr'],
];

/** Labels "get an encoding" rejects, or that name the replacement encoding. */
const BAD_LABELS = [
  '',
  'bogus',
  'utf-7',
  'utf-32',
  'replacement',
  'iso-2022-kr',
  'hz-gb-2312',
  'iso-2022-cn-ext',
  '\u00A0utf-8',
  'utf-8\u000B',
  'utf-8\u0000',
  '\u2028utf-8',
  '\u212Aoi8-r', // KELVIN SIGN: only ASCII letters fold
  '\uFF55tf-8', // FULLWIDTH u
  'utf-8 utf-8',
];

export default function register(test, { api }) {
  const { TextDecoder } = api;

  test('TextDecoder: default encoding and option values', () => {
    const d = new TextDecoder();
    assert.equal(d.encoding, 'utf-8');
    assert.equal(d.fatal, false);
    assert.equal(d.ignoreBOM, false);
    assert.equal(new TextDecoder(undefined).encoding, 'utf-8', 'undefined label is the default');
  });

  test('TextDecoder: labels map to encoding names (trimmed, ASCII case-insensitive)', () => {
    for (const [label, name] of LABELS) {
      assert.equal(new TextDecoder(label).encoding, name, `label ${JSON.stringify(label)}`);
    }
  });

  test('TextDecoder: bad and replacement labels throw RangeError', () => {
    for (const label of BAD_LABELS) {
      assert.throws(RangeError, () => new TextDecoder(label), `label ${JSON.stringify(label)}`);
    }
    assert.throws(RangeError, () => new TextDecoder(null), 'null converts to "null"');
  });

  test('TextDecoder: label conversion (ToString, Symbol, throwing toString)', () => {
    assert.equal(new TextDecoder({ toString: () => 'latin2' }).encoding, 'iso-8859-2');
    assert.throws(TypeError, () => new TextDecoder(Symbol('utf-8')));
    const boom = new Error('boom');
    let caught;
    try {
      new TextDecoder({
        toString() {
          throw boom;
        },
      });
    } catch (e) {
      caught = e;
    }
    assert.equal(caught, boom, 'the error from toString propagates');
  });

  test('TextDecoder: options conversion (truthiness, null, non-objects, getter order)', () => {
    assert.equal(new TextDecoder('utf-8', { fatal: 1 }).fatal, true);
    assert.equal(new TextDecoder('utf-8', { fatal: '' }).fatal, false);
    assert.equal(new TextDecoder('utf-8', { ignoreBOM: 'yes' }).ignoreBOM, true);
    assert.equal(new TextDecoder('utf-8', { ignoreBOM: 0 }).ignoreBOM, false);
    assert.equal(new TextDecoder('utf-8', null).fatal, false);
    assert.equal(new TextDecoder('utf-8', undefined).fatal, false);
    const fn = () => {};
    fn.fatal = true;
    assert.equal(new TextDecoder('utf-8', fn).fatal, true, 'a function is an object');
    for (const bad of [42, 'fatal', true, Symbol('x'), 1n]) {
      assert.throws(TypeError, () => new TextDecoder('utf-8', bad), `options ${typeof bad}`);
    }
    // The label is converted first, then the dictionary members in lexicographic order, and only
    // then is the label looked up (so a bad label still reads the options).
    const log = [];
    const options = {
      get ignoreBOM() {
        log.push('ignoreBOM');
        return false;
      },
      get fatal() {
        log.push('fatal');
        return false;
      },
    };
    const label = {
      toString() {
        log.push('label');
        return 'no such encoding';
      },
    };
    assert.throws(RangeError, () => new TextDecoder(label, options));
    assert.arrayEqual(log, ['label', 'fatal', 'ignoreBOM']);
  });

  test('TextDecoder: decode() argument conversion', () => {
    const d = new TextDecoder();
    assert.equal(d.decode(), '');
    assert.equal(d.decode(undefined), '');
    assert.equal(d.decode(undefined, undefined), '');
    assert.equal(d.decode(new Uint8Array([0x61]), null), 'a');
    for (const bad of [null, 'abc', 42, {}, [0x61], { length: 1, 0: 0x61 }]) {
      assert.throws(TypeError, () => d.decode(bad), `input ${JSON.stringify(bad)}`);
    }
    assert.throws(TypeError, () => d.decode(new Uint8Array(1), 1), 'options must be an object');
    // {stream: truthy} keeps state.
    assert.equal(d.decode(new Uint8Array([0xe2, 0x82]), { stream: 'yes' }), '');
    assert.equal(d.decode(new Uint8Array([0xac])), '\u20AC');
  });

  test('TextDecoder: decodes every BufferSource type, honouring view windows', () => {
    const text = 'h\u00E9llo \u20AC\u{1F600}!!';
    const bytes = utf8(text); // 16 bytes: a multiple of 8 so every element type fits
    assert.equal(bytes.length, 16);
    const buffer = new ArrayBuffer(bytes.length);
    new Uint8Array(buffer).set(bytes);
    const d = new TextDecoder();
    assert.equal(d.decode(buffer), text, 'ArrayBuffer');
    const types = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
    for (const name of ['BigInt64Array', 'BigUint64Array', 'Float16Array']) {
      if (typeof globalThis[name] === 'function') types.push(globalThis[name]);
    }
    for (const Type of types) assert.equal(d.decode(new Type(buffer)), text, Type.name);
    assert.equal(d.decode(new DataView(buffer)), text, 'DataView');
    // Only the view's bytes: "llo" is bytes 3..6.
    assert.equal(d.decode(new Uint8Array(buffer, 3, 3)), 'llo', 'Uint8Array window');
    assert.equal(d.decode(new DataView(buffer, 3, 3)), 'llo', 'DataView window');
    assert.equal(d.decode(new Uint16Array(buffer, 4, 1)), 'lo', 'Uint16Array window');
    assert.equal(d.decode(new Uint8Array(buffer, 16)), '', 'empty view at the end');
    assert.equal(d.decode(new ArrayBuffer(0)), '', 'empty ArrayBuffer');
  });

  test('TextDecoder: decodes SharedArrayBuffer and views on it', () => {
    if (typeof SharedArrayBuffer !== 'function') throw skip('no SharedArrayBuffer in this environment');
    const bytes = utf8('sh\u00E4red \u{1F600}');
    const sab = new SharedArrayBuffer(bytes.length);
    new Uint8Array(sab).set(bytes);
    const d = new TextDecoder();
    assert.equal(d.decode(sab), 'sh\u00E4red \u{1F600}', 'SharedArrayBuffer');
    assert.equal(d.decode(new Uint8Array(sab)), 'sh\u00E4red \u{1F600}', 'Uint8Array on SAB');
    assert.equal(d.decode(new DataView(sab, 0, 2)), 'sh', 'DataView on SAB');
    // Streaming from a SAB that is modified after the call: the bytes were copied.
    const view = new Uint8Array(new SharedArrayBuffer(2));
    view.set([0xef, 0xbb]);
    assert.equal(d.decode(view, { stream: true }), '');
    view.set([0x01, 0x02]);
    assert.equal(d.decode(new Uint8Array([0xbf, 0x40])), '@', 'the BOM completed from copied bytes');
  });

  test('TextDecoder: resizable buffers are read as they are now; detached ones are empty', () => {
    // The package accepts resizable/growable buffers in decode() ([AllowResizable], as
    // whatwg/encoding#362 proposes and as Node, Deno and browsers do); encodeInto's destination
    // stays fixed-length only (see encoder.mjs).
    let ran = false;
    const d = new TextDecoder();
    if (typeof ArrayBuffer.prototype.resize === 'function') {
      ran = true;
      const rab = new ArrayBuffer(4, { maxByteLength: 16 });
      const tracking = new Uint8Array(rab);
      tracking.set([0x61, 0x62, 0x63, 0x64]);
      assert.equal(d.decode(rab), 'abcd', 'a resizable ArrayBuffer');
      const fixed = new Uint8Array(rab, 2, 2);
      rab.resize(3);
      assert.equal(d.decode(tracking), 'abc', 'a length-tracking view follows the buffer');
      assert.equal(d.decode(new DataView(rab)), 'abc', 'a length-tracking DataView');
      assert.equal(d.decode(fixed), '', 'a view pushed out of bounds reads as empty');
      rab.resize(8);
      tracking.set([0xe2, 0x82, 0xac, 0x21], 3);
      assert.equal(d.decode(tracking), 'abc\u20AC!\u0000', 'after growing');
      if (typeof SharedArrayBuffer === 'function' && typeof SharedArrayBuffer.prototype.grow === 'function') {
        const gsab = new SharedArrayBuffer(2, { maxByteLength: 16 });
        new Uint8Array(gsab).set([0x6f, 0x6b]);
        assert.equal(d.decode(gsab), 'ok', 'a growable SharedArrayBuffer');
        gsab.grow(3);
        assert.equal(d.decode(new Uint8Array(gsab)), 'ok\u0000', 'a length-tracking view on it');
      }
    }
    const detach = detacher();
    if (detach !== null) {
      ran = true;
      const buffer = new Uint8Array([0x61, 0x62]).buffer;
      const view = new Uint8Array(buffer);
      detach(buffer);
      assert.equal(buffer.byteLength, 0, 'detached');
      assert.equal(d.decode(buffer), '', 'a detached ArrayBuffer decodes as empty');
      assert.equal(d.decode(view), '', 'a view on a detached buffer decodes as empty');
    }
    if (!ran) throw skip('neither resizable nor detachable ArrayBuffers here');
  });

  test('TextDecoder: UTF-8 errors become U+FFFD (maximal subparts)', () => {
    const d = new TextDecoder();
    const cases = [
      [[0xff], '\uFFFD'],
      [[0xc0, 0x80], '\uFFFD\uFFFD'],
      [[0xe0, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD'],
      [[0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD'],
      [[0xf0, 0x9f, 0x98], '\uFFFD'],
      [[0xf0, 0x9f, 0x41], '\uFFFDA'],
      [[0xf4, 0x90, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD'],
      [[0x61, 0xe2, 0x82, 0x62], 'a\uFFFDb'],
    ];
    for (const [bytes, expected] of cases) assert.equal(d.decode(new Uint8Array(bytes)), expected, show(bytes));
  });

  test('TextDecoder: streaming UTF-8 split at every byte boundary', () => {
    const text = '\u00E9\u20AC\u{1F600}x\u{10FFFF}';
    const bytes = [0xef, 0xbb, 0xbf, ...utf8(text)];
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        const d = new TextDecoder();
        const out =
          d.decode(new Uint8Array(bytes.slice(0, i)), { stream: true }) +
          d.decode(new Uint8Array(bytes.slice(i, j)), { stream: true }) +
          d.decode(new Uint8Array(bytes.slice(j)));
        assert.equal(out, text, `split at ${i}, ${j}`);
      }
    }
  });

  test('TextDecoder: streaming flush, reset and reuse', () => {
    const d = new TextDecoder();
    assert.equal(d.decode(new Uint8Array([0xf0, 0x9f]), { stream: true }), '');
    assert.equal(d.decode(), '\uFFFD', 'an incomplete sequence is one U+FFFD at the flush');
    assert.equal(d.decode(new Uint8Array([0x98, 0x80])), '\uFFFD\uFFFD', 'the flush reset the state');
    // After a non-streaming call the next call is a new stream: a BOM is stripped again.
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), 'a');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x62])), 'b');
    // Within one stream only the first BOM is stripped.
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf]), { stream: true }), '');
    assert.equal(d.decode(new Uint8Array([0xef, 0xbb, 0xbf]), { stream: true }), '\uFEFF');
    assert.equal(d.decode(), '');
  });

  test('TextDecoder: UTF-16LE/BE, surrogate pairs split across calls', () => {
    const le = [0x3d, 0xd8, 0x00, 0xde, 0x61, 0x00]; // U+1F600 'a'
    const be = [0xd8, 0x3d, 0xde, 0x00, 0x00, 0x61];
    for (const [label, bytes] of [['utf-16le', le], ['utf-16be', be]]) {
      assert.equal(new TextDecoder(label).decode(new Uint8Array(bytes)), '\u{1F600}a', label);
      for (let i = 0; i <= bytes.length; i++) {
        const d = new TextDecoder(label);
        const out = d.decode(new Uint8Array(bytes.slice(0, i)), { stream: true }) + d.decode(new Uint8Array(bytes.slice(i)));
        assert.equal(out, '\u{1F600}a', `${label} split at ${i}`);
      }
    }
    const d = new TextDecoder('utf-16le');
    assert.equal(d.decode(new Uint8Array([0x00, 0xd8, 0x61, 0x00])), '\uFFFDa', 'lone lead surrogate');
    assert.equal(d.decode(new Uint8Array([0x00, 0xdc])), '\uFFFD', 'lone trail surrogate');
    assert.equal(d.decode(new Uint8Array([0x61, 0x00, 0x62])), 'a\uFFFD', 'odd trailing byte');
  });

  test('TextDecoder: BOM handling per encoding and ignoreBOM', () => {
    const cases = [
      ['utf-8', [0xef, 0xbb, 0xbf, 0x61]],
      ['utf-16le', [0xff, 0xfe, 0x61, 0x00]],
      ['utf-16be', [0xfe, 0xff, 0x00, 0x61]],
    ];
    for (const [label, bytes] of cases) {
      assert.equal(new TextDecoder(label).decode(new Uint8Array(bytes)), 'a', `${label} strips its BOM`);
      assert.equal(new TextDecoder(label, { ignoreBOM: true }).decode(new Uint8Array(bytes)), '\uFEFFa', `${label} ignoreBOM keeps it`);
    }
    assert.equal(new TextDecoder('utf-16le').decode(new Uint8Array([0xfe, 0xff, 0x61, 0x00])), '\uFFFEa', 'the other BOM is content');
    assert.equal(new TextDecoder('utf-16be').decode(new Uint8Array([0xff, 0xfe, 0x00, 0x61])), '\uFFFEa');
    assert.equal(new TextDecoder('utf-8').decode(new Uint8Array([0xfe, 0xff])), '\uFFFD\uFFFD', 'no BOM sniffing');
    assert.equal(new TextDecoder('windows-1252').decode(new Uint8Array([0xef, 0xbb, 0xbf])), '\u00EF\u00BB\u00BF', 'legacy encodings keep the bytes');
    const split = new TextDecoder('utf-16le');
    assert.equal(split.decode(new Uint8Array([0xff]), { stream: true }) + split.decode(new Uint8Array([0xfe, 0x62, 0x00])), 'b', 'a BOM split across calls');
  });

  test('TextDecoder: fatal mode throws TypeError and recovers', () => {
    const d = new TextDecoder('utf-8', { fatal: true });
    assert.equal(d.fatal, true);
    for (const bytes of [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      assert.throws(TypeError, () => d.decode(new Uint8Array(bytes)), show(bytes));
    }
    assert.equal(d.decode(new Uint8Array([0xe2, 0x82, 0xac])), '\u20AC', 'an error does not poison the decoder');
    // Streaming: the error surfaces at the call that completes it, including the flush.
    assert.equal(d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }), '');
    assert.throws(TypeError, () => d.decode());
    assert.equal(d.decode(new Uint8Array([0x61])), 'a', 'after a fatal error the stream restarts');
    const le = new TextDecoder('utf-16le', { fatal: true });
    assert.throws(TypeError, () => le.decode(new Uint8Array([0x00, 0xd8])));
    assert.throws(TypeError, () => le.decode(new Uint8Array([0x61])));
    assert.throws(TypeError, () => new TextDecoder('iso-8859-8', { fatal: true }).decode(new Uint8Array([0xa1])));
  });

  test('TextDecoder: Shift_JIS, EUC-KR, GBK, Big5 samples (streaming split inside a character)', () => {
    const samples = [
      ['shift_jis', [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea], '\u65E5\u672C\u8A9E'],
      ['euc-jp', [0xc6, 0xfc, 0xcb, 0xdc, 0xb8, 0xec], '\u65E5\u672C\u8A9E'],
      ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42], '\u65E5\u672C'],
      ['euc-kr', [0xc7, 0xd1, 0xb1, 0xb9], '\uD55C\uAD6D'],
      ['gbk', [0xd6, 0xd0, 0xce, 0xc4], '\u4E2D\u6587'],
      ['gb18030', [0x81, 0x30, 0x81, 0x30], '\u0080'],
      ['big5', [0xa4, 0xa4, 0xa4, 0xe5], '\u4E2D\u6587'],
    ];
    for (const [label, bytes, text] of samples) {
      assert.equal(new TextDecoder(label).decode(new Uint8Array(bytes)), text, label);
      const d = new TextDecoder(label);
      const out = d.decode(new Uint8Array(bytes.slice(0, 1)), { stream: true }) + d.decode(new Uint8Array(bytes.slice(1)));
      assert.equal(out, text, `${label} split after the first byte`);
    }
    assert.throws(TypeError, () => new TextDecoder('shift_jis', { fatal: true }).decode(new Uint8Array([0x82])));
  });

  test('TextDecoder: CJK after 1 MiB of each encoding (where the engine decoders, or the JavaScript build tables, may then take whole calls)', () => {
    const mib = new Uint8Array(1 << 20).fill(0x41);
    // Each case: label, bytes, the standard's text (null: a fatal error).
    const cases = [
      ['shift_jis', [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x5c, 0x80, 0xa0, 0xb1, 0x82], '\u65E5\u672C\u8A9E\\\u0080\uFFFD\uFF71\uFFFD'],
      ['euc-jp', [0xc6, 0xfc, 0x8e, 0xb1, 0x8f, 0xa4, 0x3e, 0xed, 0xe0, 0x8f, 0xb0, 0xa1], '\u65E5\uFF71\uFFFD>\u8F62\u4E02'],
      ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x24], '\u4E9C\uFFFD\uFFFD'],
      ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x1b, 0x28, 0x41], '\uFFFD\uFFFD'],
      ['euc-kr', [0xc7, 0xd1, 0xb1, 0xb9, 0x41, 0xc7, 0x41], '\uD55C\uAD6DA\uFFFDA'],
      ['gbk', [0xd6, 0xd0, 0xce, 0xc4, 0x80, 0x81, 0x30, 0x81, 0x30], '\u4E2D\u6587\u20AC\u0080'],
      ['gb18030', [0x81, 0x35, 0xf4, 0x37, 0x84, 0x31, 0xa4, 0x39, 0x84, 0x31, 0xa5, 0x30, 0xfe, 0x39, 0xfe], '\uE7C7\uFFFF\uFFFD\uFFFD'],
      ['big5', [0x88, 0x62, 0x88, 0x64, 0xa4, 0xa4, 0x87, 0x40, 0xa4], '\u00CA\u0304\u00CA\u030C\u4E2D\u43F0\uFFFD'],
    ];
    const labels = ['shift_jis', 'euc-jp', 'euc-kr', 'gbk', 'gb18030', 'big5', 'iso-2022-jp'];
    for (const label of labels) assert.equal(new TextDecoder(label).decode(mib).length, mib.length, label);
    for (const [label, bytes, text] of cases) {
      const input = new Uint8Array(bytes);
      for (let round = 0; round < 2; round++) {
        assert.equal(new TextDecoder(label).decode(input), text, `${label} ${bytes}`);
        if (text.includes('\uFFFD')) assert.throws(TypeError, () => new TextDecoder(label, { fatal: true }).decode(input), `${label} fatal`);
        else assert.equal(new TextDecoder(label, { fatal: true }).decode(input), text, `${label} fatal`);
      }
    }
  });
}
