// Sets the core's loader for the JavaScript build: the same core as the wasm, translated to
// JavaScript by the build (../wasm/wasm2js.js, binaryen's wasm2js of the optimized wasm),
// instantiated on first use. For hosts without WebAssembly or that refuse to compile it (Hermes,
// iOS Lockdown Mode, a Content-Security-Policy without 'wasm-unsafe-eval').
//
// Where the core is JavaScript, the language's own UTF-8 conversions are faster than its
// translated loops (npm run bench -- --engines, "QuickJS" and "Hermes"): decodeURIComponent decodes
// well-formed UTF-8 natively and throws URIError for every malformed sequence (ECMA-262's Decode:
// overlongs, surrogates and code points above U+10FFFF included), and encodeURIComponent encodes
// every string without a lone surrogate (it throws for those). So whole UTF-8 decodes go through
// escape() of the bytes as a Latin-1 string, then decodeURIComponent (the core decodes what it
// refuses), and UTF-8 encodes through unescape(encodeURIComponent(string)) (the core encodes what
// it refuses). These are captured now, and checked once on a few inputs before they are used.

import { setLoader } from '../core/instance.js';
import { bufferOf, byteOffsetOf, charCodeAt, charCodeAtIsIntrinsic, fromCharCodeApply, min, U8 } from '../core/intrinsics.js';
import { decodeDoubleByte } from '../core/double-byte-tables.js';
import { setNativeMultiByteDecoder, setNativeUtf8Builder, setNativeUtf8Encoder } from '../core/strings.js';
import { instantiate } from '../wasm/wasm2js.js';

setLoader(instantiate);
// Whole calls in the double-byte encodings by lookup in JavaScript (core/double-byte-tables.js).
setNativeMultiByteDecoder(decodeDoubleByte);

const g = globalThis;
const decodeUri = g.decodeURIComponent;
const encodeUri = g.encodeURIComponent;
const escapeLatin1 = g.escape;
const unescapeLatin1 = g.unescape;
const CHUNK = 8192;

/** The string of well-formed UTF-8 bytes `start` to `end` of `bytes`, or null (malformed). */
function uriUtf8String(bytes, start, end) {
  const buffer = bufferOf(bytes);
  const at = byteOffsetOf(bytes) + start;
  let latin1 = '';
  for (let i = 0; i < end - start; i += CHUNK) latin1 += fromCharCodeApply(null, new U8(buffer, at + i, min(end - start - i, CHUNK)));
  try {
    return decodeUri(escapeLatin1(latin1));
  } catch {
    return null;
  }
}

/** The UTF-8 bytes of `string`, or null where it has a lone surrogate. */
function uriUtf8Bytes(string) {
  let binary;
  try {
    binary = unescapeLatin1(encodeUri(string));
  } catch {
    return null;
  }
  const n = binary.length;
  const out = new U8(n);
  if (!charCodeAtIsIntrinsic()) {
    for (let i = 0; i < n; i++) out[i] = charCodeAt(binary, i);
    return out;
  }
  // Four bytes per turn: the interpreters (QuickJS, Hermes) pay for every turn of a loop.
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    out[i] = binary.charCodeAt(i);
    out[i + 1] = binary.charCodeAt(i + 1);
    out[i + 2] = binary.charCodeAt(i + 2);
    out[i + 3] = binary.charCodeAt(i + 3);
  }
  for (; i < n; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Whether the language's functions do what the above relies on, on a few inputs. */
function uriFunctionsRight() {
  try {
    const bytes = (list) => new U8(list);
    const right =
      uriUtf8String(bytes([0x41, 0x25, 0x23, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbb, 0xbf]), 0, 15) === 'A%#\xe9\u20ac\u{1f600}\ufeff' &&
      [[0xed, 0xa0, 0x80], [0xc0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80], [0xff]].every((b) => uriUtf8String(bytes(b), 0, b.length) === null) &&
      uriUtf8Bytes('\ud800') === null &&
      String(uriUtf8Bytes('A%\xe9\u20ac\u{1f600}')) === '65,37,195,169,226,130,172,240,159,152,128';
    return right;
  } catch {
    return false;
  }
}

if (typeof decodeUri === 'function' && typeof encodeUri === 'function' && typeof escapeLatin1 === 'function' && typeof unescapeLatin1 === 'function') {
  if (uriFunctionsRight()) {
    setNativeUtf8Builder(uriUtf8String, 0);
    setNativeUtf8Encoder(uriUtf8Bytes);
  }
}
