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
// refuses), and UTF-8 encodes of mostly-ASCII strings through unescape(encodeURIComponent(string)).
// These are captured now, and checked once on a few inputs before they are used. Other UTF-8
// encodes (text mostly outside ASCII, where the URI functions write and read back three escapes
// per character, and strings with lone surrogates, which they refuse) go through a loop here.

import { addCodecs, setLoader } from '../core/instance.js';
import { addOnModule } from '../core/labels.js';
import { bufferOf, byteOffsetOf, charCodeAt, charCodeAtIsIntrinsic, fromCharCodeApply, min, setBytes, U8 } from '../core/intrinsics.js';
import { decodeDoubleByte } from '../core/double-byte-tables.js';
import { setNativeMultiByteDecoder, setNativeUtf8Builder, setNativeUtf8Encoder } from '../core/strings.js';
import { instantiate } from '../wasm/wasm2js.js';

setLoader(instantiate);
// Whole calls in the double-byte encodings by lookup in JavaScript (core/double-byte-tables.js).
setNativeMultiByteDecoder(decodeDoubleByte);

/**
 * Registers the add-on module `name` (japanese.js, japanese-encode.js, ...): `instantiateAddOn()` gives its module's
 * exports (its JavaScript build), called at the first call in one of its encodings.
 */
export function addOn(name, instantiateAddOn) {
  addCodecs(name, addOnModule(name), instantiateAddOn);
}

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

/** Scratch output of loopUtf8Bytes for strings up to SCRATCH_UNITS code units (three bytes each at most). */
const SCRATCH_UNITS = 1 << 14;
const scratch = new U8(3 * SCRATCH_UNITS);
/** Longer strings are left to the core (its slices bound the memory an encode takes). */
const LOOP_UNITS = 1 << 22;

/**
 * The UTF-8 bytes of `string`, a lone surrogate as U+FFFD (USVString conversion), by one loop over
 * its code units (String.prototype.charCodeAt must be the intrinsic one); null for a string over
 * LOOP_UNITS. Where the URI functions took every string, `node bench/no-wasm.mjs` had UTF-8
 * encode at 0.84x @exodus/bytes in QuickJS and 0.78x in Hermes (0.55-0.6x on the ja and zh
 * rows); with this loop for all but mostly-ASCII text, 1.09x and 1.13x. It is the one encoding
 * step written in JavaScript: js-build.test.mjs holds it to the wasm build's output on every code
 * unit and on random strings.
 */
function loopUtf8Bytes(string) {
  const n = string.length;
  if (n > LOOP_UNITS) return null;
  const o = n <= SCRATCH_UNITS ? scratch : new U8(3 * n);
  let j = 0;
  for (let i = 0; i < n; i++) {
    const c = string.charCodeAt(i);
    if (c < 0x80) {
      o[j++] = c;
    } else if (c < 0x800) {
      o[j] = 0xc0 | (c >> 6);
      o[j + 1] = 0x80 | (c & 0x3f);
      j += 2;
    } else if (c < 0xd800 || c > 0xdfff) {
      o[j] = 0xe0 | (c >> 12);
      o[j + 1] = 0x80 | ((c >> 6) & 0x3f);
      o[j + 2] = 0x80 | (c & 0x3f);
      j += 3;
    } else {
      const d = c < 0xdc00 && i + 1 < n ? string.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        o[j] = 0xf0 | (cp >> 18);
        o[j + 1] = 0x80 | ((cp >> 12) & 0x3f);
        o[j + 2] = 0x80 | ((cp >> 6) & 0x3f);
        o[j + 3] = 0x80 | (cp & 0x3f);
        j += 4;
        i++;
      } else {
        o[j] = 0xef;
        o[j + 1] = 0xbf;
        o[j + 2] = 0xbd;
        j += 3;
      }
    }
  }
  const out = new U8(j);
  setBytes(out, new U8(bufferOf(o), 0, j));
  return out;
}

/** Whether at most one of 16 code units of `string`, evenly spaced, is outside ASCII. */
function mostlyAscii(string) {
  const n = string.length;
  const step = n >>> 4 || 1;
  let other = 0;
  for (let i = 0; i < n; i += step) if (string.charCodeAt(i) >= 0x80 && ++other > 1) return false;
  return true;
}

/** Strings from this many code units that look mostly ASCII go through the URI functions. */
const URI_FROM_UNITS = 64;

const uriRight =
  typeof decodeUri === 'function' && typeof encodeUri === 'function' && typeof escapeLatin1 === 'function' && typeof unescapeLatin1 === 'function' && uriFunctionsRight();
if (uriRight) setNativeUtf8Builder(uriUtf8String, 0);
setNativeUtf8Encoder((string) => {
  if (!charCodeAtIsIntrinsic()) return uriRight ? uriUtf8Bytes(string) : null;
  if (uriRight && string.length >= URI_FROM_UNITS && mostlyAscii(string)) {
    const bytes = uriUtf8Bytes(string);
    if (bytes !== null) return bytes;
  }
  return loopUtf8Bytes(string);
});
