// text-encoding-wasm/standard: the Encoding Standard's hooks for standards and legacy hooks, the
// URL Standard's percent-encode after encoding and Infra's isomorphic decode/encode, in Node.
// Expectations come from the standards' text (encoding.bs "Hooks for standards", "Legacy hooks
// for standards", the encoders' steps; the URL Standard's percent-encode sets and its examples)
// and, where one exists, from an independent implementation: Node's own URL, URLSearchParams,
// encodeURIComponent and TextDecoder (ICU). The encode modes are also checked against encoding_rs
// by the Rust differential tests (tests/encode_modes.rs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { importEntry, importInternals } from './package.mjs';

const std = await importEntry('./standard');
const lite = await importEntry('./lite/standard');
const legacy = await importEntry('./legacy');
const { TextDecoder } = await importEntry('.');
const internals = await importInternals();
const liveHandles = () => internals.liveHandles();
const encodings = JSON.parse(readFileSync(new URL('../../../shared/whatwg-encoding/encodings.json', import.meta.url), 'utf8'));
const NAMES = encodings.flatMap((group) => group.encodings.map((e) => e.name.toLowerCase()));
const CJK = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];

const bytes = (...b) => Uint8Array.from(b);
const ascii = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...arrays) => Uint8Array.from(arrays.flatMap((a) => [...a]));
const ESC_ASCII = [0x1b, 0x28, 0x42];
const ESC_ROMAN = [0x1b, 0x28, 0x4a];
const ESC_JIS = [0x1b, 0x24, 0x42];

test('the entry exports the hooks and the percent-encode set names', () => {
  const functions = ['bomSniff', 'decode', 'encode', 'encodeOrFail', 'getEncoding', 'getOutputEncoding', 'isomorphicDecode', 'isomorphicEncode', 'percentEncodeAfterEncoding', 'utf8Decode', 'utf8DecodeWithoutBOM', 'utf8DecodeWithoutBOMOrFail', 'utf8Encode'];
  for (const name of functions) assert.equal(typeof std[name], 'function', name);
  assert.deepEqual(
    [std.C0_CONTROL_PERCENT_ENCODE_SET, std.FRAGMENT_PERCENT_ENCODE_SET, std.QUERY_PERCENT_ENCODE_SET, std.SPECIAL_QUERY_PERCENT_ENCODE_SET, std.PATH_PERCENT_ENCODE_SET, std.USERINFO_PERCENT_ENCODE_SET, std.COMPONENT_PERCENT_ENCODE_SET, std.FORM_URLENCODED_PERCENT_ENCODE_SET],
    ['c0-control', 'fragment', 'query', 'special-query', 'path', 'userinfo', 'component', 'application/x-www-form-urlencoded'],
  );
  assert.deepEqual([...std.PERCENT_ENCODE_SETS].sort(), ['application/x-www-form-urlencoded', 'c0-control', 'component', 'fragment', 'path', 'query', 'special-query', 'userinfo']);
  assert.deepEqual(Object.keys(lite).sort(), Object.keys(std).sort());
});

test('getEncoding: every label of encodings.json names its encoding as TextDecoder#encoding does', () => {
  for (const group of encodings) {
    for (const { name, labels } of group.encodings) {
      for (const label of labels) {
        assert.equal(std.getEncoding(label), name.toLowerCase(), label);
        assert.equal(std.getEncoding(` \t\n\f\r${label.toUpperCase()}\r\n`), name.toLowerCase(), `${label} with whitespace`);
        if (name !== 'replacement') assert.equal(new TextDecoder(label).encoding, name.toLowerCase());
      }
    }
  }
  for (const label of ['', 'bogus', 'utf-7', 'latin-1', 'utf8\u00A0', '\u212Aoi8-r', 'utf-8\0']) assert.equal(std.getEncoding(label), null, JSON.stringify(label));
  assert.equal(std.getEncoding({ toString: () => 'l1' }), 'windows-1252');
  assert.throws(() => std.getEncoding(), TypeError);
  assert.throws(() => std.getEncoding(Symbol('x')), TypeError);
});

test('getOutputEncoding: replacement and UTF-16BE/LE become UTF-8, the rest stay', () => {
  for (const name of NAMES) {
    const expected = ['replacement', 'utf-16be', 'utf-16le'].includes(name) ? 'utf-8' : name;
    assert.equal(std.getOutputEncoding(name), expected, name);
  }
  assert.equal(std.getOutputEncoding('csiso2022kr'), 'utf-8');
  assert.equal(std.getOutputEncoding('unicodefffe'), 'utf-8');
  assert.equal(std.getOutputEncoding('sjis'), 'shift_jis');
  assert.throws(() => std.getOutputEncoding('bogus'), RangeError);
  assert.throws(() => std.getOutputEncoding(), TypeError);
});

test('bomSniff: the three BOMs, in order, over every kind of buffer; truncated BOMs are none', () => {
  const cases = [
    [[0xef, 0xbb, 0xbf], 'utf-8'],
    [[0xef, 0xbb, 0xbf, 0x41], 'utf-8'],
    [[0xfe, 0xff], 'utf-16be'],
    [[0xfe, 0xff, 0x00], 'utf-16be'],
    [[0xff, 0xfe], 'utf-16le'],
    [[0xff, 0xfe, 0x00, 0x00], 'utf-16le'], // (a UTF-32LE BOM is not one the standard knows)
    [[], null],
    [[0xef], null],
    [[0xef, 0xbb], null],
    [[0xef, 0xbb, 0xbe], null],
    [[0xfe], null],
    [[0xff], null],
    [[0xfe, 0xfe], null],
    [[0x41, 0xef, 0xbb, 0xbf], null],
    [[0x00, 0x00, 0xfe, 0xff], null],
  ];
  for (const [input, expected] of cases) {
    const u8 = Uint8Array.from(input);
    assert.equal(std.bomSniff(u8), expected, `${input}`);
    assert.equal(std.bomSniff(u8.buffer), expected, `${input} ArrayBuffer`);
    assert.equal(std.bomSniff(new DataView(u8.buffer)), expected, `${input} DataView`);
    const offset = new Uint8Array(input.length + 3);
    offset.set(input, 3);
    assert.equal(std.bomSniff(offset.subarray(3)), expected, `${input} at an offset`);
    if (expected !== null) assert.equal(std.bomSniff(u8), std.getEncoding(expected), 'the same strings as getEncoding');
  }
  const shared = new Uint8Array(new SharedArrayBuffer(3));
  shared.set([0xef, 0xbb, 0xbf]);
  assert.equal(std.bomSniff(shared), 'utf-8');
  assert.equal(std.bomSniff(Uint16Array.of(0xfeff)), 'utf-16le');
  for (const bad of ['\uFEFF', [0xef, 0xbb, 0xbf], null, undefined, 5, {}]) assert.throws(() => std.bomSniff(bad), TypeError, String(bad));
  assert.throws(() => std.bomSniff(), TypeError);
});

// The content every BOM case carries: "A€\u{1F600}" in each UTF encoding.
const CONTENT = 'A€\u{1F600}';
const UTF = {
  'utf-8': [0x41, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80],
  'utf-16le': [0x41, 0x00, 0xac, 0x20, 0x3d, 0xd8, 0x00, 0xde],
  'utf-16be': [0x00, 0x41, 0x20, 0xac, 0xd8, 0x3d, 0xde, 0x00],
};
const BOMS = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16be': [0xfe, 0xff], 'utf-16le': [0xff, 0xfe] };

test('decode: each BOM with each fallback encoding wins, is skipped, and is reported', () => {
  for (const fallback of NAMES) {
    if (fallback === 'replacement') continue; // the label "replacement" is not a label of it
    for (const [bom, mark] of Object.entries(BOMS)) {
      const input = Uint8Array.from([...mark, ...UTF[bom]]);
      assert.deepEqual(std.decode(input, fallback), { text: CONTENT, encoding: bom }, `${bom} BOM, fallback ${fallback}`);
      assert.deepEqual(std.decode(Uint8Array.from(mark), fallback), { text: '', encoding: bom }, `${bom} BOM alone, fallback ${fallback}`);
      // Only the first BOM is a BOM; a second is content.
      assert.deepEqual(std.decode(Uint8Array.from([...mark, ...mark]), fallback).text, '\uFEFF', `${bom} twice, fallback ${fallback}`);
    }
  }
  // The replacement encoding as the fallback (through one of its labels): a BOM still wins.
  assert.deepEqual(std.decode(Uint8Array.from([...BOMS['utf-8'], ...UTF['utf-8']]), 'iso-2022-kr'), { text: CONTENT, encoding: 'utf-8' });
  assert.deepEqual(std.decode(ascii('abc'), 'csiso2022kr'), { text: '\uFFFD', encoding: 'replacement' });
  assert.deepEqual(std.decode(bytes(), 'hz-gb-2312'), { text: '', encoding: 'replacement' });
});

test('decode: truncated BOMs and BOMs of another encoding than the fallback', () => {
  const cases = [
    // [bytes, fallback, text, encoding]
    [[0xef, 0xbb], 'windows-1252', '\u00EF\u00BB', 'windows-1252'],
    [[0xef, 0xbb, 0x41], 'windows-1252', '\u00EF\u00BBA', 'windows-1252'],
    [[0xef, 0xbb], 'utf-8', '\uFFFD', 'utf-8'],
    [[0xef], 'utf-8', '\uFFFD', 'utf-8'],
    [[0xfe], 'utf-16be', '\uFFFD', 'utf-16be'],
    [[0xff], 'utf-16le', '\uFFFD', 'utf-16le'],
    [[0xfe], 'windows-1252', '\u00FE', 'windows-1252'],
    [[0xff, 0x41], 'windows-1252', '\u00FFA', 'windows-1252'],
    [[0xff, 0xfe, 0x41, 0x00], 'windows-1252', 'A', 'utf-16le'],
    [[0xfe, 0xff, 0x00, 0x41], 'shift_jis', 'A', 'utf-16be'],
    [[0xef, 0xbb, 0xbf, 0x82, 0xa0], 'shift_jis', '\uFFFD\uFFFD', 'utf-8'],
    [[0x82, 0xa0], 'shift_jis', '\u3042', 'shift_jis'],
    [[0xef, 0xbb, 0xbf, 0x41], 'utf-16le', 'A', 'utf-8'],
    [[0xff, 0xfe, 0x41], 'utf-8', '\uFFFD', 'utf-16le'],
    [[0xfe, 0xff, 0xd8, 0x3d], 'utf-16le', '\uFFFD', 'utf-16be'],
    [[0x41, 0x00], 'utf-16le', 'A', 'utf-16le'],
    [[0x41, 0xff], 'utf-8', 'A\uFFFD', 'utf-8'],
    [[0xef, 0xbb, 0xbf, 0xff], 'utf-8', '\uFFFD', 'utf-8'],
  ];
  for (const [input, fallback, text, encoding] of cases) {
    assert.deepEqual(std.decode(Uint8Array.from(input), fallback), { text, encoding }, `${input} with ${fallback}`);
  }
});

test('decode agrees with an independent formulation and with the host TextDecoder on random inputs', () => {
  let seed = 12345;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const fallbacks = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-2', 'koi8-r', 'shift_jis', 'euc-kr', 'big5', 'gbk', 'euc-jp', 'iso-2022-jp'];
  const starts = [[], [0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe], [0xef, 0xbb], [0xfe], [0xff]];
  for (let i = 0; i < 600; i++) {
    const fallback = fallbacks[i % fallbacks.length];
    const input = Uint8Array.from([...starts[random(starts.length)], ...Array.from({ length: random(12) }, () => (random(3) === 0 ? random(256) : 0x20 + random(0x5f)))]);
    const got = std.decode(input, fallback);
    const bom = std.bomSniff(input);
    const expected = bom !== null ? new TextDecoder(bom).decode(input) : new TextDecoder(fallback, { ignoreBOM: true }).decode(input);
    assert.deepEqual(got, { text: expected, encoding: bom ?? fallback }, `${input} with ${fallback}`);
    if (['utf-8', 'utf-16le', 'utf-16be'].includes(got.encoding)) {
      const host = new globalThis.TextDecoder(got.encoding, { ignoreBOM: bom === null }).decode(input);
      assert.equal(got.text, host, `host TextDecoder, ${input} with ${fallback}`);
    }
  }
});

test('the three UTF-8 decode hooks, with and without a BOM, with and without errors', () => {
  const FAIL = Symbol('failure');
  // [bytes, utf8Decode, utf8DecodeWithoutBOM, utf8DecodeWithoutBOMOrFail]
  const cases = [
    [[], '', '', ''],
    [[0x61], 'a', 'a', 'a'],
    [[0xef, 0xbb, 0xbf], '', '\uFEFF', '\uFEFF'],
    [[0xef, 0xbb, 0xbf, 0x61], 'a', '\uFEFFa', '\uFEFFa'],
    [[0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], '\uFEFF', '\uFEFF\uFEFF', '\uFEFF\uFEFF'],
    [[0x61, 0xef, 0xbb, 0xbf], 'a\uFEFF', 'a\uFEFF', 'a\uFEFF'],
    [[0xef, 0xbb], '\uFFFD', '\uFFFD', FAIL],
    [[0xef, 0xbb, 0xbf, 0xef, 0xbb], '\uFFFD', '\uFEFF\uFFFD', FAIL],
    [[0xef, 0xbb, 0xbf, 0xff], '\uFFFD', '\uFEFF\uFFFD', FAIL],
    [[0xfe, 0xff, 0x00, 0x61], '\uFFFD\uFFFD\u0000a', '\uFFFD\uFFFD\u0000a', FAIL],
    [[0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80], '€\u{1F600}', '€\u{1F600}', '€\u{1F600}'],
    [[0xf0, 0x9f, 0x98], '\uFFFD', '\uFFFD', FAIL],
    [[0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD', '\uFFFD\uFFFD\uFFFD', FAIL],
    [[0xc0, 0x80], '\uFFFD\uFFFD', '\uFFFD\uFFFD', FAIL],
    [[0xf4, 0x90, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD', '\uFFFD\uFFFD\uFFFD\uFFFD', FAIL],
  ];
  for (const [input, decoded, withoutBOM, orFail] of cases) {
    const u8 = Uint8Array.from(input);
    assert.equal(std.utf8Decode(u8), decoded, `utf8Decode ${input}`);
    assert.equal(std.utf8DecodeWithoutBOM(u8), withoutBOM, `utf8DecodeWithoutBOM ${input}`);
    if (orFail === FAIL) {
      assert.throws(() => std.utf8DecodeWithoutBOMOrFail(u8), { name: 'TypeError' }, `utf8DecodeWithoutBOMOrFail ${input}`);
    } else {
      assert.equal(std.utf8DecodeWithoutBOMOrFail(u8), orFail, `utf8DecodeWithoutBOMOrFail ${input}`);
    }
    // The host's TextDecoder is an independent UTF-8 decoder.
    assert.equal(decoded, new globalThis.TextDecoder().decode(u8));
    assert.equal(withoutBOM, new globalThis.TextDecoder('utf-8', { ignoreBOM: true }).decode(u8));
  }
  for (const hook of ['utf8Decode', 'utf8DecodeWithoutBOM', 'utf8DecodeWithoutBOMOrFail']) {
    assert.throws(() => std[hook](), TypeError, hook);
    assert.throws(() => std[hook]('abc'), { name: 'TypeError', message: /BufferSource/ }, hook);
    assert.equal(std[hook](ascii('xyz').buffer), 'xyz', hook);
  }
});

test('decode: argument conversions, RangeError for unknown labels, no handle left behind', () => {
  const base = liveHandles();
  assert.throws(() => std.decode(bytes(0x41)), TypeError);
  assert.throws(() => std.decode('A', 'utf-8'), TypeError);
  assert.throws(() => std.decode(bytes(0x41), 'bogus'), RangeError);
  assert.throws(() => std.decode('A', 'bogus'), TypeError, 'the input converts before the label is looked up');
  assert.throws(() => std.decode(bytes(0x41), Symbol('x')), TypeError);
  assert.deepEqual(std.decode(bytes(0x80), { toString: () => 'latin1' }), { text: '€', encoding: 'windows-1252' });
  assert.equal(liveHandles(), base);
});

// ---- encode ----------------------------------------------------------------------------------

/** A character each encoding can encode beyond ASCII, and one it cannot (null: it can encode all). */
function probes(name) {
  const decoder = new TextDecoder(name);
  const known = {
    'utf-8': ['é', null],
    gbk: ['中', '\u{1F600}'],
    gb18030: ['\u{1F600}', '\uE5E5'],
    big5: ['中', '\u{1F600}'],
    'euc-jp': ['あ', '\u{1F600}'],
    'iso-2022-jp': ['あ', '\u{1F600}'],
    shift_jis: ['あ', '\u{1F600}'],
    'euc-kr': ['한', '\u{1F600}'],
    'x-user-defined': ['\uF780', 'é'],
  };
  if (known[name]) return known[name];
  for (let b = 0x80; b < 0x100; b++) {
    const text = decoder.decode(bytes(b));
    if (text !== '\uFFFD') return [text, '\u{1F600}'];
  }
  throw new Error(`no probe for ${name}`);
}
const ENCODERS = NAMES.filter((n) => !['replacement', 'utf-16be', 'utf-16le'].includes(n));

test('encode: every encoding in all three modes (html is the default), output decodes back', () => {
  for (const name of ENCODERS) {
    const [can, cannot] = probes(name);
    const canBytes = std.encode(can, name, { mode: 'fatal' });
    assert.ok(canBytes.length > 0, name);
    assert.equal(new TextDecoder(name).decode(canBytes), can, `${name}: ${can} round-trips`);
    assert.deepEqual(std.encode(`a${can}`, name), concat(ascii('a'), canBytes), `${name} default mode`);
    if (cannot === null) {
      assert.deepEqual(std.encode('a\u{1F600}', name, { mode: 'fatal' }), std.utf8Encode('a\u{1F600}'));
      continue;
    }
    const cp = cannot.codePointAt(0);
    const input = `a${can}${cannot}b`;
    const index = 1 + can.length;
    // The standard's "html" mode: the bytes of &#N; where the code point was.
    const html = std.encode(input, name, { mode: 'html' });
    assert.deepEqual(html, concat(ascii('a'), canBytes, ascii(`&#${cp};b`)), `${name} html`);
    assert.deepEqual(std.encode(input, name), html, `${name}: html is the default`);
    assert.equal(new TextDecoder(name).decode(html), `a${can}&#${cp};b`, `${name} html decodes`);
    // "fatal": a TypeError naming the code point, its index and the encoding.
    const hex = cp.toString(16).toUpperCase().padStart(4, '0');
    assert.throws(() => std.encode(input, name, { mode: 'fatal' }), { name: 'TypeError', message: `U+${hex} at index ${index} cannot be encoded in ${name}` }, `${name} fatal`);
    // "replace": "?" by default, or the replacement given, or nothing.
    assert.deepEqual(std.encode(input, name, { mode: 'replace' }), concat(ascii('a'), canBytes, ascii('?b')), `${name} replace`);
    assert.deepEqual(std.encode(input, name, { mode: 'replace', replacement: '[]' }), concat(ascii('a'), canBytes, ascii('[]b')), `${name} replace []`);
    assert.deepEqual(std.encode(input, name, { mode: 'replace', replacement: '' }), concat(ascii('a'), canBytes, ascii('b')), `${name} replace ''`);
    assert.deepEqual(std.encode(input, name, { mode: 'replace', replacement: can }), concat(ascii('a'), canBytes, canBytes, ascii('b')), `${name} replace ${can}`);
    assert.throws(() => std.encode('a', name, { mode: 'replace', replacement: cannot }), { name: 'TypeError', message: /replacement/ }, `${name}: the replacement is checked`);
    // The legacy entry is the same implementation (its default mode is "fatal").
    assert.deepEqual(legacy.encode(input, name, { mode: 'replace', replacement: '[]' }), std.encode(input, name, { mode: 'replace', replacement: '[]' }), `${name} legacy`);
    assert.deepEqual(legacy.encode(input, name, { mode: 'html' }), html, `${name} legacy html`);
    assert.throws(() => legacy.encode(input, name), { name: 'TypeError', message: `U+${hex} at index ${index} cannot be encoded in ${name}` });
  }
});

test('encode: "get an output encoding" for replacement and UTF-16BE/LE; lone surrogates are U+FFFD', () => {
  for (const label of ['utf-16le', 'utf-16be', 'csiso2022kr']) {
    assert.deepEqual(std.encode('é\u{1F600}', label, { mode: 'fatal' }), bytes(0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80), label);
  }
  assert.deepEqual(std.encode('\uD800', 'windows-1252'), ascii('&#65533;'));
  assert.deepEqual(std.encode('a\uDC00', 'windows-1252', { mode: 'replace' }), ascii('a?'));
  assert.throws(() => std.encode('ab\uD800', 'windows-1252', { mode: 'fatal' }), { message: 'U+FFFD at index 2 cannot be encoded in windows-1252' });
  assert.deepEqual(std.utf8Encode('a\uD800\u{1F600}'), bytes(0x61, 0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80));
  assert.deepEqual(std.utf8Encode(''), bytes());
  assert.deepEqual(std.utf8Encode(12), ascii('12'));
  assert.throws(() => std.utf8Encode(), TypeError);
});

test('encode: ISO-2022-JP state at the end of input and around errors, in every mode', () => {
  const enc = (s, mode, replacement) => std.encode(s, 'iso-2022-jp', { mode, replacement });
  // End of input returns to ASCII from jis0208 and from Roman.
  assert.deepEqual(enc('あ', 'fatal'), bytes(...ESC_JIS, 0x24, 0x22, ...ESC_ASCII));
  assert.deepEqual(enc('¥', 'fatal'), bytes(...ESC_ROMAN, 0x5c, ...ESC_ASCII));
  assert.deepEqual(enc('‾a', 'fatal'), bytes(...ESC_ROMAN, 0x7e, 0x61, ...ESC_ASCII));
  assert.deepEqual(enc('a', 'fatal'), ascii('a'));
  // An unmappable code point in jis0208: the encoder returns to ASCII first.
  assert.deepEqual(enc('あ😀', 'html'), concat([...ESC_JIS, 0x24, 0x22, ...ESC_ASCII], ascii('&#128512;')));
  assert.deepEqual(enc('あ😀あ', 'replace'), bytes(...ESC_JIS, 0x24, 0x22, ...ESC_ASCII, 0x3f, ...ESC_JIS, 0x24, 0x22, ...ESC_ASCII));
  // In Roman it stays in Roman; "&#N;" and "?" are the same bytes there; the end returns to ASCII.
  assert.deepEqual(enc('¥😀', 'html'), concat(ESC_ROMAN, [0x5c], ascii('&#128512;'), ESC_ASCII));
  assert.deepEqual(enc('¥😀', 'replace'), bytes(...ESC_ROMAN, 0x5c, 0x3f, ...ESC_ASCII));
  // The replacement goes through the same encoder: "\" cannot be written in Roman.
  assert.deepEqual(enc('¥😀', 'replace', '\\'), bytes(...ESC_ROMAN, 0x5c, ...ESC_ASCII, 0x5c));
  assert.deepEqual(enc('あ😀', 'replace', '¥'), bytes(...ESC_JIS, 0x24, 0x22, ...ESC_ASCII, ...ESC_ROMAN, 0x5c, ...ESC_ASCII));
  // U+000E, U+000F and U+001B are errors reported as U+FFFD.
  assert.deepEqual(enc('a\u001Bb', 'html'), ascii('a&#65533;b'));
  assert.throws(() => enc('a\u000E', 'fatal'), { message: 'U+FFFD at index 1 cannot be encoded in iso-2022-jp' });
  // Half-width katakana become full-width (index ISO-2022-JP katakana); U+2212 becomes U+FF0D's bytes.
  assert.deepEqual(enc('ｱ', 'fatal'), bytes(...ESC_JIS, 0x25, 0x22, ...ESC_ASCII));
  assert.deepEqual(enc('\u2212', 'fatal'), enc('\uFF0D', 'fatal'));
  for (const s of ['あ😀¥x', '¥😀あ', 'ｱ\u{1F600}\u001B¥']) {
    const text = new TextDecoder('iso-2022-jp', { fatal: true }).decode(enc(s, 'replace'));
    assert.equal(text, s.replace(/\u{1F600}|\u001B/gu, '?').replace('ｱ', 'ア'), `${s} decodes back`);
  }
});

test('encode: the LegacyEncoder streams in "replace" mode, keeping ISO-2022-JP state across chunks', () => {
  const e = legacy.createEncoder('iso-2022-jp', { mode: 'replace', replacement: '*' });
  assert.equal(e.mode, 'replace');
  assert.equal(e.replacement, '*');
  assert.deepEqual(e.encode('あ😀', { stream: true }), bytes(...ESC_JIS, 0x24, 0x22, ...ESC_ASCII, 0x2a));
  assert.deepEqual(e.encode('¥\uD83D', { stream: true }), bytes(...ESC_ROMAN, 0x5c));
  assert.deepEqual(e.encode('\uDE00'), bytes(0x2a, ...ESC_ASCII));
  assert.equal(legacy.createEncoder('latin1').replacement, '?');
  const desc = Object.getOwnPropertyDescriptor(legacy.LegacyEncoder.prototype, 'replacement');
  assert.equal(desc.enumerable, true);
  assert.throws(() => desc.get.call({}), TypeError);
  assert.throws(() => legacy.createEncoder('latin1', { mode: 'replace', replacement: 'あ' }), TypeError);
  assert.throws(() => legacy.encode('a', 'latin1', { mode: 'nope' }), { name: 'TypeError', message: /'fatal', 'html' or 'replace'/ });
});

test('encode: gb18030 four-byte range, U+E5E5, and GBK without four-byte sequences', () => {
  const cases = [
    ['\u0080', [0x81, 0x30, 0x81, 0x30]],
    ['\u00A5', [0x81, 0x30, 0x84, 0x36]],
    ['\uFFFF', [0x84, 0x31, 0xa4, 0x39]],
    ['\u{10000}', [0x90, 0x30, 0x81, 0x30]],
    ['\u{10FFFF}', [0xe3, 0x32, 0x9a, 0x35]],
    ['\u20AC', [0xa2, 0xe3]],
    ['\uE7C7', [0x81, 0x35, 0xf4, 0x37]],
  ];
  for (const [s, expected] of cases) {
    for (const mode of ['fatal', 'html', 'replace']) assert.deepEqual(std.encode(s, 'gb18030', { mode }), Uint8Array.from(expected), `${s} ${mode}`);
    assert.equal(new TextDecoder('gb18030').decode(Uint8Array.from(expected)), s);
  }
  // The four-byte pointer arithmetic of the standard, for a spread of code points above U+FFFF.
  for (let cp = 0x10000; cp <= 0x10ffff; cp += 0x1234) {
    let pointer = 189000 + cp - 0x10000;
    const b1 = Math.floor(pointer / (10 * 126 * 10));
    pointer %= 10 * 126 * 10;
    const b2 = Math.floor(pointer / (10 * 126));
    pointer %= 10 * 126;
    const b3 = Math.floor(pointer / 10);
    const b4 = pointer % 10;
    assert.deepEqual(std.encode(String.fromCodePoint(cp), 'gb18030', { mode: 'fatal' }), bytes(b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30), cp.toString(16));
  }
  assert.deepEqual(std.encode('a\uE5E5', 'gb18030'), ascii('a&#58853;'));
  assert.deepEqual(std.encode('a\uE5E5', 'gb18030', { mode: 'replace' }), ascii('a?'));
  assert.throws(() => std.encode('\uE5E5', 'gb18030', { mode: 'fatal' }), { message: 'U+E5E5 at index 0 cannot be encoded in gb18030' });
  assert.deepEqual(std.encode('\u0080€', 'gbk'), concat(ascii('&#128;'), [0x80]));
  assert.deepEqual(std.encode('\u{1F600}', 'gbk', { mode: 'replace' }), ascii('?'));
});

test('encode: conversions in WebIDL order and their errors; no handle left behind', () => {
  const base = liveHandles();
  assert.throws(() => std.encode('a'), TypeError);
  assert.throws(() => std.encode(Symbol('s'), 'bogus'), TypeError);
  assert.throws(() => std.encode('a', 'bogus'), RangeError);
  assert.throws(() => std.encode('a', 'bogus', { mode: 'nope' }), TypeError, 'the mode converts before the label is looked up');
  assert.throws(() => std.encode('a', 'latin1', 5), TypeError);
  assert.throws(() => std.encode('a', 'latin1', { mode: 'replace', replacement: Symbol('r') }), TypeError);
  assert.throws(() => std.encode('😀', 'latin1', { mode: 'fatal' }), TypeError);
  assert.throws(() => std.encode('a', 'latin1', { mode: 'replace', replacement: '😀' }), TypeError);
  assert.deepEqual(std.encode('a😀', 'latin1', null), ascii('a&#128512;'));
  assert.deepEqual(std.encode('a😀', 'latin1', { mode: { toString: () => 'replace' }, replacement: 7 }), ascii('a7'));
  assert.equal(liveHandles(), base);
});

test('encode: inputs above the slice limit keep state and indexes across slices', () => {
  const { bytes: b, units } = internals.sliceLimits();
  internals.setSliceLimits(b, 5);
  try {
    const s = 'ああ¥¥😀😀aaaa😀';
    for (const mode of ['html', 'replace']) {
      internals.setSliceLimits(b, units);
      const whole = std.encode(s, 'iso-2022-jp', { mode });
      internals.setSliceLimits(b, 5);
      assert.deepEqual(std.encode(s, 'iso-2022-jp', { mode }), whole, mode);
    }
    assert.throws(() => std.encode('abcdefgh😀', 'latin1', { mode: 'fatal' }), { message: 'U+1F600 at index 8 cannot be encoded in windows-1252' });
    assert.equal(std.percentEncodeAfterEncoding('shift_jis', 'abcdefgh😀あ', 'query'), 'abcdefgh%26%23128512%3B%82%A0');
  } finally {
    internals.setSliceLimits(b, units);
  }
});

test('encodeOrFail: one run per error on one encoder, the last run with null', () => {
  const show = (runs) => runs.map(({ bytes: b, error }) => [Array.from(b), error]);
  assert.deepEqual(show(std.encodeOrFail('a😀b', 'windows-1252')), [[[0x61], 0x1f600], [[0x62], null]]);
  assert.deepEqual(show(std.encodeOrFail('', 'windows-1252')), [[[], null]]);
  assert.deepEqual(show(std.encodeOrFail('😀', 'windows-1252')), [[[], 0x1f600], [[], null]]);
  assert.deepEqual(show(std.encodeOrFail('é😀', 'utf-8')), [[[0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80], null]]);
  // ISO-2022-JP: from jis0208 the run ends in ASCII; from Roman it stays in Roman until the last run.
  assert.deepEqual(show(std.encodeOrFail('あ😀あ', 'iso-2022-jp')), [
    [[...ESC_JIS, 0x24, 0x22, ...ESC_ASCII], 0x1f600],
    [[...ESC_JIS, 0x24, 0x22, ...ESC_ASCII], null],
  ]);
  assert.deepEqual(show(std.encodeOrFail('¥😀', 'iso-2022-jp')), [[[...ESC_ROMAN, 0x5c], 0x1f600], [[...ESC_ASCII], null]]);
  assert.deepEqual(show(std.encodeOrFail('\u000E', 'iso-2022-jp')), [[[], 0xfffd], [[], null]]);
  assert.throws(() => std.encodeOrFail('a', 'bogus'), RangeError);
  assert.throws(() => std.encodeOrFail('a'), TypeError);
});

// ---- percent-encode after encoding -------------------------------------------------------------

// Each set's printable ASCII members, written out from the URL Standard's definitions (C0
// controls, U+007F and everything above are in every set).
const SET_MEMBERS = {
  'c0-control': '',
  fragment: ' "<>`',
  query: ' "#<>',
  'special-query': ' "#\'<>',
  path: ' "#<>?^`{}',
  userinfo: ' "#/:;<=>?@[\\]^`{|}',
  component: ' "#$%&+,/:;<=>?@[\\]^`{|}',
  'application/x-www-form-urlencoded': ' !"#$%&\'()+,/:;<=>?@[\\]^`{|}~',
};
const pct = (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
/** The URL Standard's loop over "encode or fail" runs, written against encodeOrFail's output. */
function modelPercentEncode(encoding, input, set, spaceAsPlus) {
  let out = '';
  for (const { bytes: b, error } of std.encodeOrFail(input, encoding)) {
    for (const byte of b) {
      if (spaceAsPlus && byte === 0x20) out += '+';
      else if (byte < 0x20 || byte > 0x7e || SET_MEMBERS[set].includes(String.fromCharCode(byte))) out += pct(byte);
      else out += String.fromCharCode(byte);
    }
    if (error !== null) out += `%26%23${error}%3B`;
  }
  return out;
}

test("percentEncodeAfterEncoding: the URL Standard's examples", () => {
  const f = std.percentEncodeAfterEncoding;
  assert.equal(f('shift_jis', ' ', 'special-query'), '%20');
  assert.equal(f('shift_jis', '≡', 'special-query'), '%81%DF');
  assert.equal(f('shift_jis', '‽', 'special-query'), '%26%238253%3B');
  assert.equal(f('iso-2022-jp', '¥', 'special-query'), '%1B(J\\%1B(B');
  assert.equal(f('shift_jis', '1+1 ≡ 2%20‽', 'application/x-www-form-urlencoded'), '1%2B1+%81%DF+2%2520%26%238253%3B');
  assert.equal(f('utf-8', '≡', 'userinfo'), '%E2%89%A1');
  assert.equal(f('utf-8', '‽', 'userinfo'), '%E2%80%BD');
  assert.equal(f('utf-8', 'Say what‽', 'userinfo'), 'Say%20what%E2%80%BD');
});

test('percentEncodeAfterEncoding: every set, every ASCII character, with and without spaceAsPlus', () => {
  let all = '';
  for (let c = 0; c < 0x80; c++) all += String.fromCharCode(c);
  for (const set of std.PERCENT_ENCODE_SETS) {
    for (const spaceAsPlus of [undefined, false, true]) {
      const plus = spaceAsPlus ?? set === 'application/x-www-form-urlencoded';
      let expected = '';
      for (let c = 0; c < 0x80; c++) {
        const ch = String.fromCharCode(c);
        expected += plus && c === 0x20 ? '+' : c < 0x20 || c === 0x7f || SET_MEMBERS[set].includes(ch) ? pct(c) : ch;
      }
      for (const encoding of ['utf-8', 'windows-1252', 'shift_jis', 'euc-kr']) {
        assert.equal(std.percentEncodeAfterEncoding(encoding, all, set, spaceAsPlus), expected, `${set} ${spaceAsPlus} ${encoding}`);
      }
    }
  }
});

test('percentEncodeAfterEncoding: characters each legacy encoding can and cannot encode, in every set', () => {
  for (const name of ENCODERS) {
    const [can, cannot] = probes(name);
    const input = `a b+%${can}${cannot ?? ''}~'`;
    for (const set of std.PERCENT_ENCODE_SETS) {
      for (const spaceAsPlus of [undefined, false, true]) {
        const plus = spaceAsPlus ?? set === 'application/x-www-form-urlencoded';
        const got = std.percentEncodeAfterEncoding(name, input, set, spaceAsPlus);
        assert.equal(got, modelPercentEncode(name, input, set, plus), `${name} ${set} ${spaceAsPlus}`);
        // Independently of encodeOrFail: the encodable character's bytes are all percent-encoded
        // (every set holds every non-ASCII code point), the unencodable one is a decimal reference.
        const canBytes = std.encode(can, name, { mode: 'fatal' });
        const canText = Array.from(canBytes, (b) => (b < 0x20 || b > 0x7e || SET_MEMBERS[set].includes(String.fromCharCode(b)) ? pct(b) : String.fromCharCode(b))).join('');
        assert.ok(got.includes(canText), `${name} ${set}: ${can} is ${canText}`);
        if (cannot !== null) assert.ok(got.includes(`%26%23${cannot.codePointAt(0)}%3B`), `${name} ${set}: ${cannot}`);
        assert.ok(got.startsWith(plus ? 'a+b' : SET_MEMBERS[set].includes(' ') ? 'a%20b' : 'a b'), `${name} ${set}: space`);
      }
    }
  }
});

test('percentEncodeAfterEncoding: UTF-8 agrees with encodeURIComponent, URLSearchParams and the URL parser', () => {
  const samples = ["a b+c%d&e=f'g\"h#i<j>k`l{m}n|o\\p^q~r!s*t(u)v", "a b+c%d&e=f'g\"h<j>k`l{m}n|o\\p^q~r!s*t(u)v-_.", 'é€😀', '\u0000\u001F\u007F\u0080', "!$&'()*+,;=:@/?[]"];
  for (const s of samples) {
    assert.equal(std.percentEncodeAfterEncoding('utf-8', s, 'component'), encodeURIComponent(s), `component ${s}`);
    assert.equal(std.percentEncodeAfterEncoding('utf-8', s, 'application/x-www-form-urlencoded'), new URLSearchParams({ x: s }).toString().slice(2), `form ${s}`);
    if (!/[\t\n\r#\u0000-\u001f]/.test(s)) {
      assert.equal(std.percentEncodeAfterEncoding('utf-8', s, 'special-query'), new URL(`http://h/?${s}`).search.slice(1), `special-query ${s}`);
      assert.equal(std.percentEncodeAfterEncoding('utf-8', s, 'query'), new URL(`x://h/?${s}`).search.slice(1), `query ${s}`);
      assert.equal(std.percentEncodeAfterEncoding('utf-8', s, 'fragment'), new URL(`http://h/#${s.replace(/#/g, '')}`).hash.slice(1), `fragment ${s}`);
    }
  }
});

test('percentEncodeAfterEncoding: argument conversions and errors', () => {
  const f = std.percentEncodeAfterEncoding;
  assert.throws(() => f('utf-8', 'a'), TypeError);
  assert.throws(() => f('utf-8', 'a', 'bogus'), { name: 'TypeError', message: /not a percent-encode set/ });
  assert.throws(() => f('bogus', 'a', 'query'), RangeError);
  assert.throws(() => f('utf-8', Symbol('x'), 'query'), TypeError);
  assert.equal(f('utf-16le', 'é', 'query'), '%C3%A9', 'the output encoding of UTF-16LE is UTF-8');
  assert.equal(f('windows-1252', 'a\uD800', 'query'), 'a%26%2365533%3B');
  assert.equal(f('utf-8', 'a b', 'application/x-www-form-urlencoded', false), 'a%20b');
  assert.equal(f('utf-8', 'a b', 'query', 1), 'a+b');
});

// ---- Infra ---------------------------------------------------------------------------------------

test('isomorphicDecode and isomorphicEncode', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const text = std.isomorphicDecode(all);
  assert.equal(text.length, 256);
  for (let i = 0; i < 256; i++) assert.equal(text.charCodeAt(i), i);
  assert.deepEqual(std.isomorphicEncode(text), all);
  assert.equal(std.isomorphicDecode(all.buffer), text);
  assert.equal(std.isomorphicDecode(new Uint8Array(20000).fill(0xe9)), 'é'.repeat(20000));
  assert.deepEqual(std.isomorphicEncode(''), bytes());
  assert.throws(() => std.isomorphicEncode('aĀ'), { name: 'TypeError', message: /U\+0100 at index 1/ });
  assert.throws(() => std.isomorphicEncode('😀'), { name: 'TypeError', message: /U\+1F600 at index 0/ });
  const tricky = Uint8Array.of(0x41, 0x42);
  Object.defineProperty(tricky, 'subarray', { value: () => { throw new Error('own subarray used'); } });
  Object.defineProperty(tricky, 'length', { value: 99 });
  assert.equal(std.isomorphicDecode(tricky), 'AB', 'the bytes are read through intrinsics');
  assert.throws(() => std.isomorphicDecode('abc'), TypeError);
  assert.throws(() => std.isomorphicDecode(), TypeError);
});

// ---- streams -------------------------------------------------------------------------------------

const streamOf = (...chunks) => new ReadableStream({ start(c) { for (const chunk of chunks) c.enqueue(Uint8Array.from(chunk)); c.close(); } });
async function collect(readable) {
  const out = [];
  for await (const s of readable) out.push(s);
  return out;
}

test('streams: decode sniffs a BOM split across chunks and reports the encoding', async () => {
  const base = liveHandles();
  let r = std.decode(streamOf([0xef], [0xbb], [0xbf, 0x41], [0xe2, 0x82], [0xac]), 'windows-1252');
  assert.deepEqual((await collect(r.text)).join(''), 'A€');
  assert.equal(await r.encoding, 'utf-8');
  r = std.decode(streamOf([0xff], [0xfe, 0x41], [0x00, 0x3d, 0xd8], [0x00, 0xde]), 'utf-8');
  assert.equal(await r.encoding, 'utf-16le');
  assert.equal((await collect(r.text)).join(''), 'A\u{1F600}');
  r = std.decode(streamOf([0xef, 0xbb]), 'windows-1252');
  assert.equal((await collect(r.text)).join(''), 'ï»');
  assert.equal(await r.encoding, 'windows-1252');
  r = std.decode(streamOf([0xff]), 'utf-16le');
  assert.equal((await collect(r.text)).join(''), '\uFFFD');
  r = std.decode(streamOf(), 'shift_jis');
  assert.deepEqual(await collect(r.text), []);
  assert.equal(await r.encoding, 'shift_jis');
  r = std.decode(streamOf([0x82], [0xa0, 0x82], [0xa2]), 'shift_jis');
  assert.equal((await collect(r.text)).join(''), 'あい');
  // Random splits agree with the one-shot decode.
  const input = [0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00, 0x30, 0x42, 0xd8];
  for (let cut = 0; cut <= input.length; cut++) {
    r = std.decode(streamOf(input.slice(0, cut), input.slice(cut)), 'utf-8');
    assert.deepEqual({ text: (await collect(r.text)).join(''), encoding: await r.encoding }, std.decode(Uint8Array.from(input), 'utf-8'), `cut ${cut}`);
  }
  assert.equal(liveHandles(), base);
});

test('streams: the UTF-8 hooks return ReadableStreams of strings; an async iterable works too', async () => {
  const base = liveHandles();
  assert.equal((await collect(std.utf8Decode(streamOf([0xef, 0xbb], [0xbf, 0x61])))).join(''), 'a');
  assert.equal((await collect(std.utf8DecodeWithoutBOM(streamOf([0xef, 0xbb], [0xbf, 0x61])))).join(''), '\uFEFFa');
  assert.equal((await collect(std.utf8DecodeWithoutBOMOrFail(streamOf([0xe2], [0x82, 0xac])))).join(''), '€');
  await assert.rejects(collect(std.utf8DecodeWithoutBOMOrFail(streamOf([0x61], [0xff]))), TypeError);
  await assert.rejects(collect(std.utf8DecodeWithoutBOMOrFail(streamOf([0xe2, 0x82]))), TypeError, 'an incomplete sequence at the end fails');
  async function* chunks() {
    yield Uint8Array.of(0xf0, 0x9f);
    yield new Uint8Array([0x98, 0x80]).buffer;
  }
  assert.equal((await collect(std.utf8Decode(chunks()))).join(''), '😀');
  const r = std.decode(chunks(), 'latin1');
  assert.equal((await collect(r.text)).join(''), '\u00F0\u0178\u02DC\u20AC');
  assert.equal(await r.encoding, 'windows-1252');
  assert.equal(liveHandles(), base, 'the streaming decoders were freed');
});

test('streams: a chunk that is not a buffer errors the stream; cancel frees the decoder', async () => {
  const base = liveHandles();
  const bad = new ReadableStream({ start(c) { c.enqueue(Uint8Array.of(0x61, 0x62, 0x63)); c.enqueue('b'); c.close(); } });
  const r = std.decode(bad, 'utf-8');
  await assert.rejects(collect(r.text), TypeError);
  assert.equal(await r.encoding, 'utf-8', 'the encoding was known before the bad chunk');
  const early = std.decode(new ReadableStream({ start(c) { c.enqueue(5); } }), 'utf-8');
  await assert.rejects(collect(early.text), TypeError);
  await assert.rejects(early.encoding, TypeError);
  let cancelled = null;
  const endless = new ReadableStream({ pull(c) { c.enqueue(Uint8Array.of(0xe2)); }, cancel(reason) { cancelled = reason; } });
  const reader = std.utf8Decode(endless).getReader();
  await reader.read();
  assert.equal(liveHandles(), base + 1);
  await reader.cancel('stop');
  assert.equal(cancelled, 'stop');
  assert.equal(liveHandles(), base);
});

// ---- lite ----------------------------------------------------------------------------------------

test('lite/standard: CJK encodings are rejected with a RangeError naming their add-on; the rest match', () => {
  for (const name of CJK) {
    const check = (fn, what) => assert.throws(fn, (e) => e instanceof RangeError && e.message.includes(`'${name}'`) && /import 'text-encoding-wasm\/(japanese|simplified-chinese|traditional-chinese|korean)'/.test(e.message), `${what} ${name}`);
    check(() => lite.decode(bytes(0x41), name), 'decode');
    check(() => lite.encode('a', name), 'encode');
    check(() => lite.encodeOrFail('a', name), 'encodeOrFail');
    check(() => lite.percentEncodeAfterEncoding(name, 'a', 'query'), 'percentEncodeAfterEncoding');
    assert.equal(lite.getEncoding(name), name, 'the label is still known');
    assert.equal(lite.getOutputEncoding(name), name);
  }
  // A BOM does not make a CJK fallback acceptable: the argument is rejected first.
  assert.throws(() => lite.decode(bytes(0xef, 0xbb, 0xbf), 'shift_jis'), RangeError);
  for (const name of ENCODERS.filter((n) => !CJK.includes(n))) {
    const [can, cannot] = probes(name);
    const s = `a ${can}${cannot ?? ''}`;
    assert.deepEqual(lite.encode(s, name, { mode: 'replace' }), std.encode(s, name, { mode: 'replace' }), name);
    assert.equal(lite.percentEncodeAfterEncoding(name, s, 'special-query'), std.percentEncodeAfterEncoding(name, s, 'special-query'), name);
    const encoded = std.encode(s, name);
    assert.deepEqual(lite.decode(encoded, name), std.decode(encoded, name), name);
  }
  assert.equal(lite.utf8Decode(bytes(0xef, 0xbb, 0xbf, 0x61)), 'a');
  assert.equal(lite.bomSniff(bytes(0xff, 0xfe)), 'utf-16le');
});

// ---- the README's example ------------------------------------------------------------------------

test("README: resolving a URL's query in a Shift_JIS document", () => {
  const documentEncoding = std.getOutputEncoding(std.getEncoding('Shift_JIS'));
  const resolve = (href, base) => {
    const url = new URL(href, base);
    const rawQuery = href.includes('?') ? href.slice(href.indexOf('?') + 1).split('#')[0] : '';
    if (rawQuery !== '') url.search = `?${std.percentEncodeAfterEncoding(documentEncoding, rawQuery, 'special-query')}`;
    return url.href;
  };
  assert.equal(resolve('/search?q=日本語&x=😀', 'https://example.jp/'), 'https://example.jp/search?q=%93%FA%96{%8C%EA&x=%26%23128512%3B');
});
