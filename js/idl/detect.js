// Encoding detection (`text-encoding-wasm/detect`): `detect(bytes, options)` for a whole input and
// `createDetector(options)` for one that arrives in chunks, over the detector's own wasm
// (src/detect/, through core/detect-instance.js). The arguments are converted as the classes'
// are (webidl.js): a buffer source or a TypeError, then an options dictionary (`allowUTF8`,
// `tld`). Input crosses in slices of at most CHUNK bytes through one reusable buffer, so the
// detector's memory stays small whatever the input's length. A detector holds a wasm handle from
// creation until free(); a FinalizationRegistry frees the handles of detectors dropped unfreed.

import { detectorCore, floats, ioAt, mem8, refreshDetector, words } from '../core/detect-instance.js';
import {
  BAD_HANDLE,
  GUESS_CANDIDATES,
  GUESS_CONFIDENCE,
  GUESS_COUNT,
  GUESS_ENCODING,
  IO_GUESS,
  IO_IN_BYTES,
  IO_IN_BYTES_CAP,
  IO_NAME,
  NOT_TEXT,
  OK,
  UNDECIDED,
} from '../core/detect-protocol.js';
import { bufferOf, byteLengthOf, byteOffsetOf, charCodeAt, fromCharCodeApply, min, setBytes, toLowerCase, U8, uncurry } from '../core/intrinsics.js';
import { bufferSourceBytes, describe, illegalInvocation, shapeInterface, toBufferSource, toDictionary } from './webidl.js';

/** The most bytes that cross into the detector's memory at once. */
const CHUNK = 1 << 16;
/** A DNS label's longest: a longer `tld` cannot be one, and gives no hint. */
const LONGEST_TLD = 63;

/** The tld bytes of no hint (never written to). */
const NO_TLD = new U8(0);

const fround = Math.fround;
/** 10^-k and 10^k for k = 0..9, for confidenceOf. */
const TENTHS = [1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9];
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
const toPrecision = uncurry(Number.prototype.toPrecision);

/**
 * The confidence `x` (an f32 read as a number) as the shortest decimal that is the same f32: 0.3,
 * not 0.30000001192092896 (the same value, as Rust prints it).
 */
function confidenceOf(x) {
  if (!(x >= 1e-9 && x <= 1)) return shortestByPrecision(x);
  // Confidences lie in [0, 1]: the decimals of d significant digits nearest x are n / 10^k for
  // the two integers n around x * 10^k, each quotient of exact integers correctly rounded, so
  // this is toPrecision's answer without its string (which cost most of a short detect()). The
  // first power of ten is found by comparisons, not Math.log10 (which costs as much as the rest).
  let first = 0;
  while (x < TENTHS[first]) first++;
  let scale = POWERS_OF_TEN[first];
  for (let digits = 1; digits <= 9; digits++, scale *= 10) {
    const below = Math.floor(x * scale);
    const low = below / scale;
    const high = (below + 1) / scale;
    const lowFits = fround(low) === x;
    const highFits = fround(high) === x;
    if (lowFits && highFits) return x - low <= high - x ? low : high;
    if (lowFits) return low;
    if (highFits) return high;
  }
  return x;
}

/** `confidenceOf` by toPrecision, for values outside [1e-9, 1]. */
function shortestByPrecision(x) {
  for (let digits = 1; digits <= 9; digits++) {
    const y = +toPrecision(x, digits);
    if (fround(y) === x) return y;
  }
  return x;
}

const slots = new WeakMap();
const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => detectorCore().detector_free(handle)) : null;

const names = [];
/** The standard's name of the encoding at `ordinal`, lowercased as TextDecoder#encoding (cached). */
function encodingName(w, ordinal) {
  let name = names[ordinal];
  if (name === undefined) {
    const n = w.encoding_name(ordinal);
    refreshDetector();
    const at = words[ioAt + IO_NAME];
    name = toLowerCase(fromCharCodeApply(null, new U8(bufferOf(mem8), at, n)));
    names[ordinal] = name;
  }
  return name;
}

/** Throws for a status other than OK (only a defect of this module could cause one). */
function check(status, what) {
  if (status !== OK) {
    throw new Error(`${what}: the detector's wasm refused the call (${status === BAD_HANDLE ? 'no such detector' : 'a length beyond its buffer'})`);
  }
}

/**
 * Room for `n` bytes in the detector's input buffer: their address (the views refreshed), or a
 * RangeError where memory cannot grow. The buffer's published capacity spares the call when it
 * already has room.
 */
function inputAt(w, n, what) {
  refreshDetector();
  if (words[ioAt + IO_IN_BYTES_CAP] >= n) return words[ioAt + IO_IN_BYTES];
  const at = w.input_bytes(n);
  refreshDetector();
  if (at === 0) throw new RangeError(`${what}: the detector's memory cannot grow to ${n} more bytes`);
  return at;
}

/**
 * The hint of `options` (undefined, null or an object; members in WebIDL order): `allowUTF8`
 * (default true, converted to a boolean) and `tld` (a string when given, else TypeError), the
 * latter as the bytes the detector takes: leading dots stripped, ASCII lowercased; a `tld` with a
 * character outside ASCII, or longer than a DNS label, gives no hint (no bytes).
 */
function hintOf(options, what) {
  const dictionary = toDictionary(options, what);
  let allowUTF8 = true;
  let tld = NO_TLD;
  if (dictionary !== undefined) {
    const allow = dictionary.allowUTF8;
    if (allow !== undefined) allowUTF8 = Boolean(allow);
    const value = dictionary.tld;
    if (value !== undefined) {
      if (typeof value !== 'string') throw new TypeError(`${what}: the tld option must be a string, not ${describe(value)}`);
      tld = tldBytes(value);
    }
  }
  return { allowUTF8, tld };
}

/** `tld` without leading dots, ASCII lowercased, as bytes; empty where it cannot be a domain label. */
function tldBytes(tld) {
  let start = 0;
  while (start < tld.length && charCodeAt(tld, start) === 0x2e) start++;
  const n = tld.length - start;
  if (n > LONGEST_TLD) return NO_TLD;
  const out = new U8(n);
  for (let i = 0; i < n; i++) {
    const c = charCodeAt(tld, start + i);
    if (c > 0x7f) return NO_TLD;
    out[i] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  return out;
}

/**
 * The slices of `input` (a Uint8Array) as they cross: `slice(i)` copies the slice from `i` (at
 * most CHUNK bytes) into the detector's input buffer and returns its length; `n` is the input's.
 */
function slicesOf(w, input, what) {
  const n = byteLengthOf(input);
  const buffer = bufferOf(input);
  const offset = byteOffsetOf(input);
  const at = inputAt(w, min(n, CHUNK), what);
  const slice = (i) => {
    const len = min(CHUNK, n - i);
    refreshDetector(); // the call before may have grown memory
    setBytes(mem8, new U8(buffer, offset + i, len), at);
    return len;
  };
  return { n, slice };
}

/** Feeds the bytes of `input` (a Uint8Array) to the detector `handle`, CHUNK bytes at a time. */
function feedBytes(w, handle, input, what) {
  const { n, slice } = slicesOf(w, input, what);
  for (let i = 0; i < n; i += CHUNK) check(w.detector_feed(handle, slice(i)), what);
}

/** The guess of the detector `handle` with `hint`: { encoding, confidence, candidates }. */
function guessOf(w, handle, hint, what) {
  const tld = hint.tld;
  if (tld.length > 0) {
    const at = inputAt(w, tld.length, what); // the views refreshed: read mem8 after it
    setBytes(mem8, tld, at);
  }
  check(w.detector_guess(handle, tld.length, hint.allowUTF8), what);
  return guessRead(w);
}

/** The guess a call left in the guess area: { encoding, confidence, candidates }. */
function guessRead(w) {
  refreshDetector();
  const g = words[ioAt + IO_GUESS] >>> 2;
  const ordinal = words[g + GUESS_ENCODING];
  const confidence = confidenceOf(floats[g + GUESS_CONFIDENCE]);
  const count = words[g + GUESS_COUNT];
  const candidates = [];
  // encodingName leaves the guess area as it is (it may only renew the views, which are live).
  // Candidates of equal cost come together, with equal confidences: each is converted once.
  let last = NaN;
  let lastConfidence = NaN;
  for (let i = 0, at = g + GUESS_CANDIDATES; i < count; i++, at += 2) {
    const x = floats[at + 1];
    if (x !== last) {
      last = x;
      lastConfidence = confidenceOf(x);
    }
    candidates.push({ encoding: encodingName(w, words[at]), confidence: lastConfidence });
  }
  return { encoding: ordinal === NOT_TEXT ? null : encodingName(w, ordinal), confidence, candidates };
}

/**
 * Which encoding `bytes` (an ArrayBuffer, SharedArrayBuffer or ArrayBufferView) are in: returns
 * `{ encoding, confidence, candidates }`, `encoding` the standard's name (as TextDecoder#encoding
 * gives it) or null when the bytes are not text. `options.tld` is the top-level domain they came
 * from ("jp", ".jp"); `options.allowUTF8` (default true) false keeps UTF-8 from being the answer.
 */
export function detect(bytes, options) {
  const what = "Failed to execute 'detect'";
  if (arguments.length < 1) throw new TypeError(`${what}: 1 argument required, but only 0 present`);
  const kind = toBufferSource(bytes, what);
  const hint = hintOf(options, what);
  const w = detectorCore();
  const input = bufferSourceBytes(bytes, kind);
  const n = byteLengthOf(input);
  if (n <= CHUNK) {
    // One call, no handle: the input and the tld side by side in the input buffer.
    const tld = hint.tld;
    const at = inputAt(w, n + tld.length, what);
    setBytes(mem8, input, at);
    if (tld.length > 0) setBytes(mem8, tld, at + n);
    check(w.detect_bytes(n, tld.length, hint.allowUTF8), what);
    return guessRead(w);
  }
  const handle = w.detector_new();
  try {
    return detectLarge(w, handle, input, hint, what);
  } finally {
    w.detector_free(handle);
  }
}

/**
 * The guess for `input` (more than CHUNK bytes) by the detector `handle`: the input is counted
 * first, slice by slice, while the counts may decide (UTF-8 and ASCII are answered by them, and
 * never read as the other encodings); where they cannot, what was counted is read from its start
 * and the rest fed, so every byte is counted once and read once.
 */
function detectLarge(w, handle, input, hint, what) {
  const { n, slice } = slicesOf(w, input, what);
  let counted = 0;
  do {
    const len = slice(counted);
    check(w.detector_count(handle, len), what);
    counted += len;
  } while (counted < n && w.detector_may_decide(handle) === 1);
  if (counted === n) {
    const status = w.detector_decide(handle, hint.allowUTF8);
    if (status === OK) return guessRead(w);
    if (status !== UNDECIDED) check(status, what);
  }
  // The last slice counted is still in the buffer where it is the only one.
  if (counted <= CHUNK) check(w.detector_read(handle, counted), what);
  else for (let i = 0; i < counted; i += CHUNK) check(w.detector_read(handle, slice(i)), what);
  for (let i = counted; i < n; i += CHUNK) check(w.detector_feed(handle, slice(i)), what);
  return guessOf(w, handle, hint, what);
}

function slotsOf(object, member) {
  const s = slots.get(object);
  if (s === undefined) throw illegalInvocation('EncodingDetector', member);
  return s;
}

/** The live handle of `s`, or a TypeError naming `member` once the detector was freed. */
function handleOf(s, member) {
  if (s.handle === 0) throw new TypeError(`Failed to execute '${member}' on 'EncodingDetector': the detector was freed`);
  return s.handle;
}

const CREATE = Symbol('createDetector');

/**
 * A streaming detector (made by createDetector): `feed` chunks in order, `guess` at any time for
 * everything fed so far (and feed more after), `free` when done.
 */
class EncodingDetector {
  constructor(token, hint) {
    if (token !== CREATE) throw new TypeError('Illegal constructor: use createDetector()');
    const handle = detectorCore().detector_new();
    slots.set(this, { handle, hint });
    if (registry !== null) registry.register(this, handle, this);
  }

  /** Reads the next chunk (an ArrayBuffer, SharedArrayBuffer or ArrayBufferView). */
  feed(chunk) {
    const s = slotsOf(this, 'feed');
    const what = "Failed to execute 'feed' on 'EncodingDetector'";
    if (arguments.length < 1) throw new TypeError(`${what}: 1 argument required, but only 0 present`);
    const kind = toBufferSource(chunk, what);
    feedBytes(detectorCore(), handleOf(s, 'feed'), bufferSourceBytes(chunk, kind), what);
  }

  /** The guess for everything fed so far: `{ encoding, confidence, candidates }`, as detect() gives it. */
  guess() {
    const s = slotsOf(this, 'guess');
    return guessOf(detectorCore(), handleOf(s, 'guess'), s.hint, "Failed to execute 'guess' on 'EncodingDetector'");
  }

  /** Frees the detector's wasm state; feed and guess throw a TypeError after. A second call does nothing. */
  free() {
    const s = slotsOf(this, 'free');
    if (s.handle !== 0) {
      detectorCore().detector_free(s.handle);
      s.handle = 0;
      if (registry !== null) registry.unregister(this);
    }
  }
}

shapeInterface(EncodingDetector, 'EncodingDetector', ['feed', 'guess', 'free']);

/**
 * A streaming detector with the hint of `options` (as detect()'s): `feed(chunk)`, `guess()`,
 * `free()`.
 */
export function createDetector(options) {
  const hint = hintOf(options, "Failed to execute 'createDetector'");
  return new EncodingDetector(CREATE, hint);
}
