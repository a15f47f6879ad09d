// Every legacy single-byte encoding: bytes 0x00..0xFF decoded against the standard's index files
// (replacement and fatal modes), streaming byte by byte, and x-user-defined.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';
import { readSingleByteIndex, SKIP, singleByteEncodings } from './standard-data.mjs';

const { TextDecoder } = await importEntry('.');

const singleByte = singleByteEncodings;

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

/** The standard's expected decoding of byte `b` (null: unmapped, an error). */
function expectedFor(index, b) {
  if (b < 0x80) return String.fromCharCode(b);
  const cp = index.get(b - 0x80);
  return cp === undefined ? null : String.fromCodePoint(cp);
}

test('the single-byte group of encodings.json has the 28 expected encodings', { skip: SKIP }, () => {
  assert.equal(singleByte.length, 28);
  assert.ok(singleByte.some((e) => e.name === 'windows-1252'));
  assert.ok(singleByte.some((e) => e.name === 'x-mac-cyrillic'));
});

test('every single-byte encoding decodes 0x00..0xFF as its index says (replacement mode)', { skip: SKIP }, () => {
  let unmappedTotal = 0;
  for (const { name, labels } of singleByte) {
    const index = readSingleByteIndex(name);
    const expected = [...ALL_BYTES].map((b) => expectedFor(index, b) ?? '\ufffd').join('');
    for (const label of [name, labels[labels.length - 1]]) {
      const d = new TextDecoder(label);
      assert.equal(d.encoding, name.toLowerCase());
      const out = d.decode(ALL_BYTES);
      if (out !== expected) {
        for (let b = 0; b < 256; b++) {
          assert.equal(out[b], expected[b], `${name} (label ${label}) byte 0x${b.toString(16)}`);
        }
      }
      assert.equal(out, expected, name);
    }
    unmappedTotal += 128 - index.size;
    // Byte by byte, streaming: the same string.
    const d = new TextDecoder(name);
    let streamed = '';
    for (const b of ALL_BYTES) streamed += d.decode(ALL_BYTES.subarray(b, b + 1), { stream: true });
    streamed += d.decode();
    assert.equal(streamed, expected, `${name} streamed`);
  }
  assert.ok(unmappedTotal > 0, 'some encodings have unmapped bytes (e.g. windows-874, ISO-8859-3)');
});

test('explicit spot checks against the index files', () => {
  const checks = [
    ['windows-1252', 0x80, '€'],
    ['windows-1252', 0x81, '\u0081'],
    ['windows-1252', 0x9f, 'Ÿ'],
    ['ibm866', 0x80, 'А'],
    ['iso-8859-2', 0xa1, 'Ą'],
    ['koi8-r', 0xc1, 'а'],
    ['koi8-u', 0xa4, 'є'],
    ['macintosh', 0x80, 'Ä'],
    ['windows-874', 0xa1, 'ก'],
    ['iso-8859-7', 0xa4, '€'],
    ['iso-8859-8', 0xe0, 'א'],
    ['iso-8859-8-i', 0xe0, 'א'],
    ['x-mac-cyrillic', 0xff, '€'],
    ['windows-1258', 0xfe, '\u20ab'],
    ['windows-1258', 0xde, '\u0303'],
  ];
  for (const [label, byte, char] of checks) {
    assert.equal(new TextDecoder(label).decode(new Uint8Array([byte])), char, `${label} 0x${byte.toString(16)}`);
  }
});

test('fatal: an unmapped byte is a TypeError; every mapped byte decodes', { skip: SKIP }, () => {
  let unmapped = 0;
  for (const { name } of singleByte) {
    const index = readSingleByteIndex(name);
    const d = new TextDecoder(name, { fatal: true });
    for (let b = 0; b < 256; b++) {
      const expected = expectedFor(index, b);
      const input = new Uint8Array([0x41, b, 0x42]);
      if (expected === null) {
        unmapped++;
        assert.throws(() => d.decode(input), TypeError, `${name} 0x${b.toString(16)}`);
        assert.throws(() => d.decode(input, { stream: true }), TypeError, `${name} 0x${b.toString(16)} streaming`);
      } else {
        assert.equal(d.decode(input), `A${expected}B`, `${name} 0x${b.toString(16)}`);
      }
    }
  }
  assert.ok(unmapped > 0);
});

test('unmapped bytes, explicitly: ISO-8859-3 0xA5, windows-874 0xDB, ISO-8859-8 0xA1, ISO-8859-6 0xA1', () => {
  for (const [label, byte] of [['iso-8859-3', 0xa5], ['windows-874', 0xdb], ['iso-8859-8', 0xa1], ['iso-8859-6', 0xa1], ['windows-1253', 0xaa]]) {
    const bytes = new Uint8Array([0x61, byte, 0x62]);
    assert.equal(new TextDecoder(label).decode(bytes), 'a\ufffdb', label);
    assert.throws(() => new TextDecoder(label, { fatal: true }).decode(bytes), TypeError, label);
  }
});

test('cross-check windows-1252 and latin1 labels against the host decoder', { skip: typeof globalThis.TextDecoder !== 'function' && 'no host TextDecoder' }, (t) => {
  let host;
  try {
    host = new globalThis.TextDecoder('windows-1252');
  } catch {
    t.skip('the host has no windows-1252');
    return;
  }
  // Some Node versions decode "windows-1252" as ISO-8859-1 (0x80 → U+0080): not a usable oracle.
  if (host.decode(new Uint8Array([0x80])) !== '€') {
    t.skip('the host decodes windows-1252 as ISO-8859-1 (0x80 is not €): not a usable oracle');
    return;
  }
  assert.equal(new TextDecoder('latin1').decode(ALL_BYTES), host.decode(ALL_BYTES));
});

test('x-user-defined: 0x00..0x7F as is, 0x80..0xFF → U+F780..U+F7FF, never an error', () => {
  const out = new TextDecoder('x-user-defined', { fatal: true }).decode(ALL_BYTES);
  assert.equal(out.length, 256);
  for (let b = 0; b < 256; b++) {
    assert.equal(out.charCodeAt(b), b < 0x80 ? b : 0xf780 + b - 0x80, `byte 0x${b.toString(16)}`);
  }
  assert.equal(out.charCodeAt(0x80), 0xf780);
  assert.equal(out.charCodeAt(0xff), 0xf7ff);
  assert.equal(new TextDecoder('x-user-defined').encoding, 'x-user-defined');
  const d = new TextDecoder('x-user-defined');
  assert.equal(d.decode(new Uint8Array([0x80]), { stream: true }) + d.decode(new Uint8Array([0xff])), '\uf780\uf7ff');
});
