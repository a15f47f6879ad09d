// new TextDecoder(label = "utf-8", options = {}): WebIDL argument conversions (DOMString label,
// TextDecoderOptions dictionary), their order, the RangeError for bad labels, and every label of
// the Encoding Standard.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importEntry } from './package.mjs';

const { TextDecoder } = await importEntry('.');

const encodingsJson = new URL('../../../shared/whatwg-encoding/encodings.json', import.meta.url);
const encodings = existsSync(encodingsJson) ? JSON.parse(readFileSync(encodingsJson, 'utf8')) : null;
const SKIP_JSON = encodings === null && `${encodingsJson.pathname} is absent (../shared not checked out)`;

const REPLACEMENT_LABELS = ['csiso2022kr', 'hz-gb-2312', 'iso-2022-cn', 'iso-2022-cn-ext', 'iso-2022-kr', 'replacement'];

/** Asserts a RangeError whose message names `label`. */
function assertBadLabel(label, options) {
  assert.throws(
    () => new TextDecoder(label, options),
    (e) => {
      assert.equal(e.constructor, RangeError, `label ${JSON.stringify(String(label))}: ${e}`);
      const quoted = String(label).length <= 40 ? String(label) : `${String(label).slice(0, 32)}…`;
      assert.ok(e.message.includes(quoted), `the message names the label: ${e.message}`);
      assert.ok(e.message.length < 200, 'the message quotes at most a short prefix of a long label');
      return true;
    },
  );
}

test('defaults: no arguments, undefined label, undefined/null options', () => {
  for (const d of [
    new TextDecoder(),
    new TextDecoder(undefined),
    new TextDecoder(undefined, undefined),
    new TextDecoder('utf-8', null),
    new TextDecoder('utf-8', {}),
  ]) {
    assert.equal(d.encoding, 'utf-8');
    assert.equal(d.fatal, false);
    assert.equal(d.ignoreBOM, false);
  }
  const d = new TextDecoder(undefined, { fatal: true });
  assert.equal(d.encoding, 'utf-8', 'undefined is the missing label, not "undefined"');
  assert.equal(d.fatal, true);
});

test('label: ToString of null, numbers, BigInts, objects', () => {
  assertBadLabel(null); // "null" is not a label
  assert.equal(new TextDecoder(866).encoding, 'ibm866', '866 → "866", a label of IBM866');
  assert.equal(new TextDecoder(866n).encoding, 'ibm866');
  assertBadLabel(1252);
  assertBadLabel(true);
  assert.equal(new TextDecoder({ toString: () => 'latin1' }).encoding, 'windows-1252');
  // ToPrimitive with hint string: toString before valueOf.
  assert.equal(new TextDecoder({ toString: () => 'utf-16', valueOf: () => 'latin1' }).encoding, 'utf-16le');
  assert.equal(new TextDecoder({ toString: undefined, valueOf: () => 'koi8' }).encoding, 'koi8-r');
  assert.equal(new TextDecoder(['ascii']).encoding, 'windows-1252', "['ascii'] → 'ascii'");
  assertBadLabel({}); // "[object Object]"
  class Boom extends Error {}
  assert.throws(() => new TextDecoder({ toString() { throw new Boom(); } }), Boom);
});

test('label: a Symbol is a TypeError (not a RangeError)', () => {
  assert.throws(() => new TextDecoder(Symbol('utf-8')), TypeError);
  assert.throws(() => new TextDecoder({ toString: () => Symbol.iterator }), TypeError);
});

test('argument conversion order: label, then fatal, then ignoreBOM, then the RangeError', () => {
  for (const label of ['utf-8', 'no-such-label', 'replacement']) {
    const log = [];
    const labelObject = { toString() { log.push('label'); return label; } };
    const options = new Proxy(
      {},
      new Proxy(
        {},
        {
          get(_, trap) {
            return (target, key, ...rest) => {
              log.push(`${trap}:${String(key)}`);
              return Reflect[trap](target, key, ...rest);
            };
          },
        },
      ),
    );
    let error = null;
    try {
      new TextDecoder(labelObject, options);
    } catch (e) {
      error = e;
    }
    assert.deepEqual(log, ['label', 'get:fatal', 'get:ignoreBOM'], `label ${label}`);
    if (label === 'utf-8') assert.equal(error, null);
    else assert.ok(error instanceof RangeError, `label ${label}: ${error}`);
  }
});

test('options getters run before the RangeError, and a getter error wins over it', () => {
  class FromFatal extends Error {}
  class FromIgnoreBOM extends Error {}
  const log = [];
  assert.throws(
    () => new TextDecoder('bogus', { get fatal() { log.push('fatal'); throw new FromFatal(); }, get ignoreBOM() { log.push('ignoreBOM'); } }),
    FromFatal,
  );
  assert.deepEqual(log, ['fatal']);
  assert.throws(() => new TextDecoder('bogus', { fatal: 1, get ignoreBOM() { throw new FromIgnoreBOM(); } }), FromIgnoreBOM);
  // The label is converted before the options: its error comes first.
  class FromLabel extends Error {}
  assert.throws(() => new TextDecoder({ toString() { throw new FromLabel(); } }, 1), FromLabel);
  assert.throws(() => new TextDecoder({ toString() { throw new FromLabel(); } }, { get fatal() { throw new FromFatal(); } }), FromLabel);
});

test('options: members are ToBoolean-converted; getters report true/false', () => {
  const truthy = [true, 1, -1, 'x', 'false', {}, [], 1n, Symbol('s'), () => {}, new Boolean(false)];
  const falsy = [false, 0, -0, '', NaN, null, undefined, 0n];
  for (const v of truthy) {
    const d = new TextDecoder('utf-8', { fatal: v, ignoreBOM: v });
    assert.equal(d.fatal, true, `fatal: ${String(v)}`);
    assert.equal(d.ignoreBOM, true, `ignoreBOM: ${String(v)}`);
  }
  for (const v of falsy) {
    const d = new TextDecoder('utf-8', { fatal: v, ignoreBOM: v });
    assert.equal(d.fatal, false, `fatal: ${String(v)}`);
    assert.equal(d.ignoreBOM, false, `ignoreBOM: ${String(v)}`);
  }
  const only = new TextDecoder('utf-8', { ignoreBOM: true });
  assert.equal(only.fatal, false);
  assert.equal(only.ignoreBOM, true);
});

test('options: inherited members, functions and other objects are dictionaries', () => {
  const d1 = new TextDecoder('utf-8', Object.create({ fatal: true }));
  assert.equal(d1.fatal, true, 'Get walks the prototype chain');
  const f = () => {};
  f.ignoreBOM = 1;
  const d2 = new TextDecoder('utf-8', f);
  assert.equal(d2.ignoreBOM, true);
  assert.equal(d2.fatal, false);
  for (const o of [[], new Date(0), /x/, new Map()]) {
    const d = new TextDecoder('utf-8', o);
    assert.equal(d.fatal, false);
    assert.equal(d.ignoreBOM, false);
  }
});

test('options: a non-object (other than null/undefined) is a TypeError', () => {
  for (const v of [1, 0, 'x', '', true, false, Symbol('o'), 1n]) {
    assert.throws(() => new TextDecoder('utf-8', v), TypeError, `options ${String(v)}`);
    // Even with a bad label, the options conversion (a TypeError) comes first.
    assert.throws(() => new TextDecoder('bogus', v), TypeError, `options ${String(v)} with a bad label`);
  }
});

test('unknown labels are RangeErrors naming the label', () => {
  for (const label of ['', ' ', 'utf-9', 'utf8x', 'unicode-1-1', 'utf-7', 'utf-32', 'ucs-4', 'iso-8859-1 x', 'x-user-defined2', 'latin-1', 'null', 'undefined', '\0utf-8', 'utf-8\0']) {
    assertBadLabel(label);
  }
});

test('the six labels of the replacement encoding are RangeErrors', () => {
  for (const label of REPLACEMENT_LABELS) {
    assertBadLabel(label);
    assertBadLabel(label.toUpperCase());
    assertBadLabel(` ${label}\n`);
    assertBadLabel(label, { fatal: true });
  }
});

test('every label of encodings.json gives its encoding, name lowercased', { skip: SKIP_JSON }, () => {
  let labels = 0;
  const seen = new Set();
  for (const group of encodings) {
    for (const { name, labels: list } of group.encodings) {
      for (const label of list) {
        labels++;
        seen.add(label);
        if (name === 'replacement') {
          assertBadLabel(label);
          continue;
        }
        const expected = name.toLowerCase();
        assert.equal(new TextDecoder(label).encoding, expected, `label ${label}`);
        assert.equal(new TextDecoder(label.toUpperCase()).encoding, expected, `label ${label.toUpperCase()}`);
        assert.equal(new TextDecoder(`\t\n\f\r ${label} \r\f\n\t`).encoding, expected, `label ${label} padded`);
      }
    }
  }
  assert.equal(labels, 228, 'encodings.json lists 228 labels');
  assert.equal(seen.size, 228, 'no label is listed twice');
  for (const label of REPLACEMENT_LABELS) assert.ok(seen.has(label), `${label} is a replacement label in encodings.json`);
});

test('names are lowercased: a few explicit spot checks', () => {
  const expected = {
    'UTF-8': 'utf-8',
    unicode11utf8: 'utf-8',
    'unicode20utf8': 'utf-8',
    'x-unicode20utf8': 'utf-8',
    latin1: 'windows-1252',
    'ascii': 'windows-1252',
    'iso-8859-1': 'windows-1252',
    'iso8859-9': 'windows-1254',
    'sjis': 'shift_jis',
    'ms_kanji': 'shift_jis',
    'x-sjis': 'shift_jis',
    'gb2312': 'gbk',
    'x-gbk': 'gbk',
    'GB18030': 'gb18030',
    'big5-hkscs': 'big5',
    'csiso2022jp': 'iso-2022-jp',
    'x-euc-jp': 'euc-jp',
    'korean': 'euc-kr',
    'utf-16': 'utf-16le',
    'unicodefffe': 'utf-16be',
    'ucs-2': 'utf-16le',
    'unicode': 'utf-16le',
    'utf-7': undefined,
    'iso-8859-8-i': 'iso-8859-8-i',
    'logical': 'iso-8859-8-i',
    'visual': 'iso-8859-8',
    'x-mac-roman': 'macintosh',
    'x-mac-ukrainian': 'x-mac-cyrillic',
    'dos-874': 'windows-874',
    'iso-8859-11': 'windows-874',
    'x-user-defined': 'x-user-defined',
    'ibm819': 'windows-1252',
    'cp1252': 'windows-1252',
  };
  for (const [label, name] of Object.entries(expected)) {
    if (name === undefined) assertBadLabel(label);
    else assert.equal(new TextDecoder(label).encoding, name, label);
  }
});

test('whitespace: only TAB, LF, FF, CR and SPACE are trimmed, only at the ends', () => {
  for (const ws of ['\t', '\n', '\f', '\r', ' ']) {
    assert.equal(new TextDecoder(`${ws}latin1`).encoding, 'windows-1252', `leading ${JSON.stringify(ws)}`);
    assert.equal(new TextDecoder(`latin1${ws}`).encoding, 'windows-1252', `trailing ${JSON.stringify(ws)}`);
    assert.equal(new TextDecoder(`${ws}${ws}utf-8${ws}${ws}`).encoding, 'utf-8');
  }
  for (const ws of ['\v', '\u00a0', '\u0085', '\u1680', '\u2000', '\u2028', '\u3000', '\ufeff', '\0', '\x1c']) {
    assertBadLabel(`${ws}utf-8`);
    assertBadLabel(`utf-8${ws}`);
  }
  assertBadLabel('utf -8');
  assertBadLabel('utf\t-8');
  assertBadLabel('\t\n\f\r ');
});

test('labels match ASCII case-insensitively, and only ASCII case-insensitively', () => {
  assert.equal(new TextDecoder('uTf-8').encoding, 'utf-8');
  assert.equal(new TextDecoder('WINDOWS-1252').encoding, 'windows-1252');
  assert.equal(new TextDecoder('Shift_JIS').encoding, 'shift_jis');
  assert.equal(new TextDecoder('KOI8-R').encoding, 'koi8-r');
  // U+212A KELVIN SIGN lowercases to "k", U+0130 to "i̇", U+017F LONG S uppercases to "S".
  assertBadLabel('\u212Aoi8-r');
  assertBadLabel('\u0130so-8859-2');
  assertBadLabel('\u017Fjis');
  // Full-width letters and lone surrogates are not labels.
  assertBadLabel('\uff55tf-8');
  assertBadLabel('utf-8\ud800');
});

test('long and odd label strings are RangeErrors, not crashes', () => {
  assertBadLabel('utf-8'.repeat(10000));
  assertBadLabel('x'.repeat(41));
  assert.match(String((() => { try { new TextDecoder('y'.repeat(5e6)); } catch (e) { return e.message; } })()), /'y{32}…' \(5000000 characters\)/);
  assertBadLabel(' '.repeat(100000) + 'x');
  assert.equal(new TextDecoder(' '.repeat(100000) + 'utf-8' + '\n'.repeat(100000)).encoding, 'utf-8');
});

test('extra arguments are ignored; a subclass works', () => {
  const d = new TextDecoder('latin1', { fatal: true }, 'ignored', 4);
  assert.equal(d.encoding, 'windows-1252');
  assert.equal(d.fatal, true);
  class Sub extends TextDecoder {
    constructor() {
      super('utf-16be', { ignoreBOM: true });
    }
  }
  const s = new Sub();
  assert.ok(s instanceof Sub && s instanceof TextDecoder);
  assert.equal(s.encoding, 'utf-16be');
  assert.equal(s.ignoreBOM, true);
  assert.equal(s.decode(new Uint8Array([0xfe, 0xff, 0x00, 0x41])), '\ufeffA');
});

test('cross-check: the host TextDecoder agrees on a sample of labels', { skip: typeof globalThis.TextDecoder !== 'function' && 'no host TextDecoder' }, () => {
  for (const label of ['utf-8', ' UTF8 ', 'latin1', 'utf-16', 'utf-16be', 'windows-1252']) {
    assert.equal(new TextDecoder(label).encoding, new globalThis.TextDecoder(label).encoding, label);
  }
});
