// The single-byte encodings: every byte decoded against the standard's index (as a hash of the 128
// high code points, computed from the index-*.txt files of the Encoding Standard when this suite
// was written), fatal mode exactly on the unmapped bytes, and byte → code point → byte round
// trips through the legacy encoders where the package has them.

import { assert, skip } from './harness.mjs';

/** [name, FNV-1a-32 of the UTF-16LE bytes of decode(0x80..0xFF), unmapped count, decode(0x80)]. */
const SINGLE_BYTE = [
  ['ibm866', 0x60296085, 0, 0x0410],
  ['iso-8859-2', 0x6d3af9f2, 0, 0x0080],
  ['iso-8859-3', 0xa5b84fa3, 7, 0x0080],
  ['iso-8859-4', 0x30e1538c, 0, 0x0080],
  ['iso-8859-5', 0x3524756a, 0, 0x0080],
  ['iso-8859-6', 0x8962cc54, 45, 0x0080],
  ['iso-8859-7', 0xaffba6f8, 3, 0x0080],
  ['iso-8859-8', 0x471e3f85, 36, 0x0080],
  ['iso-8859-8-i', 0x471e3f85, 36, 0x0080],
  ['iso-8859-10', 0xfbaf3e2b, 0, 0x0080],
  ['iso-8859-13', 0x8355b7d2, 0, 0x0080],
  ['iso-8859-14', 0x8ddb79d7, 0, 0x0080],
  ['iso-8859-15', 0x30a72b80, 0, 0x0080],
  ['iso-8859-16', 0x52cb0e54, 0, 0x0080],
  ['koi8-r', 0xb0c7c54e, 0, 0x2500],
  ['koi8-u', 0x8f80f626, 0, 0x2500],
  ['macintosh', 0x46726a45, 0, 0x00c4],
  ['windows-874', 0x5dca5c0d, 8, 0x20ac],
  ['windows-1250', 0xe2092860, 0, 0x20ac],
  ['windows-1251', 0x2943839f, 0, 0x0402],
  ['windows-1252', 0x6a769600, 0, 0x20ac],
  ['windows-1253', 0xb68f1445, 3, 0x20ac],
  ['windows-1254', 0x91e7609e, 0, 0x20ac],
  ['windows-1255', 0xad993dc3, 10, 0x20ac],
  ['windows-1256', 0x2f110d68, 0, 0x20ac],
  ['windows-1257', 0x1e6401f1, 2, 0x20ac],
  ['windows-1258', 0x320f953a, 0, 0x20ac],
  ['x-mac-cyrillic', 0xc604aa7b, 0, 0x0410],
];

function fnv1a(string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < string.length; i++) {
    const u = string.charCodeAt(i);
    h = Math.imul(h ^ (u & 0xff), 0x01000193) >>> 0;
    h = Math.imul(h ^ (u >>> 8), 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const ALL_BYTES = new Uint8Array(256).map((_, i) => i);

export default function register(test, { api, legacy }) {
  const { TextDecoder } = api;

  test('single-byte: every byte of every single-byte encoding matches the index', () => {
    for (const [name, hash, unmapped, first] of SINGLE_BYTE) {
      const text = new TextDecoder(name).decode(ALL_BYTES);
      assert.equal(text.length, 256, `${name}: one code unit per byte`);
      for (let b = 0; b < 0x80; b++) assert.equal(text.charCodeAt(b), b, `${name}: byte ${b} is ASCII`);
      const high = text.slice(0x80);
      assert.equal(high.charCodeAt(0), first, `${name}: byte 0x80`);
      assert.equal(high.split('\uFFFD').length - 1, unmapped, `${name}: unmapped bytes`);
      assert.equal(fnv1a(high), hash, `${name}: the 128 high code points`);
    }
  });

  test('single-byte: fatal mode throws exactly for unmapped bytes', () => {
    for (const [name] of SINGLE_BYTE) {
      const replaced = new TextDecoder(name).decode(ALL_BYTES);
      const fatal = new TextDecoder(name, { fatal: true });
      for (let b = 0x80; b < 0x100; b++) {
        const byte = new Uint8Array([b]);
        if (replaced.charCodeAt(b) === 0xfffd) assert.throws(TypeError, () => fatal.decode(byte), `${name} byte ${b}`);
        else assert.equal(fatal.decode(byte), replaced[b], `${name} byte ${b}`);
      }
    }
  });

  test('single-byte: x-user-defined maps 0x80..0xFF to U+F780..U+F7FF', () => {
    const text = new TextDecoder('x-user-defined').decode(ALL_BYTES);
    for (let b = 0; b < 256; b++) assert.equal(text.charCodeAt(b), b < 0x80 ? b : 0xf780 + b - 0x80, `byte ${b}`);
  });

  test('single-byte: byte -> code point -> byte round trips (legacy encoders)', () => {
    if (!legacy || typeof legacy.encode !== 'function') throw skip('the package has no legacy entry');
    for (const [name] of [...SINGLE_BYTE, ['x-user-defined']]) {
      const text = new TextDecoder(name).decode(ALL_BYTES);
      for (let b = 0; b < 256; b++) {
        if (text.charCodeAt(b) === 0xfffd) continue;
        assert.arrayEqual(legacy.encode(text[b], name), [b], `${name} byte ${b} (U+${text.charCodeAt(b).toString(16)})`);
      }
      assert.throws(TypeError, () => legacy.encode('\u{1F600}', name), `${name}: an unmappable code point is fatal`);
    }
  });
}
