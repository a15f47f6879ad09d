// The shortcuts of a whole legacy encode (encode-modes.js's encodeOnce, behind `encode(input,
// label)`): single-byte encodings mapped in JavaScript through a reverse of the wasm's index,
// double-byte encodings through a table of the wasm encoder's own output (once it has encoded
// enough of them), and all-ASCII inputs to every other encoding copied as they are. Each must give exactly what the wasm
// encoder gives, in every mode: a LegacyEncoder (whose calls always run the wasm encoder through a
// handle) is the reference, and for single-byte encodings the standard's index files are a second,
// independent one (every code unit of the BMP, every byte value).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';
import { readSingleByteIndex, SKIP, singleByteEncodings } from './standard-data.mjs';
import { rng } from './random.mjs';

const { encode, LegacyEncoder } = await importEntry('./legacy');
const { TextDecoder } = await importEntry('.');

const singleByte = singleByteEncodings.map((e) => e.name);

/** What the wasm encoder does with `string` (whole, one call): bytes, or the error's message. */
function reference(string, label, options) {
  try {
    return new LegacyEncoder(label, options).encode(string);
  } catch (error) {
    assert.ok(error instanceof TypeError, `the reference throws TypeError, not ${error}`);
    return error.message.replace("Failed to execute 'encode' on 'LegacyEncoder'", '');
  }
}

/** What `encode` does with `string`: bytes, or the error's message (as `reference` gives it). */
function viaEncode(string, label, options) {
  try {
    const bytes = encode(string, label, options);
    // A fresh array of its own: never a view of wasm memory or of a table.
    assert.equal(bytes.byteOffset, 0);
    assert.equal(bytes.buffer.byteLength, bytes.length);
    return bytes;
  } catch (error) {
    assert.ok(error instanceof TypeError, `encode throws TypeError, not ${error}`);
    return error.message.replace("Failed to execute 'encode'", '');
  }
}

const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

const MODES = [undefined, { mode: 'fatal' }, { mode: 'html' }, { mode: 'replace' }, { mode: 'replace', replacement: '' }, { mode: 'replace', replacement: 'x?' }];

test('single-byte: every BMP code unit encodes as the standard index says, and as the wasm encoder does', { skip: SKIP }, () => {
  assert.equal(singleByte.length, 28);
  for (const name of singleByte) {
    const index = readSingleByteIndex(name);
    const first = new Map();
    for (let pointer = 0; pointer < 128; pointer++) {
      const cp = index.get(pointer);
      if (cp !== undefined && !first.has(cp)) first.set(cp, 0x80 + pointer);
    }
    const html = { mode: 'html' };
    const reference1 = new LegacyEncoder(name, html);
    let mapped = '';
    for (let u = 0; u < 0x10000; u++) {
      const s = String.fromCharCode(u);
      const got = encode(s, name, html);
      const want = reference1.encode(s);
      if (!sameBytes(got, want)) assert.fail(`${name} U+${u.toString(16)}: ${got} but the wasm encoder gives ${want}`);
      // The standard: ASCII as is, then the first pointer; anything else (a lone surrogate is
      // U+FFFD, in no single-byte index) an error, "&#N;" in html mode.
      const byte = u < 0x80 ? u : first.get(u >= 0xd800 && u <= 0xdfff ? 0xfffd : u);
      const expected = byte !== undefined ? [byte] : [...`&#${u >= 0xd800 && u <= 0xdfff ? 0xfffd : u};`].map((c) => c.charCodeAt(0));
      if (!sameBytes(got, expected)) assert.fail(`${name} U+${u.toString(16)}: ${got}, the standard says ${expected}`);
      if (byte !== undefined) mapped += s;
    }
    // Everything mappable at once (in pieces short enough for the shortcut, and whole).
    for (let at = 0; at < mapped.length; at += 200) {
      const piece = mapped.slice(at, at + 200);
      assert.deepEqual(encode(piece, name), reference(piece, name));
    }
    assert.deepEqual(encode(mapped, name), reference(mapped, name));
  }
});

test('single-byte: every byte value decodes and encodes back (the first byte of each code point)', { skip: SKIP }, () => {
  for (const name of singleByte) {
    const seen = new Set();
    const decoder = new TextDecoder(name);
    for (let b = 0; b < 256; b++) {
      const s = decoder.decode(Uint8Array.of(b));
      if (s === '\uFFFD' || seen.has(s)) continue;
      seen.add(s);
      assert.deepEqual(encode(s, name), Uint8Array.of(b), `${name} byte ${b}`);
    }
  }
});

/** A random string of up to `max` code units from `alphabet` (strings of code units). */
function randomString(next, alphabet, max) {
  const n = Math.floor(next() * (max + 1));
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
  return s;
}

/** Pieces that test both paths: ASCII, NUL, Latin-1, Cyrillic, CJK, lone and paired surrogates. */
const PIECES = ['a', 'Z', '~', '\0', '\x1b', '\x0e', '\x0f', ' ', 'é', '\x80', '\xa0', '\xff', '€', '™', 'ж', 'Ж', 'ё', 'あ', '漢', '한', '\ufffd', '\ud83d', '\ude00', '\ud83d\ude00', '\uf8ff', '\ufb02', '¥', '‾', '−', 'ｱ'];

test('every label, random strings around the shortcut limit, every mode: encode is the wasm encoder', () => {
  const next = rng(0x5eed1e55);
  const labels = ['windows-1252', 'windows-1251', 'koi8-r', 'iso-8859-2', 'macintosh', 'x-mac-cyrillic', 'ibm866', 'windows-874', 'x-user-defined', 'utf-8', 'utf-16le', 'shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr'];
  for (const label of labels) {
    for (let k = 0; k < 300; k++) {
      const max = k % 3 === 0 ? 300 : 24;
      const s = randomString(next, k % 2 ? PIECES : PIECES.slice(0, 16), max);
      for (const options of MODES) {
        assert.deepEqual(viaEncode(s, label, options), reference(s, label, options), `${label} ${JSON.stringify(s)} ${JSON.stringify(options)}`);
      }
    }
  }
});

const DOUBLE_BYTE = ['shift_jis', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr'];

test('double-byte: once the wasm has encoded 64 Ki code units, every BMP code unit and random strings encode as the wasm encoder does', () => {
  // Enough for the table (encode-modes.js's DOUBLE_BYTE_TABLE_AFTER), in calls the shortcuts do not take.
  const prime = '\u3042'.repeat(1 << 16);
  const next = rng(0xdb1e);
  const cjk = ['あ', '漢', '한', '中', '龍', 'ｱ', '¥', '‾', '−', '€', '\u0080', '\ue000', '\ue7c7', '\uffe2', '\u2116', '\u00a7'];
  for (const label of DOUBLE_BYTE) {
    encode(prime, label, { mode: 'html' });
    for (let u = 0x80; u <= 0xffff; u++) {
      const s = String.fromCharCode(u);
      const want = reference(s, label, { mode: 'html' });
      assert.ok(sameBytes(viaEncode(s, label, { mode: 'html' }), want), `${label} U+${u.toString(16)}`);
    }
    for (let k = 0; k < 300; k++) {
      const s = randomString(next, k % 2 ? PIECES.concat(cjk) : cjk, k % 3 === 0 ? 300 : 24);
      for (const options of MODES) {
        assert.deepEqual(viaEncode(s, label, options), reference(s, label, options), `${label} ${JSON.stringify(s)} ${JSON.stringify(options)}`);
      }
    }
  }
});

test('all-ASCII inputs: every ASCII code unit, alone and together, in every encoding, every mode', () => {
  const labels = ['windows-1252', 'koi8-r', 'x-user-defined', 'utf-8', 'utf-16be', 'iso-2022-kr', 'shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr'];
  const all = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i));
  for (const label of labels) {
    for (const options of MODES) {
      for (let u = 0; u < 128; u++) {
        const s = String.fromCharCode(u);
        assert.deepEqual(viaEncode(s, label, options), reference(s, label, options), `${label} U+${u.toString(16)}`);
      }
      assert.deepEqual(viaEncode(all, label, options), reference(all, label, options), label);
      assert.deepEqual(viaEncode(all.repeat(3), label, options), reference(all.repeat(3), label, options), label);
    }
  }
  // ISO-2022-JP: SO, SI and ESC are errors with U+FFFD, wherever they are.
  assert.throws(() => encode('ab\x1bc', 'iso-2022-jp'), { name: 'TypeError', message: /U\+FFFD at index 2/ });
  assert.deepEqual(encode('a\x0eb', 'iso-2022-jp', { mode: 'html' }), Uint8Array.from('a&#65533;b', (c) => c.charCodeAt(0)));
});

test('errors name the code point and its index, whichever path ran', () => {
  assert.throws(() => encode('abcж', 'windows-1252'), { name: 'TypeError', message: "U+0436 at index 3 cannot be encoded in windows-1252" });
  assert.throws(() => encode('ж\ud83d\ude00', 'windows-1251'), { name: 'TypeError', message: "U+1F600 at index 1 cannot be encoded in windows-1251" });
  assert.throws(() => encode('x\ud800', 'koi8-r'), { name: 'TypeError', message: "U+FFFD at index 1 cannot be encoded in koi8-r" });
  assert.throws(() => encode('aé', 'shift_jis'), { name: 'TypeError', message: "U+00E9 at index 1 cannot be encoded in shift_jis" });
  // A result is the caller's: changing it changes no later result.
  const first = encode('жж', 'windows-1251');
  first[0] = 0;
  assert.deepEqual(encode('жж', 'windows-1251'), Uint8Array.of(0xe6, 0xe6));
  const ascii = encode('ab', 'gbk');
  ascii[0] = 0;
  assert.deepEqual(encode('ab', 'gbk'), Uint8Array.of(0x61, 0x62));
});

test('labels: the cached resolution still converts, trims and rejects as "get an encoding" does', () => {
  assert.deepEqual(encode('é', ' Latin1 '), Uint8Array.of(0xe9));
  assert.deepEqual(encode('é', 'latin1'), Uint8Array.of(0xe9));
  assert.deepEqual(encode('é', { toString: () => 'latin1' }), Uint8Array.of(0xe9));
  assert.throws(() => encode('a', 'latin2x'), RangeError);
  assert.throws(() => encode('a', 'latin2x'), RangeError); // not cached as valid
  // A bad mode is reported before a bad label (WebIDL order: the label, then the options).
  assert.throws(() => encode('a', 'nonsense', { mode: 'bogus' }), TypeError);
  // UTF-16 and replacement encode as UTF-8.
  assert.deepEqual(encode('é', 'utf-16le'), Uint8Array.of(0xc3, 0xa9));
  assert.deepEqual(encode('a', 'utf-16be'), Uint8Array.of(0x61));
});
