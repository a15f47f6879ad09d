// Legacy encoders: an extension beyond the Encoding Standard's IDL (whose TextEncoder is UTF-8
// only), exposing the standard's "encode" for every encoding that has an encoder, with its two
// error modes: "fatal" (a TypeError naming the first code point the encoding cannot represent)
// and "html" (each such code point becomes `&#N;`).
//
// A label whose encoding has no encoder (replacement, UTF-16BE/LE) encodes as its output encoding,
// UTF-8 ("get an output encoding"). The state machines are the wasm encoders; a LegacyEncoder
// holds a wasm encoder handle only while a `{stream: true}` sequence is open (ISO-2022-JP's state,
// a high surrogate that ended a chunk). The flushing call, a fatal error or close() frees it; a
// FinalizationRegistry frees handles of encoders abandoned mid-stream.

import { concatBytes, core, encodingName, lookupLabel, putString, sliceEnd, sliceUnitsLimit, takeBytes } from './boundary.js';
import { illegalInvocation, shapeInterface, toDictionary, toDOMString } from './webidl.js';

const slots = new WeakMap();
const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => core().encoder_free(handle)) : null;

/** Encodings without an encoder; their output encoding is UTF-8. */
const ENCODES_AS_UTF8 = new Set(['replacement', 'utf-16be', 'utf-16le']);

function requireArguments(args, n, what) {
  if (args.length < n) {
    throw new TypeError(`${what}: ${n} argument${n > 1 ? 's' : ''} required, but only ${args.length} present`);
  }
}

/**
 * Converts `label` and `options` (in WebIDL order: the label, then the dictionary's `mode` enum)
 * and resolves the output encoding; returns the encoder state or throws RangeError (unknown label)
 * or TypeError (bad mode).
 */
function encoderState(label, options, what) {
  const labelString = toDOMString(label, what);
  const dict = toDictionary(options, what);
  let mode = 'fatal';
  if (dict !== undefined && dict.mode !== undefined) {
    mode = toDOMString(dict.mode, what);
    if (mode !== 'fatal' && mode !== 'html') {
      throw new TypeError(`${what}: the mode must be 'fatal' or 'html', not '${mode}'`);
    }
  }
  let ordinal = lookupLabel(labelString);
  if (ordinal < 0) {
    throw new RangeError(`${what}: the encoding label provided ('${labelString}') is invalid`);
  }
  if (ENCODES_AS_UTF8.has(encodingName(ordinal))) ordinal = lookupLabel('utf-8');
  if (!core().encoding_supported(ordinal)) {
    throw new RangeError(
      `${what}: the encoding '${encodingName(ordinal)}' is not included in text-encoding-wasm/lite; use the full entry 'text-encoding-wasm'`,
    );
  }
  return { ordinal, html: mode === 'html', handle: 0 };
}

/** "U+1F600": the code point in the standard's notation. */
function codePointName(cp) {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Turns an `encoder_encode` status into bytes, or throws for an unmappable code point. */
function bytesOrThrow(n, ordinal) {
  if (n >= 0) return takeBytes(n);
  if (n === -2147483648) throw new Error('text-encoding-wasm: internal error (bad encoder handle)');
  throw new TypeError(`${codePointName(-n - 1)} cannot be encoded in ${encodingName(ordinal)}`);
}

/**
 * Encodes `input` (lone surrogates become U+FFFD) in the encoding `label` names; returns a new
 * Uint8Array. `options.mode` is "fatal" (default: TypeError at the first code point the encoding
 * cannot represent) or "html" (`&#N;` for each).
 */
export function encode(input, label, options) {
  const what = "Failed to execute 'encode'";
  requireArguments(arguments, 2, what);
  const string = toDOMString(input, what);
  const s = encoderState(label, options, what);
  const w = core();
  const handle = w.encoder_new(s.ordinal);
  try {
    return encodeSlices(handle, string, true, s);
  } finally {
    w.encoder_free(handle);
  }
}

/**
 * Encodes `string` with the wasm encoder `handle`, in slices above the slice limit (the encoder
 * keeps a surrogate pair or ISO-2022-JP's state across them); `last` ends the sequence. Throws
 * like bytesOrThrow.
 */
function encodeSlices(handle, string, last, s) {
  const w = core();
  if (string.length <= sliceUnitsLimit) return bytesOrThrow(w.encoder_encode(handle, putString(string), last, s.html), s.ordinal);
  const parts = [];
  for (let at = 0; at < string.length; ) {
    const end = sliceEnd(string, at);
    const final = last && end === string.length;
    parts.push(bytesOrThrow(w.encoder_encode(handle, putString(string.slice(at, end)), final, s.html), s.ordinal));
    at = end;
  }
  return concatBytes(parts);
}

function slotsOf(object, member) {
  const s = slots.get(object);
  if (s === undefined) throw illegalInvocation('LegacyEncoder', member);
  return s;
}

function release(s, token) {
  if (s.handle !== 0) {
    core().encoder_free(s.handle);
    s.handle = 0;
    if (registry !== null) registry.unregister(token);
  }
}

/**
 * A streaming legacy encoder: `encode(chunk, {stream: true})` keeps state between calls (a
 * surrogate pair split across chunks, ISO-2022-JP's mode); a call without `stream` flushes
 * (ISO-2022-JP returns to ASCII; a pending lone high surrogate is U+FFFD) and leaves the encoder
 * ready for a new sequence.
 */
export class LegacyEncoder {
  constructor(label) {
    const what = "Failed to construct 'LegacyEncoder'";
    requireArguments(arguments, 1, what);
    slots.set(this, encoderState(label, arguments[1], what));
  }

  /** The output encoding's name, lowercased. */
  get encoding() {
    return encodingName(slotsOf(this, 'encoding').ordinal);
  }

  /** "fatal" or "html". */
  get mode() {
    return slotsOf(this, 'mode').html ? 'html' : 'fatal';
  }

  /**
   * Encodes `input` (default ""); with `{stream: true}` the state is kept for the next call,
   * otherwise end-of-queue is processed and the wasm state freed. In "fatal" mode an unmappable
   * code point throws TypeError, discards this call's output and resets the encoder.
   */
  encode() {
    const s = slotsOf(this, 'encode');
    const what = "Failed to execute 'encode' on 'LegacyEncoder'";
    const input = arguments.length > 0 && arguments[0] !== undefined ? toDOMString(arguments[0], what) : '';
    const options = toDictionary(arguments[1], what);
    const stream = options === undefined ? false : Boolean(options.stream);
    const w = core();
    if (s.handle === 0) {
      s.handle = w.encoder_new(s.ordinal);
      if (registry !== null) registry.register(this, s.handle, this);
    }
    try {
      const bytes = encodeSlices(s.handle, input, !stream, s);
      if (!stream) release(s, this);
      return bytes;
    } catch (error) {
      release(s, this);
      throw error;
    }
  }

  /**
   * Abandons the current sequence: frees the wasm state without flushing (pending state is
   * discarded). The encoder stays usable; the next call starts a new sequence.
   */
  close() {
    release(slotsOf(this, 'close'), this);
  }
}

shapeInterface(LegacyEncoder, 'LegacyEncoder', ['encoding', 'mode', 'encode', 'close']);

/** A new LegacyEncoder for `label` (the same as `new LegacyEncoder(label, options)`). */
export function createEncoder(label, options) {
  requireArguments(arguments, 1, "Failed to execute 'createEncoder'");
  return new LegacyEncoder(label, options);
}
