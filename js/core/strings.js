// Strings coming out of wasm memory, and strings made without a call into wasm: the decoded
// UTF-16 code units of the output buffer become a string by the fastest way the host offers
// (measured by `npm run bench`, in the "string building" sections):
// - `String.fromCharCode.apply` over bounded chunks works everywhere and wins for short outputs;
//   for the shortest, plain arrays of each length are kept, so nothing is allocated per call;
// - a native builder makes long outputs in one pass: by default the host's UTF-16LE TextDecoder
//   (captured before any polyfill is installed; created with ignoreBOM, since a leading U+FEFF in
//   our output is content), which overtakes apply at about 128-256 units in Chromium; the Node
//   entry installs Buffer's utf16le decoding instead, faster still, from 16 units;
// - where the host can build one-byte (Latin-1) strings natively (Node's Buffer latin1), long
//   outputs whose code units are all below U+0100 are narrowed in wasm first, so the string takes
//   one byte per character, as the host's own decoder's strings do;
// - all-ASCII input of an encoding that maps ASCII to itself is its own output: short inputs are
//   checked here, long ones by the host (Node's isAscii) or by the wasm, and become a one-byte
//   string (Node's latin1 slice, or the host's windows-1252 decoder).
// Our decoders always produce well-formed UTF-16, so a native builder has nothing to get wrong.

import { bufferOf, byteLengthOf, byteOffsetOf, fromCharCodeApply, lyingView, min, U16, U8, uncurry } from './intrinsics.js';
import { buffer, io, ioAt, mem16, onMemory, refresh, wasm } from './instance.js';
import { IO_OUT_BYTES, IO_OUT_UNITS } from './protocol.js';
import { bytesRange, SMALL } from './crossing.js';

const apply = Reflect.apply;
const CHUNK = 8192;
/** Outputs up to this many code units are built with apply() over a kept plain array. */
const SHORT_UNITS = 32;
/** Up to this many ASCII bytes, apply() over a kept plain array beats any native builder. */
const TINY = 12;
const unitArrays = [];
/** Outputs from this many code units are offered to narrow_output where one-byte strings are built natively. */
const NARROW = 256;
let nativeBuild = null;
let nativeThreshold = Infinity;
let defaultThreshold = Infinity;
let latin1Build = null;
let asciiBuild = null;
// The host's TextDecoder, captured now (before a polyfill may replace it) but probed only when
// first needed and only if the entry installed no builders of its own: where the global is an
// accessor (Node loads its encoding module lazily), its getter is captured instead.
const hostTextDecoderDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
let hostBuildersProbed = false;
onMemory(() => {
  if (!hostBuildersProbed) probeHostBuilders();
});

/** Sets up the default native builders from the host's TextDecoder, if it has a right one. */
function probeHostBuilders() {
  hostBuildersProbed = true;
  if (nativeBuild !== null || hostTextDecoderDescriptor === undefined) return;
  try {
    const d0 = hostTextDecoderDescriptor;
    const HostTextDecoder = d0.get !== undefined ? apply(d0.get, globalThis, []) : d0.value;
    if (typeof HostTextDecoder !== 'function') return;
    const d = new HostTextDecoder('utf-16le', { ignoreBOM: true });
    const decode = uncurry(d.decode);
    const probe = new U8([0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x61, 0x00]);
    if (decode(d, probe) === '\u{FEFF}\u{1F600}a') {
      nativeBuild = (buf, byteOffset, byteLength) => decode(d, new U8(buf, byteOffset, byteLength));
      nativeThreshold = defaultThreshold = 192;
    }
    // ASCII bytes through the host's windows-1252 decoder: a one-byte string in the engines
    // that have them, made natively, where it reads the view's own bytes (Node 24's does not).
    if (asciiBuild === null) {
      const a = new HostTextDecoder('windows-1252');
      const decodeAscii = uncurry(a.decode);
      if (decodeAscii(a, lyingView([0x00, 0x41, 0x7f, 0x0a])) === '\x00A\x7f\n') {
        asciiBuild = (bytes) => decodeAscii(a, bytes);
      }
    }
  } catch {
    // a host TextDecoder that cannot do this: the portable builders remain
  }
}

/**
 * Installs a native string builder `(arrayBuffer, byteOffset, byteLength) => string` (UTF-16LE,
 * keeping a leading U+FEFF) used for outputs of at least `threshold` code units.
 */
export function setNativeStringBuilder(build, threshold) {
  nativeBuild = build;
  nativeThreshold = defaultThreshold = threshold;
}

/**
 * Installs native one-byte string builders: `latin1(arrayBuffer, byteOffset, length)` for bytes
 * that are Latin-1 code points, and `ascii(uint8Array, length)` for bytes that are all ASCII.
 */
export function setNativeLatin1Builders(latin1, ascii) {
  latin1Build = latin1;
  asciiBuild = ascii;
}

/** Chooses the string-building method (for the benchmark): 'auto', 'native' or 'fromCharCode'. */
export function setStringBuilder(kind) {
  if (!hostBuildersProbed) probeHostBuilders();
  if (nativeBuild === null || kind === 'fromCharCode') nativeThreshold = Infinity;
  else nativeThreshold = kind === 'native' ? 0 : defaultThreshold;
}

/** The string of the `n` UTF-16 code units in the output buffer. */
export function takeString(n) {
  if (n === 0) return '';
  refresh();
  const ptr = io[ioAt + IO_OUT_UNITS];
  if (n >= nativeThreshold) {
    if (latin1Build !== null && n >= NARROW && wasm.narrow_output(n)) {
      refresh();
      return latin1Build(buffer, io[ioAt + IO_OUT_BYTES], n);
    }
    return nativeBuild(buffer, ptr, n * 2);
  }
  if (n <= SHORT_UNITS) return keptUnitsString(mem16, ptr >>> 1, n);
  if (n <= CHUNK) return fromCharCodeApply(null, new U16(buffer, ptr, n));
  let out = '';
  for (let i = 0; i < n; i += CHUNK) out += fromCharCodeApply(null, new U16(buffer, ptr + i * 2, min(n, i + CHUNK) - i));
  return out;
}

/**
 * The string of `n` bytes at the start of `bytes` if every one is ASCII (the decoded text of an
 * encoding that maps ASCII to itself), or null: checked in JavaScript, for short inputs where a
 * call into wasm costs more than it saves.
 */
export function asciiStringOrNull(bytes, n) {
  for (let i = 0; i < n; i++) if (bytes[i] > 0x7f) return null;
  return n === 0 ? '' : asciiString(bytes, n);
}

/** Whether asciiStringOrNull takes inputs of `n` bytes. */
export function isShortInput(n) {
  return n <= SMALL;
}

/**
 * The string of the `n` bytes at the start of the Uint8Array `bytes` if every one is ASCII, or
 * null; always built with apply() over the kept plain array of that length: the common call's
 * shortcut (core/host-speed.js), for short inputs where the host's decoder
 * costs more.
 */
export function keptArrayAsciiOrNull(bytes, n) {
  const units = unitArrays[n] || (unitArrays[n] = new Array(n).fill(0));
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b > 0x7f) return null;
    units[i] = b;
  }
  return fromCharCodeApply(null, units);
}

/**
 * The string of the `n` code units of the Uint16Array `units` from index `at`, built with apply()
 * over the kept plain array of that length (one per length): for short strings, faster than over
 * a typed-array view.
 */
export function keptUnitsString(units, at, n) {
  const kept = unitArrays[n] || (unitArrays[n] = new Array(n).fill(0));
  for (let i = 0; i < n; i++) kept[i] = units[at + i];
  return fromCharCodeApply(null, kept);
}

/** The string of the `n` ASCII bytes at the start of the Uint8Array `bytes`. */
export function asciiString(bytes, n) {
  if (n <= TINY) {
    const units = unitArrays[n] || (unitArrays[n] = new Array(n).fill(0));
    for (let i = 0; i < n; i++) units[i] = bytes[i];
    return fromCharCodeApply(null, units);
  }
  if (!hostBuildersProbed) probeHostBuilders();
  if (asciiBuild !== null) {
    try {
      return asciiBuild(n === byteLengthOf(bytes) ? bytes : bytesRange(bytes, 0, n), n);
    } catch {
      // a host builder that refuses this buffer (e.g. a SharedArrayBuffer): build it here
    }
  }
  const buf = bufferOf(bytes);
  const at = byteOffsetOf(bytes);
  let out = '';
  for (let i = 0; i < n; i += CHUNK) out += fromCharCodeApply(null, new U8(buf, at + i, min(n, i + CHUNK) - i));
  return out;
}

let nativeUtf8String = null;
let nativeUtf8From = Infinity;
/**
 * Installs a native builder `(bytes, start, end) => string | null` of the string of well-formed
 * UTF-8 (null when the bytes are not well-formed): for any well-formed input every conforming
 * decoder gives the same string, so the host may build it (Node: isUtf8, then its utf8 slice),
 * straight from the input, with no UTF-16 copy in between. It is tried for whole UTF-8 calls above
 * the slice limit, and from `from` bytes on (the JavaScript build: from 0) for every whole call.
 */
export function setNativeUtf8Builder(build, from = Infinity) {
  nativeUtf8String = build;
  nativeUtf8From = from;
}

/** The input length from which whole UTF-8 calls try the native builder first (see above). */
export function nativeUtf8FromOf() {
  return nativeUtf8From;
}

let nativeWindows1252 = null;
/**
 * Installs a decoder `(bytes, length, c1) => string | null` of windows-1252 (whose labels include
 * latin1, iso-8859-1 and ascii), which is Latin-1 but for the bytes 0x80 to 0x9F: the host folder
 * builds the Latin-1 pieces natively (Node: Buffer's latin1 slice) and puts between them the
 * characters of those bytes, `c1()`, the core's own output for them (32 characters); null for an
 * input it leaves to the core. windows-1252 has no BOM and no error.
 */
export function setNativeWindows1252(decode) {
  nativeWindows1252 = decode;
}

/**
 * The installed windows-1252 decoder's string of the first `length` bytes of `bytes` (`c1`:
 * decodes the bytes 0x80 to 0x9F in the core, called once, where needed); null where it leaves
 * them to the core (or refuses them: a string too long for the engine), undefined where none is
 * installed.
 */
export function windows1252String(bytes, length, c1) {
  if (nativeWindows1252 === null) return undefined;
  try {
    return nativeWindows1252(bytes, length, c1);
  } catch {
    return null;
  }
}

let nativeMultiByte = null;
/**
 * Installs a decoder of whole calls in the multi-byte encodings, `(ordinal, bytes, length,
 * coreDecode) => string | null` (null: the core decodes the call): the JavaScript build's
 * (core/double-byte-tables.js), where the core is JavaScript too.
 */
export function setNativeMultiByteDecoder(decode) {
  nativeMultiByte = decode;
}

/** The native multi-byte decoder, or null. */
export function nativeMultiByteDecoder() {
  return nativeMultiByte;
}

let nativeUtf8Bytes = null;
/**
 * Installs a UTF-8 encoder `(string) => Uint8Array | null` of the host folder's own (null for a
 * string it leaves to the core): the JavaScript build's, where the core is JavaScript too
 * (wasm2js/load.js).
 */
export function setNativeUtf8Encoder(encode) {
  nativeUtf8Bytes = encode;
}

/** The UTF-8 of `string` by the installed encoder, or null (none, or it left the string to the core). */
export function nativeUtf8Encode(string) {
  if (nativeUtf8Bytes === null) return null;
  try {
    return nativeUtf8Bytes(string);
  } catch {
    return null; // a string the encoder refuses: the core encodes it
  }
}

/**
 * The string of bytes `start` to `end` of `bytes` if they are well-formed UTF-8 and the host can
 * build it natively; otherwise null.
 */
export function hostUtf8String(bytes, start, end) {
  if (nativeUtf8String === null) return null;
  try {
    return nativeUtf8String(bytes, start, end);
  } catch {
    return null; // a buffer the host refuses, or a string too long for it: the usual path decides
  }
}

let nativeIsAscii = null;
/** Installs a native "are all these bytes ASCII?" check (Node's buffer.isAscii). */
export function setNativeAsciiCheck(check) {
  nativeIsAscii = check;
}

/** Whether all bytes of `bytes` are ASCII, if the host can tell natively; otherwise null. */
export function hostIsAscii(bytes) {
  if (nativeIsAscii === null) return null;
  try {
    return nativeIsAscii(bytes);
  } catch {
    return null; // a buffer the host check refuses: wasm checks instead
  }
}
