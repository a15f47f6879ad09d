// The JavaScript side of the wasm boundary: lazy instantiation, memory views re-derived after
// calls that may grow memory, copying bytes and strings in, and building strings out.
//
// Where the wasm keeps its reusable buffers is published in memory (the IO words at `io()`), so
// a steady-state call is one call into wasm: no call to ask for an address. Everything a hot path
// uses from the language's built-ins is captured when this module is evaluated, so user code that
// later replaces `%TypedArray%.prototype.set`/`subarray`/`slice`, `String.prototype.charCodeAt`
// or `Function.prototype.apply` changes nothing here. A Uint8Array from user code may carry an
// own `length` or `subarray`: its bytes are read through intrinsics.

import { bufferOf, byteLengthOf, byteOffsetOf, setBytes, uncurry } from './webidl.js';

const U8 = Uint8Array;
const U16 = Uint16Array;
const U32 = Uint32Array;
const apply = Reflect.apply;
/** `string.charCodeAt(i)` through the intrinsic method. */
export const charCodeAt = uncurry(String.prototype.charCodeAt);
const stringSlice = uncurry(String.prototype.slice);
const toLowerCase = uncurry(String.prototype.toLowerCase);
/** `String.fromCharCode(...units)` for an array-like of units, bound now to the intrinsic apply. */
const fromCharCodeApply = Function.prototype.apply.bind(String.fromCharCode);
const min = Math.min;
const memoryBufferGetter =
  typeof WebAssembly === 'object' && WebAssembly !== null
    ? uncurry(Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get)
    : undefined;

let loader = null;
let wasm = null;
let memory = null;
let plainMemory = false;
let buffer = null;
let mem8 = null;
let mem16 = null;
let smallViewsAt = -1;
// Replaced, never emptied with `length = 0`: QuickJS can keep high elements of a sparse array then.
let smallViews = [];
let io = null;
let ioAt = 0;
// IO word offsets (src/wasm.rs): input bytes address and capacity, input units address and
// capacity, output units address, output bytes address, units read by the last encode, output
// kind of the last decode_once.
const IN_BYTES = 0;
const IN_BYTES_CAP = 1;
const IN_UNITS = 2;
const IN_UNITS_CAP = 3;
const OUT_UNITS = 4;
const OUT_BYTES = 5;
const LAST_READ = 6;
const OUT_KIND = 7;
/** decode_once output kind: the input was ASCII and decodes to itself (nothing was written). */
export const OUT_ASCII = 1;

/** Sets how the wasm exports are obtained (called once by the entry module). */
export function setLoader(load) {
  loader = load;
}

/** The wasm exports, instantiated on first use. */
export function core() {
  if (wasm === null) {
    if (loader === null) throw new Error('text-encoding-wasm: no wasm loader was set');
    const exports = loader();
    memory = exports.memory;
    // The JavaScript build's memory is a plain object: its old buffer is not detached on growth.
    try {
      memoryBufferGetter(memory);
    } catch {
      plainMemory = true;
    }
    ioAt = exports.io() >>> 2;
    wasm = exports;
    refresh();
    if (!hostBuildersProbed) probeHostBuilders();
  }
  return wasm;
}

const memoryHooks = [];
/** Registers `hook(arrayBuffer)`, called whenever the wasm memory's buffer changes (it grew). */
export function onMemory(hook) {
  memoryHooks.push(hook);
  if (buffer !== null) hook(buffer);
}

/**
 * Re-derives the memory views if the memory grew since the last look; cheap when it did not: a
 * grown memory detaches its old buffer, whose views then have no bytes (the JavaScript build's
 * memory does not detach: its buffer is compared instead).
 */
function refresh() {
  if (mem8 !== null && (plainMemory ? memory.buffer === buffer : byteLengthOf(mem8) !== 0)) return;
  const b = plainMemory ? memory.buffer : memoryBufferGetter(memory);
  if (b !== buffer) {
    buffer = b;
    mem8 = new U8(b);
    mem16 = new U16(b);
    io = new U32(b);
    smallViews = [];
    smallViewsAt = -1;
    for (const hook of memoryHooks) hook(b);
  }
}

/** The unit count read by the last encode call. */
export function lastRead() {
  refresh(); // the call before may have grown memory
  return io[ioAt + LAST_READ];
}

/** What the last decode_once wrote (OUT_ASCII: nothing; the output is the input). */
export function outputKind() {
  refresh(); // the call before may have grown memory
  return io[ioAt + OUT_KIND];
}

/** Copies the bytes of the Uint8Array `bytes` into the reusable input buffer; returns their count. */
export function putBytes(bytes) {
  const n = byteLengthOf(bytes);
  refresh();
  if (n > io[ioAt + IN_BYTES_CAP]) {
    wasm.input_bytes(n);
    refresh();
  }
  setBytes(mem8, bytes, io[ioAt + IN_BYTES]);
  return n;
}

/** A view (valid until the next call into wasm) of the first `n` bytes of the input buffer. */
export function inputBytes(n) {
  return new U8(buffer, io[ioAt + IN_BYTES], n);
}

/** The byte length of the Uint8Array `bytes` (intrinsic). */
export function bytesLength(bytes) {
  return byteLengthOf(bytes);
}

/** A Uint8Array over bytes `start` to `end` of the Uint8Array `bytes` (intrinsic, no species). */
export function bytesRange(bytes, start, end) {
  return new U8(bufferOf(bytes), byteOffsetOf(bytes) + start, min(end, byteLengthOf(bytes)) - start);
}

// Writing a string's code units into wasm memory: a charCodeAt loop works everywhere; the Node
// entry installs Buffer's utf16le write (it copies code units as they are, lone surrogates
// included) for longer strings.
let nativeWrite = null;
let nativeWriteThreshold = Infinity;
let defaultWriteThreshold = Infinity;

/**
 * Installs a native writer `(arrayBuffer, byteOffset, string) => void` that stores the string's
 * UTF-16 code units (little-endian, unpaired surrogates kept) at byteOffset, used for strings of at
 * least `threshold` code units.
 */
export function setNativeStringWriter(write, threshold) {
  nativeWrite = write;
  nativeWriteThreshold = defaultWriteThreshold = threshold;
}

/** Chooses the string-writing method (for the benchmark): 'auto', 'native' or 'charCodeAt'. */
export function setStringWriter(kind) {
  if (nativeWrite === null || kind === 'charCodeAt') nativeWriteThreshold = Infinity;
  else nativeWriteThreshold = kind === 'native' ? 0 : defaultWriteThreshold;
}

/** Whether a native string writer is installed (the Node entries install one). */
export function hasNativeStringWriter() {
  return nativeWrite !== null;
}

/**
 * Copies code units `start` to `end` of `string` (the whole string by default) into the reusable
 * input unit buffer; returns their count. Only those units are copied, however long the string.
 */
export function putString(string, start = 0, end = string.length) {
  const n = end - start;
  refresh();
  if (n > io[ioAt + IN_UNITS_CAP]) {
    wasm.input_units(n);
    refresh();
  }
  const ptr = io[ioAt + IN_UNITS];
  if (n >= nativeWriteThreshold) {
    nativeWrite(buffer, ptr, start === 0 && end === string.length ? string : stringSlice(string, start, end));
    return n;
  }
  const m = mem16;
  const at = (ptr >>> 1) - start;
  for (let i = start; i < end; i++) m[at + i] = charCodeAt(string, i);
  return n;
}

// Large inputs cross into wasm in slices, so wasm memory stays bounded (a 32-bit wasm memory cannot
// hold a 1.5 GB input and its 3 GB of UTF-16 at once). The limits are variables only so that
// tests can make them tiny.
/** Decoder inputs longer than this many bytes cross in slices. */
export let sliceBytesLimit = 1 << 24;
/** Encoder inputs longer than this many UTF-16 code units cross in slices. */
export let sliceUnitsLimit = 1 << 22;

/** The slice limits in bytes (decoder input) and UTF-16 code units (encoder input). */
export function sliceLimits() {
  return { bytes: sliceBytesLimit, units: sliceUnitsLimit };
}

/** Sets the slice limits (tests only: they make the sliced paths run on small inputs). */
export function setSliceLimits(bytes, units) {
  sliceBytesLimit = bytes;
  sliceUnitsLimit = units;
}

/**
 * The end of the slice of `string` that starts at `start` and is at most `limit` units long (the
 * slice limit by default), never between the two halves of a surrogate pair.
 */
export function sliceEnd(string, start, limit = sliceUnitsLimit) {
  let end = min(string.length, start + limit);
  if (end < string.length && end - start > 1) {
    const last = charCodeAt(string, end - 1);
    const next = charCodeAt(string, end);
    if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end--;
  }
  return end;
}

/** The substring of `string` from `start` to `end` (intrinsic). */
export function substring(string, start, end) {
  return stringSlice(string, start, end);
}

/** One Uint8Array holding `parts` one after another. */
export function concatBytes(parts) {
  if (parts.length === 1) return parts[0];
  let total = 0;
  for (let i = 0; i < parts.length; i++) total += byteLengthOf(parts[i]);
  const out = new U8(total);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    setBytes(out, parts[i], at);
    at += byteLengthOf(parts[i]);
  }
  return out;
}

/**
 * A copy of `n` output bytes as a new Uint8Array. (A new array and a set: ArrayBuffer and typed
 * array `slice` look up a species constructor, which is slow on wasm memory and patchable.)
 */
export function takeBytes(n) {
  refresh();
  const out = new U8(n);
  if (n > 0) setBytes(out, n > SMALL ? new U8(buffer, io[ioAt + OUT_BYTES], n) : viewBytes(n));
  return out;
}

/** A view (valid until the next call into wasm) of `n` output bytes. */
export function viewBytes(n) {
  refresh();
  const ptr = io[ioAt + OUT_BYTES];
  if (n > SMALL) return new U8(buffer, ptr, n);
  // Short views are kept, one per length, while the buffer stays where it is.
  if (ptr !== smallViewsAt) {
    smallViews = [];
    smallViewsAt = ptr;
  }
  return smallViews[n] || (smallViews[n] = new U8(buffer, ptr, n));
}

// Building a string from the UTF-16 code units in wasm memory (measured by `npm run bench`, in
// the "string building" sections):
// - `String.fromCharCode.apply` over bounded chunks works everywhere and wins for short outputs;
//   for the shortest, views of each length are kept, so no view is allocated per call;
// - a native builder makes long outputs in one pass: by default the host's UTF-16LE TextDecoder
//   (captured before any polyfill is installed; created with ignoreBOM, since a leading U+FEFF in
//   our output is content), which overtakes apply at about 128-256 units in Chromium; the Node
//   entry installs Buffer's utf16le decoding instead, faster still, from 32 units.
// - where the host can build one-byte (Latin-1) strings natively (Node's Buffer latin1), long
//   outputs whose code units are all below U+0100 are narrowed in wasm first, so the string takes
//   one byte per character, as the host's own decoder's strings do.
// Our decoders always produce well-formed UTF-16, so a native builder has nothing to get wrong.
const CHUNK = 8192;
const SMALL = 64;
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
    // that have them, made natively.
    if (asciiBuild === null) {
      const a = new HostTextDecoder('windows-1252');
      const decodeAscii = uncurry(a.decode);
      if (decodeAscii(a, new U8([0x00, 0x41, 0x7f, 0x0a])) === '\x00A\x7f\n') {
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
  const ptr = io[ioAt + OUT_UNITS];
  if (n >= nativeThreshold) {
    if (latin1Build !== null && n >= NARROW && wasm.narrow_output(n)) {
      refresh();
      return latin1Build(buffer, io[ioAt + OUT_BYTES], n);
    }
    return nativeBuild(buffer, ptr, n * 2);
  }
  if (n <= SHORT_UNITS) {
    // Plain arrays, one per length, kept: apply() over them beats a typed-array view.
    const units = unitArrays[n] || (unitArrays[n] = new Array(n).fill(0));
    const m = mem16;
    const at = ptr >>> 1;
    for (let i = 0; i < n; i++) units[i] = m[at + i];
    return fromCharCodeApply(null, units);
  }
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
/**
 * Installs a native builder `(bytes, start, end) => string | null` of the string of well-formed
 * UTF-8 (null when the bytes are not well-formed): for any well-formed input every conforming
 * decoder gives the same string, so the host may build it (Node: isUtf8, then its utf8 slice),
 * straight from the input, with no UTF-16 copy in between.
 */
export function setNativeUtf8Builder(build) {
  nativeUtf8String = build;
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

const names = [];
/** The standard's name of the encoding at `ordinal`, ASCII lowercased (cached). */
export function encodingName(ordinal) {
  let name = names[ordinal];
  if (name === undefined) {
    const n = core().encoding_name(ordinal);
    const bytes = viewBytes(n);
    name = toLowerCase(fromCharCodeApply(null, bytes));
    names[ordinal] = name;
  }
  return name;
}

/** The longest label of the standard, in code units: anything longer (trimmed) names nothing. */
const LONGEST_LABEL = 19;
const labelCache = new Map();
const labelCacheGet = uncurry(Map.prototype.get);
const labelCacheSet = uncurry(Map.prototype.set);
const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * "Get an encoding": the ordinal for `label`, or -1. ASCII whitespace is trimmed here, and a label
 * that is still longer than the longest label is rejected without crossing into wasm, so a label's
 * cost is bounded whatever its length.
 */
export function lookupLabel(label) {
  const cached = labelCacheGet(labelCache, label);
  if (cached !== undefined) return cached;
  let start = 0;
  let end = label.length;
  while (start < end && isSpace(charCodeAt(label, start))) start++;
  while (end > start && isSpace(charCodeAt(label, end - 1))) end--;
  let ordinal = -1;
  if (end - start <= LONGEST_LABEL) {
    const w = core();
    ordinal = w.label_lookup(putString(label, start, end));
  }
  if (label.length <= 64 && labelCache.size < 256) labelCacheSet(labelCache, label, ordinal);
  return ordinal;
}

/** A label as error messages quote it: whole when short, else a marked prefix and its length. */
export function quoteLabel(label) {
  if (label.length <= 40) return `'${label}'`;
  return `'${stringSlice(label, 0, 32)}…' (${label.length} characters)`;
}

/** The number of live decoder and encoder handles in the wasm core (for leak tests). */
export function liveHandles() {
  return core().live_handles();
}
