// Legacy encoders: an extension beyond the Encoding Standard's IDL (whose TextEncoder is UTF-8
// only), exposing the standard's "encode" for every encoding that has an encoder, with its two
// error modes, "fatal" (a TypeError naming the first code point the encoding cannot represent and
// its index) and "html" (each such code point becomes `&#N;`), and a "replace" mode (a replacement
// string for each), as a function and a streaming class. The modes themselves are encode-modes.js.
//
// A label whose encoding has no encoder (replacement, UTF-16BE/LE) encodes as its output encoding,
// UTF-8 ("get an output encoding"). The state machines are the wasm encoders; a LegacyEncoder
// holds a wasm encoder handle only while a `{stream: true}` sequence is open (ISO-2022-JP's state,
// a high surrogate that ended a chunk). The flushing call, a fatal error or close() frees it; a
// FinalizationRegistry frees handles of encoders abandoned mid-stream.

import { encoderCore } from '../core/instance.js';
import { encodingName } from '../core/labels.js';
import {
  encodeOnce,
  encodeOptions,
  encoderState as modeState,
  encodeWhole,
  encodeWith,
  encodingOrdinal,
  outputOrdinal,
  requireArguments,
} from './encode-modes.js';
import { illegalInvocation, shapeInterface, toDictionary, toDOMString } from './webidl.js';

const slots = new WeakMap();
const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((held) => encoderCore(held[0]).encoder_free(held[1])) : null;

/**
 * Converts `label` and `options` (in WebIDL order: the label, then the dictionary's `mode` and
 * `replacement` members) and resolves the output encoding; returns the encoder state or throws
 * RangeError (unknown label) or TypeError (bad mode, unencodable replacement).
 */
function encoderState(label, options, what) {
  const labelString = toDOMString(label, what);
  const { mode, replacement } = encodeOptions(toDictionary(options, what), what, 'fatal');
  return modeState(encodingOrdinal(labelString, what), mode, replacement, what);
}

/**
 * Encodes `input` (lone surrogates become U+FFFD) in the encoding `label` names; returns a new
 * Uint8Array. `options.mode` is "fatal" (default: TypeError at the first code point the encoding
 * cannot represent), "html" (`&#N;` for each) or "replace" (`options.replacement`, default "?",
 * for each).
 */
export function encode(input, label, options) {
  const what = "Failed to execute 'encode'";
  if (arguments.length < 2) requireArguments(arguments, 2, what);
  const string = toDOMString(input, what);
  const labelString = toDOMString(label, what);
  let mode = 'fatal';
  let replacement = '?';
  if (options !== undefined) ({ mode, replacement } = encodeOptions(toDictionary(options, what), what, 'fatal'));
  const ordinal = outputOrdinalOf(labelString, what);
  if (mode !== 'replace') return encodeOnce(ordinal, string, mode === 'html');
  return encodeWhole(modeState(ordinal, mode, replacement, what), string);
}

// The last label `encode` was called with and its output encoding: per-field calls repeat one
// label, and this skips even the label cache (core/labels.js) for them.
let lastLabel = null;
let lastOrdinal = -1;

/** The output encoding's ordinal for `label`, or throws RangeError as `encodingOrdinal` does. */
function outputOrdinalOf(label, what) {
  if (label !== lastLabel) {
    lastOrdinal = outputOrdinal(encodingOrdinal(label, what));
    lastLabel = label;
  }
  return lastOrdinal;
}

function slotsOf(object, member) {
  const s = slots.get(object);
  if (s === undefined) throw illegalInvocation('LegacyEncoder', member);
  return s;
}

function release(s, token) {
  if (s.handle !== 0) {
    encoderCore(s.ordinal).encoder_free(s.handle);
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

  /** "fatal", "html" or "replace". */
  get mode() {
    return slotsOf(this, 'mode').mode;
  }

  /** The replacement string of "replace" mode ("?" unless given). */
  get replacement() {
    return slotsOf(this, 'replacement').replacement;
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
    if (s.handle === 0) {
      s.handle = encoderCore(s.ordinal).encoder_new(s.ordinal);
      if (registry !== null) registry.register(this, [s.ordinal, s.handle], this);
    }
    try {
      const bytes = encodeWith(s.handle, input, !stream, s);
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

shapeInterface(LegacyEncoder, 'LegacyEncoder', ['encoding', 'mode', 'replacement', 'encode', 'close']);

/** A new LegacyEncoder for `label` (the same as `new LegacyEncoder(label, options)`). */
export function createEncoder(label, options) {
  requireArguments(arguments, 1, "Failed to execute 'createEncoder'");
  return new LegacyEncoder(label, options);
}
