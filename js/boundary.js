// The JavaScript side of the wasm boundary: lazy instantiation, memory views re-derived after
// calls that may grow memory, copying bytes and strings in, and building strings out. A Uint8Array
// from user code may carry an own `length` or `subarray`: its bytes are read through intrinsics.

import { bufferOf, byteLengthOf, byteOffsetOf } from './webidl.js';

let loader = null;
let wasm = null;
let memoryBuffer = null;
let mem8 = null;
let mem16 = null;

/** Sets how the wasm exports are obtained (called once by the entry module). */
export function setLoader(load) {
  loader = load;
}

/** The wasm exports, instantiated on first use. */
export function core() {
  if (wasm === null) {
    if (loader === null) throw new Error('text-encoding-wasm: no wasm loader was set');
    wasm = loader();
  }
  return wasm;
}

function refreshViews() {
  const buffer = wasm.memory.buffer;
  if (buffer !== memoryBuffer) {
    memoryBuffer = buffer;
    mem8 = new Uint8Array(buffer);
    mem16 = new Uint16Array(buffer);
  }
}

/** Copies the bytes of the Uint8Array `bytes` into the reusable input buffer; returns their count. */
export function putBytes(bytes) {
  const n = byteLengthOf(bytes);
  const ptr = wasm.input_bytes(n) >>> 0;
  refreshViews();
  mem8.set(bytes, ptr);
  return n;
}

/** The byte length of the Uint8Array `bytes` (intrinsic). */
export function bytesLength(bytes) {
  return byteLengthOf(bytes);
}

/** A Uint8Array over bytes `start` to `end` of the Uint8Array `bytes` (intrinsic, no species). */
export function bytesRange(bytes, start, end) {
  return new Uint8Array(bufferOf(bytes), byteOffsetOf(bytes) + start, Math.min(end, byteLengthOf(bytes)) - start);
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

/** Copies the code units of `string` into the reusable input unit buffer; returns their count. */
export function putString(string) {
  const n = string.length;
  const ptr = wasm.input_units(n) >>> 0;
  refreshViews();
  if (n >= nativeWriteThreshold) {
    nativeWrite(memoryBuffer, ptr, string);
    return n;
  }
  const m = mem16;
  const at = ptr >>> 1;
  for (let i = 0; i < n; i++) m[at + i] = string.charCodeAt(i);
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
 * The end of the slice of `string` that starts at `start`: at most the unit limit long, and never
 * between the two halves of a surrogate pair.
 */
export function sliceEnd(string, start) {
  let end = Math.min(string.length, start + sliceUnitsLimit);
  if (end < string.length && end - start > 1) {
    const last = string.charCodeAt(end - 1);
    const next = string.charCodeAt(end);
    if (last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) end--;
  }
  return end;
}

/** One Uint8Array holding `parts` one after another. */
export function concatBytes(parts) {
  if (parts.length === 1) return parts[0];
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A copy of `n` output bytes as a new Uint8Array. */
export function takeBytes(n) {
  const ptr = wasm.output_bytes_ptr() >>> 0;
  refreshViews();
  return mem8.slice(ptr, ptr + n);
}

/** A view (valid until the next call into wasm) of `n` output bytes. */
export function viewBytes(n) {
  const ptr = wasm.output_bytes_ptr() >>> 0;
  refreshViews();
  return mem8.subarray(ptr, ptr + n);
}

// Building a string from the UTF-16 code units in wasm memory (measured by `npm run bench`, in
// the "string building" sections):
// - `String.fromCharCode.apply` over bounded chunks works everywhere and wins for short outputs;
// - a native builder makes long outputs in one pass: by default the host's UTF-16LE TextDecoder
//   (captured before any polyfill is installed; created with ignoreBOM, since a leading U+FEFF in
//   our output is content), which overtakes apply at about 128-256 units in Chromium; the Node
//   entry installs Buffer's utf16le decoding instead, faster still, from 32 units.
// Our decoders always produce well-formed UTF-16, so a native builder has nothing to get wrong.
const CHUNK = 8192;
const fromCharCode = String.fromCharCode;
let nativeBuild = null;
let nativeThreshold = Infinity;
let defaultThreshold = Infinity;
try {
  if (typeof globalThis.TextDecoder === 'function') {
    const d = new globalThis.TextDecoder('utf-16le', { ignoreBOM: true });
    const probe = new Uint8Array([0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x61, 0x00]);
    if (d.decode(probe) === '\u{FEFF}\u{1F600}a') {
      nativeBuild = (buffer, byteOffset, byteLength) => d.decode(new Uint8Array(buffer, byteOffset, byteLength));
      nativeThreshold = defaultThreshold = 192;
    }
  }
} catch {
  nativeBuild = null;
}

/**
 * Installs a native string builder `(arrayBuffer, byteOffset, byteLength) => string` (UTF-16LE,
 * keeping a leading U+FEFF) used for outputs of at least `threshold` code units.
 */
export function setNativeStringBuilder(build, threshold) {
  nativeBuild = build;
  nativeThreshold = defaultThreshold = threshold;
}

/** Chooses the string-building method (for the benchmark): 'auto', 'native' or 'fromCharCode'. */
export function setStringBuilder(kind) {
  if (nativeBuild === null || kind === 'fromCharCode') nativeThreshold = Infinity;
  else nativeThreshold = kind === 'native' ? 0 : defaultThreshold;
}

/** The string of the `n` UTF-16 code units in the output buffer. */
export function takeString(n) {
  if (n === 0) return '';
  const at = (wasm.output_units_ptr() >>> 0) >>> 1;
  refreshViews();
  if (n >= nativeThreshold) return nativeBuild(memoryBuffer, at * 2, n * 2);
  const m = mem16;
  if (n <= CHUNK) return fromCharCode.apply(null, m.subarray(at, at + n));
  let out = '';
  for (let i = 0; i < n; i += CHUNK) out += fromCharCode.apply(null, m.subarray(at + i, at + Math.min(n, i + CHUNK)));
  return out;
}

const names = [];
/** The standard's name of the encoding at `ordinal`, ASCII lowercased (cached). */
export function encodingName(ordinal) {
  let name = names[ordinal];
  if (name === undefined) {
    const n = wasm.encoding_name(ordinal);
    const bytes = viewBytes(n);
    name = fromCharCode.apply(null, bytes).toLowerCase();
    names[ordinal] = name;
  }
  return name;
}

/** "Get an encoding": the ordinal for `label`, or -1. */
export function lookupLabel(label) {
  const w = core();
  return w.label_lookup(putString(label));
}

/** The number of live decoder and encoder handles in the wasm core (for leak tests). */
export function liveHandles() {
  return core().live_handles();
}
