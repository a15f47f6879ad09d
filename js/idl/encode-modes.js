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
//
// A whole (non-streaming) encode (`encodeOnce`) crosses without an encoder handle, and many
// inputs do not cross at all: a single-byte encoding maps through a reverse of its index, read
// once from the wasm (the very table its encoder uses); a short string in a double-byte encoding
// (Shift_JIS, EUC-JP, GBK, gb18030, Big5, EUC-KR), once the wasm has encoded 64 Ki code units of
// it, through a table of what the wasm encoder makes of each BMP code point (one or two bytes;
// built by encoding them all once); and a short all-ASCII input to an encoding that keeps ASCII as it is is its own code
// units. Each shortcut gives up at the first code point it cannot map (an unmappable one, a
// surrogate, a four-byte gb18030 sequence) and the wasm encoder does the whole input instead, so
// errors, "html" references and lone surrogates always come from the wasm encoder.

import { concatBytes, nativeUnitsAt, putString, sliceEnd, sliceUnitsLimit, takeBytes } from '../core/crossing.js';
import { core, ENCODE, encoderCore, lastRead, mem16, refresh } from '../core/instance.js';
import { bufferOf, charCodeAt, charCodeAtIsIntrinsic, fromCharCodeApply, setBytes, U16, U8 } from '../core/intrinsics.js';
import { encodingName, encodingSupported, isDoubleByte, isMultiByte, lookupLabel, quoteLabel, unsupportedMessage, UTF8_ORDINAL } from '../core/labels.js';
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
 * unknown label and for an encoding that nothing loaded supports in `direction` (ENCODE unless
 * given; CJK over lite without its add-on in that direction).
 */
export function encodingOrdinal(label, what, direction = ENCODE) {
  const ordinal = lookupLabel(label);
  if (ordinal < 0) throw new RangeError(`${what}: the encoding label provided (${quoteLabel(label)}) is invalid`);
  if (!encodingSupported(ordinal, direction)) throw new RangeError(unsupportedMessage(what, ordinal, direction));
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
  const handle = encoderCore(s.ordinal).encoder_new(s.ordinal);
  try {
    return fn(handle);
  } finally {
    encoderCore(s.ordinal).encoder_free(handle);
  }
}

/** Inputs up to this many code units are tried as all-ASCII in JavaScript (`encodeOnce`). */
const SHORTCUT_UNITS = 256;

// The shortcut of each output encoding, by ordinal: a single-byte reverse table (a Uint8Array),
// ASCII_ONLY (every other encoding keeps ASCII as it is), or ASCII_BUT_SO_SI_ESC (ISO-2022-JP,
// whose encoder, in its initial state, keeps ASCII but U+000E, U+000F and U+001B, errors there).
const ASCII_ONLY = 1;
const ASCII_BUT_SO_SI_ESC = 2;
const shortcuts = [];

/** Code units the wasm encodes (encodeOnce) in a double-byte encoding before its table is built. */
const DOUBLE_BYTE_TABLE_AFTER = 1 << 16;
/**
 * Per ordinal, the code units the wasm encoded so far in a double-byte encoding before its table
 * (set to 0 by shortcutOf for those encodings; undefined for every other).
 */
const doubleByteSeen = [];

/** A double-byte encoding's shortcut: `table[c]` is what the wasm encoder makes of BMP code point c. */
class DoubleByte {
  constructor(table) {
    this.table = table;
  }
}

/**
 * The double-byte table of output encoding `ordinal`: for each BMP code point, its bytes as the
 * wasm encoder writes them (a byte below 0x100, or lead << 8 | trail; ASCII as itself), 0 where it
 * writes anything else (an "html" reference for an unmappable one, a surrogate, four gb18030
 * bytes) and for U+0000. Every code point from U+0080 is encoded once, each followed by U+000A,
 * whose byte 0x0A is no part of any multi-byte sequence: the output splits there.
 */
function doubleByteTable(ordinal) {
  const units = [];
  for (let c = 0x80; c <= 0xffff; c++) if (c < 0xd800 || c > 0xdfff) units.push(c, 0x0a);
  let string = '';
  for (let i = 0; i < units.length; i += 8192) string += fromCharCodeApply(null, units.slice(i, i + 8192));
  const bytes = encodeWhole({ ordinal, mode: 'html', replacement: '', handle: 0 }, string);
  const table = new U16(0x10000);
  for (let c = 0; c < 0x80; c++) table[c] = c;
  let at = 0;
  for (let c = 0x80; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    let end = at;
    while (bytes[end] !== 0x0a) end++;
    if (end - at === 1) table[c] = bytes[at];
    else if (end - at === 2) table[c] = (bytes[at] << 8) | bytes[at + 1];
    at = end + 1;
  }
  return new DoubleByte(table);
}

/** Scratch output of encodeDoubleByte (at most two bytes per code unit of a short string). */
const scratch = new U8(2 * SHORTCUT_UNITS);
/** Views of the scratch's first n bytes, by n (made at first use). */
const scratchViews = [];

/**
 * `string` (at most SHORTCUT_UNITS code units) through the double-byte table `t`, or null at the
 * first unit it cannot map: written to a scratch buffer in one pass, then copied out by a new array
 * and a set (no species lookup, as a `slice` would make). With ASCII in the table, this took short
 * legacy encodes from a bound `slice` at 1.00x and 2.50x @exodus/bytes in Firefox and Bun to 1.17x
 * and 3.59x (npm run bench -- --engines).
 */
function encodeDoubleByte(t, string) {
  const n = string.length;
  const out = scratch;
  const direct = charCodeAtIsIntrinsic();
  let j = 0;
  for (let i = 0; i < n; i++) {
    const c = direct ? string.charCodeAt(i) : charCodeAt(string, i);
    const v = t[c];
    if (v > 0xff) {
      out[j] = v >> 8;
      out[j + 1] = v;
      j += 2;
    } else if (v !== 0 || c === 0) {
      out[j++] = v;
    } else {
      return null;
    }
  }
  const bytes = new U8(j);
  setBytes(bytes, scratchViews[j] || (scratchViews[j] = new U8(bufferOf(scratch), 0, j)));
  return bytes;
}

/** The shortcut for output encoding `ordinal` (built at its first use). */
function shortcutOf(ordinal) {
  const name = encodingName(ordinal);
  // Only a single-byte encoding has an index; asking the base module of the others would
  // instantiate it for nothing where an add-on encodes (a Shift_JIS exporter over lite).
  const at = isMultiByte(name) || ordinal === UTF8_ORDINAL ? 0 : core().single_byte_index(ordinal);
  let shortcut;
  if (at !== 0) shortcut = reverseTable(at);
  else shortcut = name === 'iso-2022-jp' ? ASCII_BUT_SO_SI_ESC : ASCII_ONLY;
  if (isDoubleByte(name)) doubleByteSeen[ordinal] = 0;
  shortcuts[ordinal] = shortcut;
  return shortcut;
}

/**
 * The reverse of the single-byte index at wasm address `at` (128 code points, 0 for none, of bytes
 * 0x80 to 0xFF), with ASCII as itself: the byte of a code point `c` is `t[c]`, 0 for none but
 * U+0000. It ends after the highest code point of the index: beyond, `t[c]` is undefined, also
 * none. A code point at two pointers gets the first, as the standard's index pointer does.
 */
function reverseTable(at) {
  refresh();
  const index = [];
  let top = 0x7f;
  for (let p = 0; p < 128; p++) {
    const cp = mem16[(at >>> 1) + p];
    index[p] = cp;
    if (cp > top) top = cp;
  }
  const t = new U8(top + 1);
  for (let c = 0; c < 0x80; c++) t[c] = c;
  for (let p = 0; p < 128; p++) {
    const cp = index[p];
    if (cp >= 0x80 && t[cp] === 0) t[cp] = 0x80 + p;
  }
  return t;
}

/**
 * `string` through the single-byte reverse table `t`, or null at the first unit it cannot map.
 * Four units per step, one test for all four in the common case: text in a single-byte encoding
 * mixes ASCII and the other half in every word, where a branch on ASCII mispredicts (npm run
 * bench, "encode legacy", the Cyrillic and Greek rows).
 */
function encodeSingleByte(t, string) {
  const n = string.length;
  const at = nativeUnitsAt(string);
  if (at >= 0) return encodeSingleByteUnits(t, mem16, at, n);
  const out = new U8(n);
  let i = 0;
  if (charCodeAtIsIntrinsic()) {
    for (const n4 = n - 3; i < n4; i += 4) {
      const c0 = string.charCodeAt(i);
      const c1 = string.charCodeAt(i + 1);
      const c2 = string.charCodeAt(i + 2);
      const c3 = string.charCodeAt(i + 3);
      const b0 = t[c0];
      const b1 = t[c1];
      const b2 = t[c2];
      const b3 = t[c3];
      // A 0 (or undefined, past the table's end) is no byte, but for U+0000.
      if (!(b0 && b1 && b2 && b3) && ((!b0 && c0) || (!b1 && c1) || (!b2 && c2) || (!b3 && c3))) return null;
      out[i] = b0;
      out[i + 1] = b1;
      out[i + 2] = b2;
      out[i + 3] = b3;
    }
  }
  for (; i < n; i++) {
    const c = charCodeAt(string, i);
    const b = t[c];
    if (!b && c) return null;
    out[i] = b;
  }
  return out;
}

/** encodeSingleByte over `n` code units at `m[at]` (written there by a native writer). */
function encodeSingleByteUnits(t, m, at, n) {
  const out = new U8(n);
  let i = 0;
  for (const n4 = n - 3; i < n4; i += 4) {
    const c0 = m[at + i];
    const c1 = m[at + i + 1];
    const c2 = m[at + i + 2];
    const c3 = m[at + i + 3];
    const b0 = t[c0];
    const b1 = t[c1];
    const b2 = t[c2];
    const b3 = t[c3];
    if (!(b0 && b1 && b2 && b3) && ((!b0 && c0) || (!b1 && c1) || (!b2 && c2) || (!b3 && c3))) return null;
    out[i] = b0;
    out[i + 1] = b1;
    out[i + 2] = b2;
    out[i + 3] = b3;
  }
  for (; i < n; i++) {
    const c = m[at + i];
    const b = t[c];
    if (!b && c) return null;
    out[i] = b;
  }
  return out;
}

/**
 * The code units of `string` as bytes if all are ASCII (and, with `strict`, none is U+000E, U+000F
 * or U+001B), else null.
 */
function encodeAscii(string, strict) {
  const n = string.length;
  // Text in a multi-byte encoding mostly fails at once: nothing is allocated for it.
  if (n > 0 && charCodeAt(string, 0) >= 0x80) return null;
  const out = new U8(n);
  const direct = charCodeAtIsIntrinsic();
  for (let i = 0; i < n; i++) {
    const c = direct ? string.charCodeAt(i) : charCodeAt(string, i);
    if (c >= 0x80 || (strict && (c === 0x1b || c === 0x0e || c === 0x0f))) return null;
    out[i] = c;
  }
  return out;
}

/**
 * One whole, non-streaming encode of `string` to the output encoding `ordinal` in "fatal" mode
 * (TypeError at the first code point it cannot represent) or, with `html`, "html" mode; returns a
 * new Uint8Array. The same bytes and errors as `encodeWith` on a fresh encoder with `last`.
 */
export function encodeOnce(ordinal, string, html) {
  const n = string.length;
  let shortcut = shortcuts[ordinal];
  if (shortcut === undefined) shortcut = shortcutOf(ordinal);
  // A single-byte table at any length (a lookup per unit in JavaScript beats the crossing and the
  // wasm encoder's reverse map: npm run bench, "legacy encode"); the ASCII scan only on short
  // input, since long text in a multi-byte encoding rarely stays ASCII to its end.
  if (shortcut instanceof DoubleByte) {
    // Short strings only: on long text the wasm encoder was faster in Node and Chromium when the
    // table took every length (npm run bench -- --engines, "legacy encode").
    if (n <= SHORTCUT_UNITS) {
      const bytes = encodeDoubleByte(shortcut.table, string);
      if (bytes !== null) return bytes;
    }
  } else if (shortcut !== ASCII_ONLY && shortcut !== ASCII_BUT_SO_SI_ESC) {
    const bytes = encodeSingleByte(shortcut, string);
    if (bytes !== null) return bytes;
  } else {
    if (n <= SHORTCUT_UNITS) {
      const bytes = encodeAscii(string, shortcut === ASCII_BUT_SO_SI_ESC);
      if (bytes !== null) return bytes;
    }
    const seen = doubleByteSeen[ordinal];
    if (seen !== undefined) {
      doubleByteSeen[ordinal] = seen + n;
      if (seen + n >= DOUBLE_BYTE_TABLE_AFTER) shortcuts[ordinal] = doubleByteTable(ordinal);
    }
  }
  if (n > sliceUnitsLimit) return encodeWhole({ ordinal, mode: html ? 'html' : 'fatal', replacement: '', handle: 0 }, string);
  const result = encoderCore(ordinal).encode_once(ordinal, putString(string), html);
  if (result >= 0) return takeBytes(result);
  if (result === ENCODER_BAD_HANDLE) throw internalError();
  const cp = -result - 1;
  throw unmappable(cp, lastRead() - unitsOf(cp), ordinal);
}

/**
 * `string` encoded whole (end-of-queue processed) in the mode of state `s` by a fresh wasm encoder
 * handle, freed afterwards. (A function of its own: a closure over `string` in a caller would cost
 * that caller a context allocation on every call, slow path taken or not.)
 */
export function encodeWhole(s, string) {
  return withEncoder(s, (handle) => encodeWith(handle, string, true, s));
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
  const html = s.mode === 'html';
  const run = (start, end, final, offset) => {
    const n = encoderCore(s.ordinal).encoder_encode(handle, putString(string, start, end), final, html);
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
 * final run processes end-of-queue. `ordinal` is the encoder's encoding (its module).
 */
export function encodeOrFailEach(handle, string, last, sink, ordinal) {
  let at = 0;
  for (;;) {
    const end = sliceEnd(string, at);
    const final = last && end === string.length;
    // Selected on each run: the sink may have called into another module.
    const w = encoderCore(ordinal);
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
  encodeOrFailEach(
    handle,
    string,
    last,
    {
      bytes: (bytes) => {
        parts[parts.length] = bytes;
      },
      error: () => {
        if (s.replacement !== '') parts[parts.length] = encodeWith(handle, s.replacement, false, fatal);
      },
    },
    s.ordinal,
  );
  return concatBytes(parts);
}
