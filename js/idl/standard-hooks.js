// The Encoding Standard's "hooks for standards" and "legacy hooks for standards" (encoding.bs,
// sections specification-hooks and legacy-hooks), the URL Standard's "percent-encode after
// encoding" and Infra's isomorphic decode/encode: what JavaScript implementations of HTML, URL,
// Fetch and XHR call. Every function converts its arguments like a WebIDL operation (TypeError for
// a wrong type, RangeError for an unknown encoding label) and runs on the same wasm decoders and
// encoders as the classes: decoding goes through text-decoder.js's decodeWith, encoding through
// encode-modes.js.
//
// Encodings are named as TextDecoder#encoding names them (the standard's name, ASCII lowercased):
// getEncoding, getOutputEncoding, bomSniff and decode's `encoding` all return those strings.
//
// The decode hooks also stream: given a ReadableStream (or any async iterable) of BufferSource
// chunks instead of a BufferSource, they return a ReadableStream of strings.

import { bytesLength, bytesRange, concatBytes } from '../core/crossing.js';
import { DECODE } from '../core/instance.js';
import { encodingName, lookupLabel, quoteLabel } from '../core/labels.js';
import {
  encodeOptions,
  encodeOrFailEach,
  encoderState,
  encodeWith,
  encodingOrdinal,
  outputOrdinal,
  requireArguments,
  withEncoder,
} from './encode-modes.js';
import { decodeWith, newDecoderState, releaseHandle } from './text-decoder.js';
import { bufferSourceBytes, describe, toBufferSource, toDictionary, toDOMString } from './webidl.js';

const EMPTY = new Uint8Array(0);
const fromCharCode = String.fromCharCode;

const ordinals = {};
/** The ordinal of the encoding named `name` (a label of it), cached. */
function ordinalOf(name) {
  let ordinal = ordinals[name];
  if (ordinal === undefined) ordinal = ordinals[name] = lookupLabel(name);
  return ordinal;
}

// ---- arguments ---------------------------------------------------------------------------------

/**
 * Converts a decode hook's input: a BufferSource → { bytes } (read now), a ReadableStream or async
 * iterable → { chunks }. Anything else is a TypeError.
 */
function toDecodeInput(value, what) {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    if (typeof value.getReader === 'function' || typeof value[Symbol.asyncIterator] === 'function') return { chunks: value };
  }
  let kind;
  try {
    kind = toBufferSource(value, what);
  } catch {
    throw new TypeError(`${what}: the input must be a BufferSource (ArrayBuffer, SharedArrayBuffer or ArrayBufferView) or a ReadableStream of them, not ${describe(value)}`);
  }
  return { value, kind };
}

/** The bytes of a converted BufferSource input, as they are now. */
const inputBytes = (input) => bufferSourceBytes(input.value, input.kind);

/** Requires a BufferSource; returns its bytes as they are now. */
function toBytes(value, what) {
  return bufferSourceBytes(value, toBufferSource(value, what));
}

// ---- names -------------------------------------------------------------------------------------

/**
 * "Get an encoding": the name of the encoding `label` is a label of (ASCII lowercased, as
 * TextDecoder#encoding; "replacement" included), or null. Never throws for a string.
 */
export function getEncoding(label) {
  const what = "Failed to execute 'getEncoding'";
  requireArguments(arguments, 1, what);
  const ordinal = lookupLabel(toDOMString(label, what));
  return ordinal < 0 ? null : encodingName(ordinal);
}

/**
 * "Get an output encoding": "utf-8" for replacement, UTF-16BE and UTF-16LE, otherwise the
 * encoding's own name. `encoding` is a label; an unknown one is a RangeError.
 */
export function getOutputEncoding(encoding) {
  const what = "Failed to execute 'getOutputEncoding'";
  requireArguments(arguments, 1, what);
  const label = toDOMString(encoding, what);
  const ordinal = lookupLabel(label);
  if (ordinal < 0) throw new RangeError(`${what}: the encoding label provided (${quoteLabel(label)}) is invalid`);
  return encodingName(outputOrdinal(ordinal));
}

// ---- BOM sniffing and decoding -------------------------------------------------------------------

/** "BOM sniff" over the first bytes of `bytes`: [name, BOM length] or null. */
function sniff(bytes) {
  const n = bytesLength(bytes);
  if (n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return ['utf-8', 3];
  if (n >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return ['utf-16be', 2];
  if (n >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return ['utf-16le', 2];
  return null;
}

/**
 * "BOM sniff": "utf-8", "utf-16be" or "utf-16le" when `bytes` (a BufferSource) starts with that
 * encoding's byte order mark, otherwise null.
 */
export function bomSniff(bytes) {
  const what = "Failed to execute 'bomSniff'";
  requireArguments(arguments, 1, what);
  const found = sniff(toBytes(bytes, what));
  return found === null ? null : found[0];
}

/** A decoder state for text-decoder.js's decodeWith. */
const decoderState = newDecoderState;

/** Decodes all of `bytes` with a fresh decoder state `s`. */
const decodeAll = (s, bytes) => decodeWith(s, s, bytes, false);

/**
 * The legacy "decode": a byte order mark wins over `fallbackEncoding` (a label) and is skipped;
 * otherwise the bytes are decoded with the fallback; malformed input becomes U+FFFD. Returns
 * `{ text, encoding }`, `encoding` being the name of the encoding used. Given a stream, returns
 * `{ text: ReadableStream<string>, encoding: Promise<string> }` (the promise settles once the
 * first three bytes, or the end, arrived).
 */
export function decode(input, fallbackEncoding) {
  const what = "Failed to execute 'decode'";
  requireArguments(arguments, 2, what);
  const source = toDecodeInput(input, what);
  const fallback = encodingOrdinal(toDOMString(fallbackEncoding, what), what, DECODE);
  if (source.chunks !== undefined) return decodeStream(source.chunks, what, fallback);
  const bytes = inputBytes(source);
  const found = sniff(bytes);
  if (found === null) {
    return { text: decodeAll(decoderState(fallback, false, true), bytes), encoding: encodingName(fallback) };
  }
  const [name, length] = found;
  const rest = bytesRange(bytes, length, bytesLength(bytes));
  return { text: decodeAll(decoderState(ordinalOf(name), false, true), rest), encoding: name };
}

/**
 * "UTF-8 decode": a leading UTF-8 byte order mark is skipped, malformed input becomes U+FFFD.
 * Given a stream, returns a ReadableStream of strings.
 */
export function utf8Decode(input) {
  return utf8Hook(arguments, 'utf8Decode', false, false);
}

/**
 * "UTF-8 decode without BOM": like utf8Decode, but a leading byte order mark is kept (U+FEFF).
 * Given a stream, returns a ReadableStream of strings.
 */
export function utf8DecodeWithoutBOM(input) {
  return utf8Hook(arguments, 'utf8DecodeWithoutBOM', false, true);
}

/**
 * "UTF-8 decode without BOM or fail": a leading byte order mark is kept, and malformed input is a
 * TypeError ("failure"). Given a stream, returns a ReadableStream of strings that errors with the
 * TypeError.
 */
export function utf8DecodeWithoutBOMOrFail(input) {
  return utf8Hook(arguments, 'utf8DecodeWithoutBOMOrFail', true, true);
}

function utf8Hook(args, name, fatal, ignoreBOM) {
  const what = `Failed to execute '${name}'`;
  requireArguments(args, 1, what);
  const source = toDecodeInput(args[0], what);
  const s = decoderState(ordinalOf('utf-8'), fatal, ignoreBOM);
  if (source.chunks !== undefined) return decodeStream(source.chunks, what, -1, s).text;
  return decodeAll(s, inputBytes(source));
}

/** A pull-based reader over a ReadableStream or an async iterable: { next(), cancel(reason) }. */
function readerOf(chunks) {
  if (typeof chunks.getReader === 'function') {
    const reader = chunks.getReader();
    return { next: () => reader.read(), cancel: (reason) => reader.cancel(reason) };
  }
  const iterator = chunks[Symbol.asyncIterator]();
  return {
    next: () => iterator.next(),
    cancel: async (reason) => {
      if (typeof iterator.return === 'function') await iterator.return(reason);
    },
  };
}

/**
 * Streams `chunks` through a decoder: the fixed state `fixed`, or (for the legacy "decode", when
 * `fixed` is undefined) the encoding chosen by BOM sniffing the first three bytes with the
 * fallback `fallback`. Returns { text: ReadableStream<string>, encoding: Promise<string> }.
 */
function decodeStream(chunks, what, fallback, fixed) {
  if (typeof ReadableStream !== 'function') {
    throw new TypeError(`${what}: streaming needs ReadableStream, which this environment does not have`);
  }
  const source = readerOf(chunks);
  let s = fixed === undefined ? null : fixed;
  let head = []; // bytes held back until BOM sniffing can decide (at most two)
  let settle;
  const encoding = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  encoding.catch(() => {}); // a caller that only reads the text is not told twice
  if (s !== null) settle.resolve(encodingName(s.ordinal));

  /** Decides the encoding from the held-back bytes plus `bytes`; returns the bytes to decode. */
  const decide = (bytes, atEnd) => {
    const all = new Uint8Array(head.length + bytesLength(bytes));
    all.set(head, 0);
    all.set(bytes, head.length);
    if (all.length < 3 && !atEnd) {
      head = Array.from(all);
      return null;
    }
    head = [];
    const found = sniff(all);
    s = decoderState(found === null ? fallback : ordinalOf(found[0]), false, true);
    settle.resolve(encodingName(s.ordinal));
    return found === null ? all : all.subarray(found[1]);
  };

  const fail = (error) => {
    if (s !== null) releaseHandle(s, s);
    settle.reject(error);
  };

  return {
    encoding,
    text: new ReadableStream({
      async pull(controller) {
        try {
          for (;;) {
            const { value, done } = await source.next();
            let text;
            if (done) {
              const rest = s === null ? decide(EMPTY, true) : EMPTY;
              text = decodeWith(s, s, rest, false);
              if (text !== '') controller.enqueue(text);
              controller.close();
              return;
            }
            const bytes = bufferSourceBytes(value, toBufferSource(value, `${what} (a chunk of the stream)`));
            const toDecode = s === null ? decide(bytes, false) : bytes;
            if (toDecode === null) continue;
            text = decodeWith(s, s, toDecode, true);
            if (text !== '') {
              controller.enqueue(text);
              return;
            }
          }
        } catch (error) {
          fail(error);
          source.cancel(error).catch(() => {});
          throw error;
        }
      },
      cancel(reason) {
        fail(reason);
        return source.cancel(reason);
      },
    }),
  };
}

// ---- encoding ------------------------------------------------------------------------------------

/**
 * The legacy "encode" of `input` (a string; lone surrogates become U+FFFD) in the output encoding
 * of `encoding` (a label). `options.mode`: "html" (the default, as the standard's hook: `&#N;` for
 * each code point the encoding cannot represent), "fatal" (TypeError naming the first one and its
 * index) or "replace" (not in the standard: `options.replacement`, default "?", for each; it must
 * itself be encodable). Returns a new Uint8Array.
 */
export function encode(input, encoding, options) {
  const what = "Failed to execute 'encode'";
  requireArguments(arguments, 2, what);
  const string = toDOMString(input, what);
  const label = toDOMString(encoding, what);
  const { mode, replacement } = encodeOptions(toDictionary(options, what), what, 'html');
  const s = encoderState(encodingOrdinal(label, what), mode, replacement, what);
  return withEncoder(s, (handle) => encodeWith(handle, string, true, s));
}

/**
 * "Encode or fail", run until the input is consumed, on one encoder instance (so ISO-2022-JP's
 * state carries across errors): an array of `{ bytes, error }`, one per run: `bytes` that run's
 * output, `error` the code point it stopped at, or null for the last run (which also processed
 * end-of-queue).
 */
export function encodeOrFail(input, encoding) {
  const what = "Failed to execute 'encodeOrFail'";
  requireArguments(arguments, 2, what);
  const string = toDOMString(input, what);
  const s = encoderState(encodingOrdinal(toDOMString(encoding, what), what), 'fatal', '', what);
  const runs = [];
  let parts = [];
  const join = () => concatBytes(parts);
  withEncoder(s, (handle) =>
    encodeOrFailEach(
      handle,
      string,
      true,
      {
        bytes: (bytes) => parts.push(bytes),
        error: (cp) => {
          runs.push({ bytes: join(), error: cp });
          parts = [];
        },
      },
      s.ordinal,
    ),
  );
  runs.push({ bytes: join(), error: null });
  return runs;
}

/** "UTF-8 encode": `input` (a string; lone surrogates become U+FFFD) as UTF-8, a new Uint8Array. */
export function utf8Encode(input) {
  const what = "Failed to execute 'utf8Encode'";
  requireArguments(arguments, 1, what);
  const string = toDOMString(input, what);
  const s = encoderState(ordinalOf('utf-8'), 'fatal', '', what);
  return withEncoder(s, (handle) => encodeWith(handle, string, true, s));
}

// ---- the URL Standard's percent-encoding ------------------------------------------------------

/** The C0 control percent-encode set: C0 controls and every code point above U+007E (~). */
export const C0_CONTROL_PERCENT_ENCODE_SET = 'c0-control';
/** The fragment percent-encode set: C0 control set plus space " < > `. */
export const FRAGMENT_PERCENT_ENCODE_SET = 'fragment';
/** The query percent-encode set: C0 control set plus space " # < >. */
export const QUERY_PERCENT_ENCODE_SET = 'query';
/** The special-query percent-encode set: query set plus '. */
export const SPECIAL_QUERY_PERCENT_ENCODE_SET = 'special-query';
/** The path percent-encode set: query set plus ? ^ ` { }. */
export const PATH_PERCENT_ENCODE_SET = 'path';
/** The userinfo percent-encode set: path set plus / : ; = @ [ \ ] |. */
export const USERINFO_PERCENT_ENCODE_SET = 'userinfo';
/** The component percent-encode set: userinfo set plus $ % & + ,. */
export const COMPONENT_PERCENT_ENCODE_SET = 'component';
/** The application/x-www-form-urlencoded percent-encode set: component set plus ! ' ( ) ~. */
export const FORM_URLENCODED_PERCENT_ENCODE_SET = 'application/x-www-form-urlencoded';

/** Each named set's printable ASCII members (C0 controls and everything above U+007E are in all). */
const SET_EXTRAS = (() => {
  const sets = {};
  const add = (name, base, chars) => {
    sets[name] = (sets[base] || '') + chars;
  };
  add(C0_CONTROL_PERCENT_ENCODE_SET, null, '');
  add(FRAGMENT_PERCENT_ENCODE_SET, C0_CONTROL_PERCENT_ENCODE_SET, ' "<>`');
  add(QUERY_PERCENT_ENCODE_SET, C0_CONTROL_PERCENT_ENCODE_SET, ' "#<>');
  add(SPECIAL_QUERY_PERCENT_ENCODE_SET, QUERY_PERCENT_ENCODE_SET, "'");
  add(PATH_PERCENT_ENCODE_SET, QUERY_PERCENT_ENCODE_SET, '?^`{}');
  add(USERINFO_PERCENT_ENCODE_SET, PATH_PERCENT_ENCODE_SET, '/:;=@[\\]|');
  add(COMPONENT_PERCENT_ENCODE_SET, USERINFO_PERCENT_ENCODE_SET, '$%&+,');
  add(FORM_URLENCODED_PERCENT_ENCODE_SET, COMPONENT_PERCENT_ENCODE_SET, "!'()~");
  return sets;
})();

/** Per set name, a 256-entry table: the output for each byte (itself, or its percent-encoding). */
const byteTables = new Map();
function byteTable(name) {
  let table = byteTables.get(name);
  if (table === undefined) {
    const extras = SET_EXTRAS[name];
    table = [];
    for (let b = 0; b < 256; b++) {
      const inSet = b < 0x20 || b > 0x7e || extras.includes(fromCharCode(b));
      table.push(inSet ? `%${b < 16 ? '0' : ''}${b.toString(16).toUpperCase()}` : fromCharCode(b));
    }
    byteTables.set(name, table);
  }
  return table;
}

/** The names percentEncodeAfterEncoding accepts. */
export const PERCENT_ENCODE_SETS = Object.freeze(Object.keys(SET_EXTRAS));

/**
 * The URL Standard's "percent-encode after encoding": `input` encoded in the output encoding of
 * `encoding` (a label) with "encode or fail"; each byte in `percentEncodeSet` (one of
 * PERCENT_ENCODE_SETS) becomes %XX, a space becomes "+" when `spaceAsPlus`, and each code point
 * the encoding cannot represent becomes "%26%23" + its decimal value + "%3B". `spaceAsPlus`
 * defaults to what the URL Standard now derives: true exactly for the
 * application/x-www-form-urlencoded set; an explicit boolean overrides it (the earlier text of the
 * standard took it as an argument, false by default).
 */
export function percentEncodeAfterEncoding(encoding, input, percentEncodeSet, spaceAsPlus) {
  const what = "Failed to execute 'percentEncodeAfterEncoding'";
  requireArguments(arguments, 3, what);
  const label = toDOMString(encoding, what);
  const string = toDOMString(input, what);
  const setName = toDOMString(percentEncodeSet, what);
  if (!Object.prototype.hasOwnProperty.call(SET_EXTRAS, setName)) {
    throw new TypeError(`${what}: '${setName}' is not a percent-encode set (${PERCENT_ENCODE_SETS.map((n) => `'${n}'`).join(', ')})`);
  }
  const plus = spaceAsPlus === undefined ? setName === FORM_URLENCODED_PERCENT_ENCODE_SET : Boolean(spaceAsPlus);
  const s = encoderState(encodingOrdinal(label, what), 'fatal', '', what);
  const table = byteTable(setName);
  let output = '';
  withEncoder(s, (handle) =>
    encodeOrFailEach(
      handle,
      string,
      true,
      {
        bytes: (bytes) => {
          for (let i = 0; i < bytes.length; i++) {
            const b = bytes[i];
            output += plus && b === 0x20 ? '+' : table[b];
          }
        },
        error: (cp) => {
          output += `%26%23${cp}%3B`;
        },
      },
      s.ordinal,
    ),
  );
  return output;
}

// ---- Infra ---------------------------------------------------------------------------------------

/** Infra's "isomorphic decode": each byte of `bytes` (a BufferSource) becomes the code point of its value. */
export function isomorphicDecode(bytes) {
  const what = "Failed to execute 'isomorphicDecode'";
  requireArguments(arguments, 1, what);
  const view = toBytes(bytes, what);
  const n = bytesLength(view);
  let out = '';
  for (let i = 0; i < n; i += 8192) out += fromCharCode.apply(null, bytesRange(view, i, i + 8192));
  return out;
}

/**
 * Infra's "isomorphic encode": each code unit of `input` (a string of code points up to U+00FF)
 * becomes the byte of its value; a code point above U+00FF is a TypeError naming it and its index.
 */
export function isomorphicEncode(input) {
  const what = "Failed to execute 'isomorphicEncode'";
  requireArguments(arguments, 1, what);
  const string = toDOMString(input, what);
  const out = new Uint8Array(string.length);
  for (let i = 0; i < string.length; i++) {
    const unit = string.charCodeAt(i);
    if (unit > 0xff) {
      const cp = string.codePointAt(i);
      throw new TypeError(`${what}: U+${cp.toString(16).toUpperCase().padStart(4, '0')} at index ${i} is above U+00FF`);
    }
    out[i] = unit;
  }
  return out;
}
