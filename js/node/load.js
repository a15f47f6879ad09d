// Sets the core's loader for Node: on first use the wasm (../wasm/core.wasm) is read from disk and
// instantiated synchronously or, where WebAssembly is off (`node --jitless`, `--no-expose-wasm`),
// the JavaScript build of the same core (../wasm/wasm2js.cjs) is required. Node's built-in modules
// come through process.getBuiltinModule (in the CommonJS twin, load.cjs, through require): no trip
// through the ESM loader at import, and no top-level await, so every Node entry can also be loaded
// with require() as an ES module.
//
// Node's Buffer gives the crossing native string building and writing (captured here, so later
// changes to Buffer.prototype change nothing): utf16le strings from wasm memory, one-byte (latin1)
// strings for ASCII and Latin-1 text, an ASCII check (buffer.isAscii), the string of well-formed
// UTF-8 (buffer.isUtf8, then a utf8 slice), and utf16le writes of strings into wasm memory.

import { setNativeStringWriter } from '../core/crossing.js';
import { addCodecs, onMemory, setLoader } from '../core/instance.js';
import { addOnModule } from '../core/labels.js';
import { hostCodecsAllowed } from '../core/host-classes.js';
import { setCoreFrom, setNativeDecoder, SINGLE_BYTE, UTF16BE, UTF16LE, UTF8 } from '../core/host-decoders.js';
import { setEncodeCoreFrom, setEncodeIntoCoreFrom } from '../core/host-encoder.js';
import { setEncodeCoreUpTo } from '../core/host-speed.js';
import { arrayBufferByteLengthOf, bufferOf, byteLengthOf, byteOffsetOf, charCodeAt, U32, U8, uncurry } from '../core/intrinsics.js';
import { setNativeAsciiCheck, setNativeLatin1Builders, setNativeMultiByteDecoder, setNativeStringBuilder, setNativeUtf8Builder, setNativeWindows1252 } from '../core/strings.js';
import { decodeDoubleByte } from '../core/double-byte-tables.js';
import { instantiate } from '../wasm/instantiate.js';

const getBuiltinModule =
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule : null;

/** A Node built-in module, loaded synchronously. */
function builtin(name) {
  if (getBuiltinModule !== null) return getBuiltinModule(name);
  if (typeof require === 'function') return require(name); // the CommonJS twin
  throw new Error(
    `text-encoding-wasm: this Node (${typeof process === 'object' ? process.version : 'unknown'}) has no process.getBuiltinModule, which the ES module entries need (Node 20.16, 22.3 and later have it); update Node, or load the package with require()`,
  );
}

/**
 * Whether this is Bun, which runs the Node folder too: used only to choose the faster of two
 * decoders that both pass the checks (core/host-decoders.js), never to decide that one is right.
 */
const versions = typeof process === 'object' && process !== null ? process.versions : undefined;
const inBun = typeof versions === 'object' && versions !== null && typeof versions.bun === 'string';

/** This file's location: its URL here, its path in the CommonJS twin (where import.meta is empty). */
const here = import.meta.url || __filename;

/**
 * The loader of a module of ../wasm/: NAME.wasm read from disk, or its JavaScript build
 * (PREFIXwasm2js.cjs) where WebAssembly is off.
 */
const loaderOf = (name, prefix) => () => {
  const requireHere = builtin('node:module').createRequire(here);
  if (typeof WebAssembly !== 'object' || WebAssembly === null) return requireHere(`../wasm/${prefix}wasm2js.cjs`).instantiate();
  return instantiate(builtin('node:fs').readFileSync(requireHere.resolve(`../wasm/${name}.wasm`)));
};
setLoader(loaderOf('core', ''));

/** Registers the add-on module `name` (japanese.js, japanese-encode.js, ...): its module is read at the first call in one of its encodings. */
export function addOn(name) {
  addCodecs(name, addOnModule(name), loaderOf(name, `${name}-`));
}

const { Buffer, isAscii, isUtf8 } = builtin('node:buffer');
// Each as `method(receiver, ...args)` (core/intrinsics.js's uncurry): immune to later changes of
// Buffer.prototype or Function.prototype.
const latin1Slice = uncurry(Buffer.prototype.latin1Slice);
const ucs2Slice = uncurry(Buffer.prototype.ucs2Slice);
const ucs2Write = uncurry(Buffer.prototype.ucs2Write);
const utf8Slice = uncurry(Buffer.prototype.utf8Slice);
const bufferFrom = Buffer.from.bind(Buffer);
let memory = null;
onMemory((arrayBuffer) => {
  memory = bufferFrom(arrayBuffer);
});

// Buffer's utf16le decoding builds long strings fastest in Node (npm run bench: about 1.9x
// String.fromCharCode.apply from 16 code units on: it costs the same at any short length); it
// never strips a U+FEFF.
setNativeStringBuilder((_, byteOffset, byteLength) => ucs2Slice(memory, byteOffset, byteOffset + byteLength), 16);
// One-byte strings: Latin-1 output narrowed in wasm, and ASCII input as it is (isAscii is
// simdutf's check, far faster than a JavaScript loop on long inputs).
setNativeLatin1Builders(
  (_, byteOffset, length) => latin1Slice(memory, byteOffset, byteOffset + length),
  (bytes, length) => latin1Slice(bytes, 0, length),
);
if (typeof isAscii === 'function') setNativeAsciiCheck(isAscii);
// Short whole decodes in the double-byte encodings (Shift_JIS, EUC-JP, EUC-KR, Big5, GBK,
// gb18030), once the core has decoded 128 KiB of such calls in the encoding: a lookup per
// character in tables of the core's own output (core/double-byte-tables.js, which the JavaScript
// build uses at every length) costs less than the crossing into wasm at these lengths.
const SHORT_DOUBLE_BYTE = 64;
// windows-1252 (the labels latin1, iso-8859-1, ascii ... too) is Latin-1 but for the bytes 0x80 to
// 0x9F: Buffer's latin1 slices of the pieces between them, found by a scan four bytes a turn, and
// the core's characters for them (core/strings.js), where they are few (each costs a slice, about
// as much as the core's decoding of 60 bytes); where they are more, the core decodes the whole
// input. TEW_BENCH_SECTIONS=decodeLegacy,shortDecode npm run bench -- --engines=node24: see the
// README.
// Only an input on an ArrayBuffer is read so (the getter throws for a SharedArrayBuffer, whose
// bytes could change between the scan and the slices: the core copies them first); only where the
// latin1 slice of every byte is that code point (checked at the first call); not with the host's
// codecs switched off (core/host-codecs.js).
let latin1Right;
if (hostCodecsAllowed) setNativeWindows1252((bytes, length, c1) => {
  if (latin1Right === undefined) {
    const all = new U8(256);
    for (let b = 0; b < 256; b++) all[b] = b;
    const text = latin1Slice(all, 0, 256);
    latin1Right = text.length === 256;
    for (let b = 0; b < 256 && latin1Right; b++) latin1Right = charCodeAt(text, b) === b;
  }
  if (!latin1Right) return null;
  const buffer = bufferOf(bytes);
  arrayBufferByteLengthOf(buffer);
  if (length > 32 && isAscii !== undefined && isAscii(bytes)) return latin1Slice(bytes, 0, length);
  let i = c1After(bytes, buffer, 0, length);
  if (i === length) return latin1Slice(bytes, 0, length);
  const most = 4 + (length >> 6);
  const chars = c1();
  let out = '';
  let from = 0;
  for (let count = 1; i < length; count++) {
    if (count > most) return null;
    out += latin1Slice(bytes, from, i) + chars[bytes[i] - 0x80];
    from = i + 1;
    i = c1After(bytes, buffer, from, length);
  }
  return out + latin1Slice(bytes, from, length);
});

/**
 * The index of the first byte from 0x80 to 0x9F in `bytes` (on `buffer`) from `i` on, or `length`:
 * four bytes a turn through a Uint32Array over the aligned middle (a byte of `w & 0xe0e0e0e0` is
 * 0x80 exactly there; the word has one where `x = that ^ 0x80808080` has a zero byte).
 */
function c1After(bytes, buffer, i, length) {
  const offset = byteOffsetOf(bytes);
  for (; i < length && ((offset + i) & 3) !== 0; i++) if ((bytes[i] & 0xe0) === 0x80) return i;
  const words = (length - i) >> 2;
  if (words >= 8) {
    const w32 = new U32(buffer, offset + i, words);
    let k = 0;
    for (; k < words; k++) {
      const x = (w32[k] & 0xe0e0e0e0) ^ 0x80808080;
      if (((x - 0x01010101) & ~x & 0x80808080) !== 0) break;
    }
    i += k * 4;
  }
  for (; i < length; i++) if ((bytes[i] & 0xe0) === 0x80) return i;
  return length;
}
setNativeMultiByteDecoder((ordinal, bytes, length, coreDecode) => (length <= SHORT_DOUBLE_BYTE ? decodeDoubleByte(ordinal, bytes, length, coreDecode) : null));
// Inputs above the slice limit that are well-formed UTF-8 (simdutf's check) become a string in
// one native step, straight from the input: the string is never held twice (as slices and then
// joined), so a 300 MB decode peaks where the host's own does.
const wellFormedUtf8 = typeof isUtf8 === 'function' ? (bytes, start, end) => (isUtf8(bytes) ? utf8Slice(bytes, start, end) : null) : null;
if (wellFormedUtf8 !== null) setNativeUtf8Builder(wellFormedUtf8);
// UTF-8 straight to a string by V8's own decoder (Buffer's utf8 slice: the standard's replacement
// of malformed sequences, checked by core/host-decoders.js before it is used), without the argument
// handling of Node's TextDecoder around it; in fatal mode only well-formed UTF-8 (isUtf8). Not in
// Bun, whose TextDecoder is the faster of the two there (on short inputs, where the difference is
// the cost of the call).
if (!inBun) setNativeDecoder(UTF8, (fatal) => {
  if (!fatal) return (bytes) => utf8Slice(bytes, 0, byteLengthOf(bytes));
  if (wellFormedUtf8 === null) return null;
  return (bytes) => {
    const text = wellFormedUtf8(bytes, 0, byteLengthOf(bytes));
    if (text === null) throw new TypeError('malformed'); // the core then throws the package's error
    return text;
  };
});
// UTF-16LE straight from the input: Buffer's ucs2 slice copies the code units, and
// String.prototype.isWellFormed / toWellFormed give the standard's replacement of unpaired
// surrogates (an odd last byte is one more U+FFFD, or is the U+FFFD of a lead surrogate before
// it); checked by core/host-decoders.js like any host decoder. No BOM reaches it (the caller strips
// one).
const isWellFormed = typeof ''.isWellFormed === 'function' ? uncurry(String.prototype.isWellFormed) : null;
const toWellFormed = typeof ''.toWellFormed === 'function' ? uncurry(String.prototype.toWellFormed) : null;
if (isWellFormed !== null && toWellFormed !== null) {
  setNativeDecoder(UTF16LE, (fatal) => (bytes) => {
    const n = byteLengthOf(bytes);
    const text = ucs2Slice(bytes, 0, n - (n & 1));
    if (isWellFormed(text)) {
      if ((n & 1) === 0) return text;
      if (fatal) throw new TypeError('malformed'); // the core then throws the package's error
      return `${text}\ufffd`;
    }
    if (fatal) throw new TypeError('malformed');
    const last = text.length === 0 ? 0 : charCodeAt(text, text.length - 1);
    return (n & 1) === 0 || (last >= 0xd800 && last <= 0xdbff) ? toWellFormed(text) : `${toWellFormed(text)}\ufffd`;
  });
}

// Jobs the core does faster here, with Buffer making the strings, even where the host is right.
// Where the lines cross: `node bench/crossover.mjs --engines` (ours, the core, and the engine's
// own decoder by input length, in Node 20-26 and Bun); the single-byte encodings:
// `npm run bench -- --engines` ("ours, core" against native).
// - UTF-16BE from 1 KiB (the core's bulk copy is faster than the engines' own decoders there);
// - UTF-16LE from 1 KiB where isWellFormed is slow (Node 20-24's V8: the ucs2 slice wins at 64 and
//   256 bytes, the core from 1 KiB); not where it is fast (Node 26's V8 14, Bun: the ucs2 slice is
//   2-4x the core from 1 KiB on);
// - UTF-8 where V8 is older than 13 (Node 20 and 22): the core decodes non-ASCII UTF-8 faster than
//   their decoders at every length from 64 bytes;
// - the single-byte encodings in Node. Bun's own are faster than the core: there they stay the
//   host's where its checks pass.
// Which of two right decoders is faster is the one thing decided by the engine's name and version
// here; whether a decoder is right never is.
const v8Major = typeof versions === 'object' && versions !== null && typeof versions.v8 === 'string' ? parseInt(versions.v8, 10) : 0;
setCoreFrom(UTF16BE, 1024);
if (!inBun && v8Major < 13) setCoreFrom(UTF8, 0);
if (!inBun && v8Major < 14) setCoreFrom(UTF16LE, 1024);
if (!inBun) setCoreFrom(SINGLE_BYTE, 0);
// A chunked encodeInto loop (a long string into a destination a quarter of its length or less):
// the core in Bun and Node 24, whose encodeInto takes time in proportion to the rest of the
// string on every call (TEW_BENCH_SECTIONS=encodeIntoLoop npm run bench -- --engines: the core
// 1.4x native in Node 24, 2.8x in Bun; in Node 20 and 22 it is faster on ASCII, slower on CJK
// text; Node 26's encodeInto fails the checks: the core takes every encodeInto there).
if (inBun || v8Major === 13) setEncodeIntoCoreFrom(4);
// encode() of up to 21 code units (at most 63 bytes): V8 keeps a typed array of up to 64 bytes on
// its heap, while Node's encode() makes an ArrayBuffer outside it on every call: 136-145 ns against
// 214-261 ns in Node 20-26 (TEW_BENCH_SECTIONS=shortEncode npm run bench -- --engines, encode
// ru.txt 16 u; ASCII strings are written in JavaScript anyway). Bun's encode() is faster than both.
if (!inBun) setEncodeCoreUpTo(21);
// encode() of 4 Ki code units or more in Node 20-24, whose V8 writes UTF-8 slower than the core
// from about that length (TEW_BENCH_SECTIONS=encode npm run bench -- --engines, on the articles:
// the forced core 1.84x Node 24's encode(), its worst row 1.37x; 1.33x Node 22's, 1.21x Node 20's,
// their worst rows 0.97-1.00x, ja.txt; measured outside the bench, from 1 to 4 Ki units Japanese
// and Arabic text are still faster in V8, English and German already in the core). Node 26's
// encode() is about 4x the core's.
if (!inBun && v8Major <= 13) setEncodeCoreFrom(4096);
// Buffer's utf16le write copies a string's code units into wasm memory natively (lone surrogates
// kept, so USVString conversion still happens in the encoder). npm run bench, "string writing":
// TextEncoder.encode overtakes the charCodeAt loop at 128-147 code units, and is 1.5-3.9x faster
// on 1 KiB and longer inputs.
setNativeStringWriter((_, byteOffset, string) => {
  ucs2Write(memory, string, byteOffset, string.length * 2);
}, 128);
