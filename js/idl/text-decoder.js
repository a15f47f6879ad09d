// TextDecoder, exactly as the Encoding Standard's IDL defines it, over the wasm decoders.
//
// A TextDecoder holds no wasm state between non-streaming calls: such a call decodes with a fresh
// decoder in one step. A `{stream: true}` call allocates a decoder handle that keeps the pending
// bytes and BOM state; the flushing call frees it deterministically, and a FinalizationRegistry
// frees handles of decoders abandoned mid-stream. A fatal error in a streaming call keeps the
// handle: the standard's "do not flush" stays true, so the next call goes on from the decoder's
// state and "BOM seen" (the rest of the chunk that failed is dropped, as every engine does). Any
// other failure (a string too long for the engine) frees it: the next call starts afresh.

import { shortDecodeUpTo } from '../core/host-speed.js';
import { bytesLength, bytesRange, inputBytes, putBytes, sliceBytesLimit } from '../core/crossing.js';
import { baseInstantiated, DECODE, decoderCore, outputKind } from '../core/instance.js';
import { byteLengthOf, typedArrayTagOf, U8 } from '../core/intrinsics.js';
import { encodingName, encodingSupported, lookupLabel, quoteLabel, unsupportedMessage } from '../core/labels.js';
import { OUT_ASCII } from '../core/protocol.js';
import { asciiString, asciiStringOrNull, hostIsAscii, hostUtf8String, keptArrayAsciiOrNull, isShortInput, nativeMultiByteDecoder, nativeUtf8FromOf, takeString, windows1252String } from '../core/strings.js';
import { HOST_BYTES_MAX, hostCodecsAllowed, isPlainView, onPlainBuffer } from '../core/host-classes.js';
import { coreFromOf, hostDecoder, kindOf, MULTI_BYTE, SINGLE_BYTE, UTF16LE, UTF8 } from '../core/host-decoders.js';
import { directDecoder } from '../core/host-direct.js';
// The host's multi-byte decoders' checks. The build leaves this import out of the lite tree, whose
// core has no multi-byte encoding: there the add-ons that decode one bring them (scripts/build.mjs).
import '../core/host-multi-byte.js';
import { bufferSourceBytes, illegalInvocation, shapeInterface, toBufferSource, toDictionary, toDOMString, UINT8ARRAY } from './webidl.js';

const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((held) => decoderCore(held[0]).decoder_free(held[1])) : null;

/**
 * Resolves a TextDecoder/TextDecoderStream label and options in IDL order; returns the internal
 * state or throws the IDL's RangeError/TypeError.
 */
export function decoderState(args, iface) {
  const label = args.length > 0 && args[0] !== undefined ? toDOMString(args[0], `${iface} constructor`) : 'utf-8';
  const options = toDictionary(args[1], `Failed to construct '${iface}'`);
  const fatal = options === undefined ? false : Boolean(options.fatal);
  const ignoreBOM = options === undefined ? false : Boolean(options.ignoreBOM);
  const ordinal = lookupLabel(label);
  if (ordinal < 0 || encodingName(ordinal) === 'replacement') {
    throw new RangeError(`Failed to construct '${iface}': the encoding label provided (${quoteLabel(label)}) is invalid`);
  }
  // The lite base has no CJK decoders; each language's add-on brings its own.
  if (!encodingSupported(ordinal, DECODE)) throw new RangeError(unsupportedMessage(`Failed to construct '${iface}'`, ordinal, DECODE));
  return newDecoderState(ordinal, fatal, ignoreBOM);
}

/**
 * The internal state of a decoder for the encoding at `ordinal`. `ascii`: the encoding maps ASCII
 * bytes to themselves from its initial state, so an all-ASCII input is its own output. `bomDone`:
 * a streaming call already produced output without a handle, so a BOM can no longer come (the
 * handle made later must not strip one).
 */
export function newDecoderState(ordinal, fatal, ignoreBOM) {
  const name = encodingName(ordinal);
  // `host`: the host's decoder for this encoding and mode (core/host-decoders.js), looked up on
  // first use (undefined until then; null where the core keeps every input).
  // `coreFrom`: the input length from which the core decodes anyway (host-decoders.js's setCoreFrom).
  const kind = kindOf(name);
  const coreFrom = coreFromOf(kind);
  // `direct`: the host's decoder for decode()'s common call, taking its argument as it is
  // (host-direct.js's directDecoder's `call` or `careful`, asked while `directAsk`); null until
  // then, and where none. `runner`: the host's decoder itself (directDecoder's `runner`), which
  // decode() calls first for the common call where `shortUpTo` is 0, given any input where
  // `runnerUnchecked`, else what isPlainView accepts; null where none.
  // `shortUpTo`: a Uint8Array of up to so many bytes never goes to the host's decoder: the common
  // call's all-ASCII ones are built here, the rest decoded by the core (0: none;
  // core/host-speed.js).
  const host = hostCodecsAllowed && kind !== 0 && coreFrom > 0 ? undefined : null;
  return { ordinal, fatal, ignoreBOM, handle: 0, ascii: asciiIdentity(name), utf8: name === 'utf-8', windows1252: name === 'windows-1252', bomDone: false, host, kind, coreFrom, direct: null, directAsk: host !== null, shortUpTo: 0, runner: null, runnerUnchecked: false };
}

/**
 * Whether the encoding's decoder turns each ASCII byte into itself from its initial state: all but
 * these (the same rule as `Encoding::ascii_is_identity` in src/encoding.rs; replacement never
 * reaches a decoder here).
 */
const NOT_ASCII_IDENTITY = new Set(['utf-16be', 'utf-16le', 'iso-2022-jp', 'replacement']);
const notAsciiIdentity = Set.prototype.has.bind(NOT_ASCII_IDENTITY);
const asciiIdentity = (name) => !notAsciiIdentity(name);

/** Frees the streaming handle of `s`, if any: the next call starts a new stream (no BOM seen). */
export function releaseHandle(s, token) {
  s.bomDone = false;
  if (s.handle !== 0) {
    decoderCore(s.ordinal).decoder_free(s.handle);
    s.handle = 0;
    if (registry !== null) registry.unregister(token);
  }
}

function fatalError(s) {
  const error = new TypeError(`The encoded data is not valid ${encodingName(s.ordinal)}`);
  markFatal(error);
  return error;
}

/** The TypeErrors of fatal decode errors: the one failure after which a streaming decoder goes on. */
const fatalErrors = new WeakSet();
const isFatalError = WeakSet.prototype.has.bind(fatalErrors);
const markFatal = WeakSet.prototype.add.bind(fatalErrors);

/**
 * Decodes `bytes` with the decoder state `s` (`stream` keeps state for the next call); returns the
 * string or throws TypeError for a fatal error. `token` identifies the owner for the registry.
 * After a throw, `s` is what the next call must start from: after a fatal error in a streaming
 * call, the decoder as the error left it (the rest of `bytes` dropped); after anything else, or
 * after a flushing call, a new decoder (the standard's "do not flush" is false then).
 */
export function decodeWith(s, token, bytes, stream) {
  try {
    return decodeCall(s, token, bytes, stream);
  } catch (error) {
    if (!stream || !isFatalError(error)) releaseHandle(s, token);
    throw error;
  }
}

/** decodeWith's steps: through the host's decoder where it takes the call, else in the core. */
function decodeCall(s, token, bytes, stream) {
  if (s.host !== null) {
    const text = hostDecodeCall(s, token, bytes, stream);
    if (text !== null) return text;
  }
  return decodeCore(s, token, bytes, stream);
}

/**
 * decodeCall's steps in the core. Without pending state, an all-ASCII input of an encoding that
 * maps ASCII to itself is its own output: short inputs are checked and built in JavaScript (no
 * call into wasm), longer ones by the host where it can (Node's isAscii and latin1 strings);
 * otherwise wasm checks, and the string is built from the input bytes, one byte per character.
 * In the JavaScript build, a whole UTF-8 call is first offered to the language's own UTF-8
 * (wasm2js/load.js), and a whole double-byte call to the tables of core/double-byte-tables.js;
 * where they decline, the core decodes it.
 */
function decodeCore(s, token, bytes, stream) {
  const length = bytesLength(bytes);
  if (length === 0) bytes = EMPTY; // detached, or out of bounds: copying from it would throw
  if (s.handle === 0) {
    if (s.ascii) {
      // windows-1252 without a byte from 0x80 to 0x9F: its own Latin-1 string, where the host
      // folder builds one (core/strings.js); the core decodes any other.
      const latin1 = s.windows1252 ? windows1252String(bytes, length, windows1252C1) : undefined;
      let text = latin1 === undefined ? null : latin1;
      // (Where that decoder answered, the input is not ASCII if it is not Latin-1 there.)
      const host = latin1 !== undefined ? false : length > 32 ? hostIsAscii(bytes) : null;
      if (host === true) text = asciiString(bytes, length);
      else if (host === null && isShortInput(length)) text = asciiStringOrNull(bytes, length);
      if (text !== null) {
        if (length > 0) s.bomDone = stream;
        else if (!stream) s.bomDone = false;
        return text;
      }
    }
    if (!stream && length <= sliceBytesLimit) {
      if (s.utf8 && (length >= nativeUtf8FromOf() || beforeCore(length))) {
        const text = hostUtf8String(bytes, utf8BomLength(s, bytes), length);
        if (text !== null) {
          s.bomDone = false;
          return text;
        }
      } else if (s.kind === MULTI_BYTE) {
        const multiByte = nativeMultiByteDecoder();
        const text = multiByte === null ? null : multiByte(s.ordinal, bytes, length, coreDecodeOnce);
        if (text !== null) {
          s.bomDone = false;
          return text;
        }
      }
      const w = decoderCore(s.ordinal);
      const len = putBytes(bytes);
      const n = w.decode_once(s.ordinal, s.fatal, s.ignoreBOM || s.bomDone, len);
      s.bomDone = false;
      if (n < 0) throw fatalError(s);
      return outputKind() === OUT_ASCII ? asciiString(inputBytes(n), n) : takeString(n);
    }
  }
  if (length > sliceBytesLimit) {
    // Well-formed UTF-8, whole and without pending state: the host may build the string at once.
    if (s.utf8 && s.handle === 0 && !stream) {
      const text = hostUtf8String(bytes, utf8BomLength(s, bytes), length);
      if (text !== null) {
        s.bomDone = false;
        return text;
      }
    }
    return decodeSliced(s, token, bytes, stream);
  }
  const handle = handleOf(s, token);
  const n = decoderCore(s.ordinal).decoder_decode(handle, putBytes(bytes), stream, false);
  if (n < 0) throw fatalError(s);
  if (!stream) releaseHandle(s, token);
  return takeString(n);
}

/**
 * Whether a whole non-ASCII UTF-8 call goes to the host's well-formed UTF-8 builder (Node: isUtf8,
 * utf8 slice) because the base module is not instantiated yet: the first 64 KiB do. Node 20/22 keep
 * UTF-8 in the core for speed, but its compile and first call cost 3.5 ms, what it saves on ~1 MB.
 */
const COLD_UTF8_BYTES = 64 * 1024;
let coldUtf8Bytes = 0;
function beforeCore(length) {
  if (!hostCodecsAllowed || coldUtf8Bytes + length > COLD_UTF8_BYTES || baseInstantiated()) return false;
  coldUtf8Bytes += length;
  return true;
}

/** windows-1252's characters of the bytes 0x80 to 0x9F, decoded by the core (at the first call). */
let c1 = null;
function windows1252C1() {
  if (c1 === null) {
    const bytes = new U8(32);
    for (let i = 0; i < 32; i++) bytes[i] = 0x80 + i;
    c1 = coreDecodeOnce(lookupLabel('windows-1252'), bytes, false);
  }
  return c1;
}

/** The length of the UTF-8 BOM that a whole call of `s` strips from `bytes`: 3 or 0. */
function utf8BomLength(s, bytes) {
  return !s.ignoreBOM && !s.bomDone && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/**
 * The core's one-call decode of `bytes` in the encoding at `ordinal`, BOM kept, or null for a fatal
 * error: the reference the host checks compare with.
 */
function coreDecodeOnce(ordinal, bytes, fatal) {
  const n = decoderCore(ordinal).decode_once(ordinal, fatal, true, putBytes(bytes));
  if (n < 0) return null;
  return outputKind() === OUT_ASCII ? asciiString(inputBytes(n), n) : takeString(n);
}

/**
 * decodeWith's steps through the host's decoder, where it is right for this encoding and mode
 * (core/host-decoders.js), or null: the core then decodes the whole call. Only whole sequences go to
 * the host, one call each, never streaming: the BOM is stripped here, and a streaming call's
 * trailing incomplete sequence goes to the core, which keeps it as pending bytes. When the core
 * holds pending bytes from an earlier call, it gets this call's bytes until its state is clean
 * again (UTF-8 in replacement mode; otherwise the core keeps the stream). A multi-byte (CJK)
 * encoding goes to the host only in whole calls without pending state: the core keeps its
 * streams. The host is given only views on fixed-length, non-shared buffers.
 */
function hostDecodeCall(s, token, bytes, stream) {
  let decode = s.host;
  if (decode === undefined) {
    // Undefined until checked (a multi-byte encoding is checked once the core decoded enough of it).
    decode = s.host = hostDecoder(s.ordinal, s.fatal, coreDecodeOnce, bytesLength(bytes));
    if (decode === undefined) return null;
  }
  if (s.directAsk) askDirect(s, decode);
  if (decode === null) return null;
  const length = bytesLength(bytes);
  if ((s.shortUpTo !== 0 && length <= s.shortUpTo) || !onPlainBuffer(bytes)) return null;
  const kind = s.kind;
  // An input larger than any the host was checked on (HOST_BYTES_MAX) is the core's.
  if ((s.coreFrom !== Infinity && length >= s.coreFrom) || length > HOST_BYTES_MAX) return null;
  if (!stream && s.handle === 0 && (kind >= SINGLE_BYTE || s.ignoreBOM || s.bomDone || bomLength(kind, bytes) === 0)) {
    // The common call: whole input, no BOM to strip.
    let text;
    try {
      text = decode(bytes);
    } catch {
      return null;
    }
    s.bomDone = false;
    return text;
  }
  if (kind === MULTI_BYTE) return null;
  let start = 0;
  let head = ''; // what the core's pending bytes became
  const held = s.handle !== 0;
  if (held) {
    // The core holds pending UTF-8 bytes: up to 3 continuation bytes complete or end them; at the
    // first other byte the core's sequence (if any) ends, as a flush ends it.
    if (kind !== UTF8 || s.fatal) return null;
    while (start < 3 && start < length && (bytes[start] & 0xc0) === 0x80) start++;
    if (start === length) return null;
    const w = decoderCore(s.ordinal);
    let n = w.decoder_decode(s.handle, putBytes(bytesRange(bytes, 0, start)), true, true);
    head = takeString(n);
    n = w.decoder_decode(s.handle, 0, false, false);
    head += takeString(n);
    releaseHandle(s, token);
    s.bomDone = true;
  } else if (kind !== SINGLE_BYTE && !s.ignoreBOM && !s.bomDone) {
    start = bomLength(kind, bytes);
  }
  const end = stream && kind !== SINGLE_BYTE ? completeEnd(kind, bytes, start, length) : length;
  // Nothing whole before the trailing sequence, or (fatal mode) a trailing sequence whose error
  // must be the call's: the core takes the whole call.
  if (end < length && ((end === 0 && !held) || s.fatal)) return null;
  let text;
  try {
    text = decode(start === 0 && end === length ? bytes : bytesRange(bytes, start, end));
  } catch {
    // Refused (say, a string too long for the engine), or malformed in fatal mode: the core
    // decides, from where the host would have begun.
    return held ? head + decodeCore(s, token, bytesRange(bytes, start, length), stream) : null;
  }
  if (held) text = head + text;
  if (!stream) {
    s.bomDone = false;
    return text;
  }
  if (end > 0) s.bomDone = true;
  if (end === length) return text;
  // The trailing incomplete sequence: the core keeps it.
  const handle = handleOf(s, token);
  const n = decoderCore(s.ordinal).decoder_decode(handle, putBytes(bytesRange(bytes, end, length)), true, false);
  return text + takeString(n);
}

/**
 * Sets `s.direct` (and `s.runner`) once host-direct.js's directDecoder answers (after DIRECT_AFTER
 * calls of this kind): the host's decoder for the common call, or null.
 */
function askDirect(s, decode) {
  if (decode === null || s.coreFrom !== Infinity) {
    s.directAsk = false;
    return;
  }
  const direct = directDecoder(s.ordinal, s.fatal, s.ignoreBOM);
  if (direct === undefined) return;
  s.directAsk = false;
  if (direct === null) return;
  if (s.ascii) s.shortUpTo = shortDecodeUpTo;
  if (s.shortUpTo === 0 && direct.runner !== null) {
    // decode() calls the runner itself; what it declines goes the careful way. (Not where short
    // inputs stay in the package: V8 runs both ways alike, npm run bench -- --engines=deno,chromium.)
    s.runner = direct.runner;
    s.runnerUnchecked = direct.unchecked;
    s.direct = direct.careful;
  } else {
    s.direct = direct.call;
  }
}

/**
 * The common call where short inputs stay in the package (s.shortUpTo, an encoding that maps ASCII
 * to itself; core/host-speed.js): a Uint8Array of up to s.shortUpTo bytes is its own string,
 * built in JavaScript, where it is all ASCII, and is left to the core otherwise (null: the steps of
 * decode() run, and hostDecodeCall leaves it to the core too); any other input goes to the host's
 * decoder (s.direct), which gives its string, or null where it declines.
 */
function shortOrDirect(s, input) {
  if (typedArrayTagOf(input) === 'Uint8Array') {
    const n = byteLengthOf(input);
    return n <= s.shortUpTo ? keptArrayAsciiOrNull(input, n) : s.direct(input, s, true);
  }
  return s.direct(input, s, false);
}

/**
 * The length of the BOM of a UTF-8 or UTF-16 encoding at the start of `bytes`, or 0 (indices past
 * the end read as undefined, so no length is needed).
 */
function bomLength(kind, bytes) {
  if (kind === UTF8) return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (kind === UTF16LE) return bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
  return bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0;
}

/**
 * Where the trailing incomplete sequence of `bytes` (from `start`) begins, or `length`: decoding
 * up to there and flushing gives what a streaming decoder gives for those bytes, since the decoder
 * is in its initial state at that point (UTF-8: a byte that is not a continuation byte ends any
 * sequence; UTF-16: a code unit that is not a lead surrogate).
 */
function completeEnd(kind, bytes, start, length) {
  if (kind === UTF8) {
    let i = length - 1;
    while (i >= start && length - i <= 3 && (bytes[i] & 0xc0) === 0x80) i--;
    if (i < start) return length;
    const lead = bytes[i];
    const need = lead >= 0xf5 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 1;
    return length - i < need ? i : length;
  }
  let end = length - ((length - start) & 1);
  if (end - start >= 2) {
    const high = kind === UTF16LE ? bytes[end - 1] : bytes[end - 2];
    if (high >= 0xd8 && high <= 0xdb) end -= 2;
  }
  return end;
}

function handleOf(s, token) {
  if (s.handle === 0) {
    s.handle = decoderCore(s.ordinal).decoder_new(s.ordinal, s.fatal, s.ignoreBOM || s.bomDone);
    s.bomDone = false;
    if (registry !== null) registry.register(token, [s.ordinal, s.handle], token);
  }
  return s.handle;
}

/**
 * decodeWith for an input above the slice limit: the slices go through a streaming handle, each
 * marked as continuing the one call (its BOM seen stands only with the call's last slice).
 */
function decodeSliced(s, token, bytes, stream) {
  const handle = handleOf(s, token);
  // Each slice's string is appended as it is made (the engine keeps a rope, no second copy).
  let out = '';
  const length = bytesLength(bytes);
  for (let at = 0; at < length; at += sliceBytesLimit) {
    const continues = !stream || at + sliceBytesLimit < length;
    const n = decoderCore(s.ordinal).decoder_decode(handle, putBytes(bytesRange(bytes, at, at + sliceBytesLimit)), true, continues);
    if (n < 0) throw fatalError(s);
    out += takeString(n);
  }
  if (!stream) {
    const n = decoderCore(s.ordinal).decoder_decode(handle, 0, false, false);
    if (n < 0) throw fatalError(s);
    releaseHandle(s, token);
    out += takeString(n);
  }
  return out;
}

/** The internal state of the TextDecoder `object`; throws the TypeError of `member` for any other value. */
let slotsOf;

/** The Encoding Standard's TextDecoder. */
export class TextDecoder {
  // The internal state, in a private field: a brand check as exact as a WeakMap's, and a property
  // load in every engine (a WeakMap lookup cost SpiderMonkey's short decodes 5 ns a call).
  #s;

  static {
    slotsOf = (object, member) => {
      try {
        return object.#s;
      } catch {
        throw illegalInvocation('TextDecoder', member);
      }
    };
  }

  constructor() {
    this.#s = decoderState(arguments, 'TextDecoder');
  }

  get encoding() {
    return encodingName(slotsOf(this, 'encoding').ordinal);
  }

  get fatal() {
    return slotsOf(this, 'fatal').fatal;
  }

  get ignoreBOM() {
    return slotsOf(this, 'ignoreBOM').ignoreBOM;
  }

  // Both arguments optional: named parameters, the method's length set to 0 below as the IDL has
  // it (an interpreter allocates an arguments object for every call of a function that reads
  // `arguments`).
  decode(input, options) {
    let s;
    try {
      s = this.#s;
    } catch {
      throw illegalInvocation('TextDecoder', 'decode');
    }
    // The common call (no options, nothing pending, no BOM seen by an earlier streaming call),
    // straight to the host's decoder where it takes it: its own conversion of the input is the
    // only one. Where it declines, the steps below run.
    if (s.direct !== null && options === undefined && s.handle === 0 && !s.bomDone) {
      const runner = s.runner;
      let text = null;
      if (runner !== null && (s.runnerUnchecked || isPlainView(input))) {
        try {
          text = runner.run(input);
        } catch {
          // Refused (an input it must not be given, or a string too long): the careful way decides,
          // and from now on takes every call that the runner was given unchecked.
          if (s.runnerUnchecked) s.runner = null;
        }
      }
      if (text === null) text = s.shortUpTo === 0 ? s.direct(input, s) : shortOrDirect(s, input);
      if (text !== null) return text;
    }
    const kind = input === undefined ? 0 : toBufferSource(input, "Failed to execute 'decode' on 'TextDecoder'");
    const dict = toDictionary(options, "Failed to execute 'decode' on 'TextDecoder'");
    const stream = dict === undefined ? false : Boolean(dict.stream);
    // A Uint8Array is passed as it is (a detached one reads as empty: decodeCore checks).
    const bytes = kind === UINT8ARRAY ? input : kind === 0 ? EMPTY : bufferSourceBytes(input, kind);
    return decodeWith(s, this, bytes, stream);
  }
}

const EMPTY = new Uint8Array(0);

shapeInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);
Object.defineProperty(TextDecoder.prototype.decode, 'length', { value: 0 });

