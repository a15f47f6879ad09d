// Bytes and strings crossing into wasm memory and bytes coming out: the reusable input buffers
// (grown through the exports `input_bytes`/`input_units`, their addresses read from the IO
// words), slicing of inputs too large to cross at once, and copies or views of output bytes.
// (Strings coming out are core/strings.js.)

import { bufferOf, byteLengthOf, byteOffsetOf, charCodeAt, charCodeAtIsIntrinsic, min, setBytes, stringSlice, U8 } from './intrinsics.js';
import { buffer, io, ioAt, mem16, mem8, onMemory, refresh, wasm } from './instance.js';
import { IO_IN_BYTES, IO_IN_BYTES_CAP, IO_IN_UNITS, IO_IN_UNITS_CAP, IO_OUT_BYTES } from './protocol.js';

/** Outputs up to this many bytes are viewed through kept views, one per length. */
export const SMALL = 64;
let smallViewsAt = -1;
// Replaced, never emptied with `length = 0`: QuickJS can keep high elements of a sparse array then.
let smallViews = [];
onMemory(() => {
  smallViews = [];
  smallViewsAt = -1;
});

/** Copies the bytes of the Uint8Array `bytes` into the reusable input buffer; returns their count. */
export function putBytes(bytes) {
  const n = byteLengthOf(bytes);
  refresh();
  if (n > io[ioAt + IO_IN_BYTES_CAP]) {
    wasm.input_bytes(n);
    refresh();
  }
  setBytes(mem8, bytes, io[ioAt + IO_IN_BYTES]);
  return n;
}

/** A view (valid until the next call into wasm) of the first `n` bytes of the input buffer. */
export function inputBytes(n) {
  return new U8(buffer, io[ioAt + IO_IN_BYTES], n);
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
  if (n > io[ioAt + IO_IN_UNITS_CAP]) {
    wasm.input_units(n);
    refresh();
  }
  const ptr = io[ioAt + IO_IN_UNITS];
  if (n >= nativeWriteThreshold) {
    nativeWrite(buffer, ptr, start === 0 && end === string.length ? string : stringSlice(string, start, end));
    return n;
  }
  const at = (ptr >>> 1) - start;
  if (!charCodeAtIsIntrinsic()) copyUnitsCaptured(mem16, at, string, start, end);
  else if (n < LONG_UNITS) copyUnits(mem16, at, string, start, end);
  else copyLongUnits(mem16, at, string, start, end);
  return n;
}

/**
 * Where a native writer takes `string` (Node: Buffer's, from its threshold on, and up to the slice
 * limit): its code units written into the input unit buffer, and their index in `mem16` returned;
 * -1 elsewhere (nothing written). For loops over a string's code units in JavaScript that read a
 * Uint16Array faster than charCodeAt (npm run bench, "encode legacy", the single-byte rows).
 */
export function nativeUnitsAt(string) {
  const n = string.length;
  if (n < nativeWriteThreshold || n > sliceUnitsLimit) return -1;
  putString(string);
  return io[ioAt + IO_IN_UNITS] >>> 1;
}

/** Strings from this many code units are copied by copyLongUnits. */
const LONG_UNITS = 64;

// `m[at + i] = string.charCodeAt(i)` for i from `start` to `end`, in two loops: one for short
// strings (labels, short encodes), one for long ones, so that the engine compiles each for its own
// callers. In a Chromium page that had run the package's every door (the bench's, npm
// run bench -- --engines), one loop for both copied long strings at a quarter of the speed that
// the long strings' own loop reaches ("encode legacy": the CJK rows went from 0.5-0.7x
// @exodus/bytes to 1.2-1.5x).
function copyUnits(m, at, string, start, end) {
  for (let i = start; i < end; i++) m[at + i] = string.charCodeAt(i);
}

// The long loop reads four units per turn: one unit per turn ran at a third of its speed in a page
// that had given it strings of more than one representation (flat, concatenated, one- and
// two-byte: the bench's, whose legacy inputs are decoded text; 164 M units/s instead of 420,
// measured outside the bench), and the CJK rows of "encode legacy" in Chromium fell to 0.45-0.7x
// @exodus/bytes (npm run bench -- --engines); four per turn keeps them at 1.3x there.
function copyLongUnits(m, at, string, start, end) {
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const c0 = string.charCodeAt(i);
    const c1 = string.charCodeAt(i + 1);
    const c2 = string.charCodeAt(i + 2);
    const c3 = string.charCodeAt(i + 3);
    m[at + i] = c0;
    m[at + i + 1] = c1;
    m[at + i + 2] = c2;
    m[at + i + 3] = c3;
  }
  for (; i < end; i++) m[at + i] = string.charCodeAt(i);
}

/** The same copy through the captured charCodeAt (String.prototype.charCodeAt was replaced). */
function copyUnitsCaptured(m, at, string, start, end) {
  for (let i = start; i < end; i++) m[at + i] = charCodeAt(string, i);
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
  if (n > 0) setBytes(out, n > SMALL ? new U8(buffer, io[ioAt + IO_OUT_BYTES], n) : viewBytes(n));
  return out;
}

/** A view (valid until the next call into wasm) of `n` output bytes. */
export function viewBytes(n) {
  refresh();
  const ptr = io[ioAt + IO_OUT_BYTES];
  if (n > SMALL) return new U8(buffer, ptr, n);
  // Short views are kept, one per length, while the buffer stays where it is.
  if (ptr !== smallViewsAt) {
    smallViews = [];
    smallViewsAt = ptr;
  }
  return smallViews[n] || (smallViews[n] = new U8(buffer, ptr, n));
}
