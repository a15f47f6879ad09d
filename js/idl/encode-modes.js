// The Encoding Standard's legacy encode in every error mode, the one implementation behind every
// door that encodes to a legacy encoding: label resolution with "get an output encoding", the
// options' conversions, and the runs of a wasm encoder handle in
//   "fatal"   TypeError at the first code point the encoding cannot represent (named, with its
//             index in the input),
//   "html"    `&#N;` for each such code point (the standard's mode for HTML forms),
//   "replace" a replacement string (default "?"), itself encoded by the same encoder, for each one
//             (not a mode of the standard: what users of iconv-lite and encoding-japanese expect),
// and the standard's "encode or fail" (the bytes before an unmappable code point kept, the encoder
// kept alive for the rest), which "replace" and the URL Standard's percent-encoding build on.
// Inputs above the slice limit cross into wasm in slices (never between a surrogate pair).

import { concatBytes, putString, sliceEnd, sliceUnitsLimit, takeBytes } from '../core/crossing.js';
import { core, lastRead } from '../core/instance.js';
import { encodingName, encodingSupported, lookupLabel, quoteLabel } from '../core/labels.js';
import { ENCODER_BAD_HANDLE } from '../core/protocol.js';
import { toDOMString } from './webidl.js';

/** The error modes `encode` accepts. */
export const ENCODE_MODES = Object.freeze(['fatal', 'html', 'replace']);


/** The TypeError for a missing required argument, as WebIDL words it. */
export function requireArguments(args, n, what) {
  if (args.length < n) {
    throw new TypeError(`${what}: ${n} argument${n > 1 ? 's' : ''} required, but only ${args.length} present`);
  }
}

/**
 * "Get an encoding" for `label` (a string): the encoding's ordinal, or throws RangeError for an
 * unknown label and for an encoding this build leaves out (CJK in the lite build).
 */
export function encodingOrdinal(label, what) {
  const ordinal = lookupLabel(label);
  if (ordinal < 0) throw new RangeError(`${what}: the encoding label provided (${quoteLabel(label)}) is invalid`);
  if (!encodingSupported(ordinal)) {
    throw new RangeError(
      `${what}: the encoding '${encodingName(ordinal)}' is not included in the lite build (text-encoding-wasm/lite); use the full entries ('text-encoding-wasm', 'text-encoding-wasm/standard')`,
    );
  }
  return ordinal;
}

/** Encodings without an encoder; "get an output encoding" makes them UTF-8. */
const ENCODES_AS_UTF8 = new Set(['replacement', 'utf-16be', 'utf-16le']);
const encodesAsUtf8 = Set.prototype.has.bind(ENCODES_AS_UTF8);

/** "Get an output encoding" for the encoding at `ordinal`. */
export function outputOrdinal(ordinal) {
  return encodesAsUtf8(encodingName(ordinal)) ? lookupLabel('utf-8') : ordinal;
}

/**
 * Converts the `mode` and `replacement` members of an options dictionary (already converted by
 * toDictionary; undefined for none), in WebIDL order; `mode` defaults to `defaultMode`,
 * `replacement` to "?". Throws TypeError for a mode outside ENCODE_MODES.
 */
export function encodeOptions(dict, what, defaultMode) {
  let mode = defaultMode;
  let replacement = '?';
  if (dict !== undefined) {
    if (dict.mode !== undefined) {
      mode = toDOMString(dict.mode, what);
      if (!ENCODE_MODES.includes(mode)) {
        throw new TypeError(`${what}: the mode must be 'fatal', 'html' or 'replace', not '${mode}'`);
      }
    }
    if (dict.replacement !== undefined) replacement = toDOMString(dict.replacement, what);
  }
  return { mode, replacement };
}

/**
 * The state of an encode in `mode` to the output encoding of `ordinal`: { ordinal, mode,
 * replacement, handle }. In "replace" mode the replacement must itself be encodable (TypeError
 * otherwise, naming the code point).
 */
export function encoderState(ordinal, mode, replacement, what) {
  const s = { ordinal: outputOrdinal(ordinal), mode, replacement, handle: 0 };
  if (mode === 'replace' && replacement !== '') {
    const check = { ordinal: s.ordinal, mode: 'fatal', replacement, handle: 0 };
    try {
      withEncoder(check, (handle) => encodeWith(handle, replacement, true, check));
    } catch (error) {
      throw new TypeError(`${what}: the replacement ${JSON.stringify(replacement)} cannot be encoded in ${encodingName(s.ordinal)} (${error.message})`);
    }
  }
  return s;
}

/** Runs `fn(handle)` with a fresh wasm encoder for `s.ordinal`, freed afterwards. */
export function withEncoder(s, fn) {
  const w = core();
  const handle = w.encoder_new(s.ordinal);
  try {
    return fn(handle);
  } finally {
    w.encoder_free(handle);
  }
}

/** "U+1F600": a code point in the standard's notation. */
export function codePointName(cp) {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

function unmappable(cp, index, ordinal) {
  const at = index >= 0 ? ` at index ${index}` : '';
  return new TypeError(`${codePointName(cp)}${at} cannot be encoded in ${encodingName(ordinal)}`);
}

function internalError() {
  return new Error('text-encoding-wasm: internal error (bad encoder handle)');
}

/** The UTF-16 length of the code point `cp`. */
const unitsOf = (cp) => (cp > 0xffff ? 2 : 1);

/**
 * Encodes `string` with the wasm encoder `handle` in the mode of state `s`; `last` processes
 * end-of-queue (ISO-2022-JP returns to ASCII, a pending high surrogate becomes U+FFFD). Returns a
 * new Uint8Array; in "fatal" mode throws TypeError at the first unmappable code point (the index is
 * in `string`; it is left out when the code point began in the previous streaming call).
 */
export function encodeWith(handle, string, last, s) {
  if (s.mode === 'replace') return encodeReplacing(handle, string, last, s);
  const w = core();
  const html = s.mode === 'html';
  const run = (start, end, final, offset) => {
    const n = w.encoder_encode(handle, putString(string, start, end), final, html);
    if (n >= 0) return takeBytes(n);
    if (n === ENCODER_BAD_HANDLE) throw internalError();
    const cp = -n - 1;
    throw unmappable(cp, offset + lastRead() - unitsOf(cp), s.ordinal);
  };
  if (string.length <= sliceUnitsLimit) return run(0, string.length, last, 0);
  const parts = [];
  for (let at = 0; at < string.length; ) {
    const end = sliceEnd(string, at);
    parts[parts.length] = run(at, end, last && end === string.length, at);
    at = end;
  }
  return concatBytes(parts);
}

/**
 * The standard's "encode or fail", repeated until `string` is consumed, on one encoder (so its
 * state carries across errors): calls `sink.bytes(Uint8Array)` with the bytes of each run and
 * `sink.error(codePoint, index)` for each code point the encoding cannot represent (the index is
 * in `string`, -1 when the code point began in the previous streaming call). With `last`, the
 * final run processes end-of-queue.
 */
export function encodeOrFailEach(handle, string, last, sink) {
  const w = core();
  let at = 0;
  for (;;) {
    const end = sliceEnd(string, at);
    const final = last && end === string.length;
    const n = w.encoder_encode_or_fail(handle, putString(string, at, end), final);
    if (n === ENCODER_BAD_HANDLE) throw internalError();
    const bytes = takeBytes(n);
    const cp = w.last_unmappable();
    const read = lastRead();
    if (bytes.length > 0) sink.bytes(bytes);
    if (cp < 0) {
      at = end;
      if (at >= string.length) return;
      continue;
    }
    at += read;
    sink.error(cp, at - unitsOf(cp));
    // After an error at the very end, one more (empty) run processes end-of-queue.
    if (at >= string.length && !last) return;
  }
}

/** "replace" mode: encode or fail, with the replacement encoded by the same encoder at each error. */
function encodeReplacing(handle, string, last, s) {
  const parts = [];
  const fatal = { ordinal: s.ordinal, mode: 'fatal', replacement: '', handle: 0 };
  encodeOrFailEach(handle, string, last, {
    bytes: (bytes) => {
      parts[parts.length] = bytes;
    },
    error: () => {
      if (s.replacement !== '') parts[parts.length] = encodeWith(handle, s.replacement, false, fatal);
    },
  });
  return concatBytes(parts);
}
