// TextDecoder, exactly as the Encoding Standard's IDL defines it, over the wasm decoders.
//
// A TextDecoder holds no wasm state between non-streaming calls: such a call decodes with a fresh
// decoder in one step. A `{stream: true}` call allocates a decoder handle that keeps the pending
// bytes and BOM state; the flushing call frees it deterministically, and a FinalizationRegistry
// frees handles of decoders abandoned mid-stream. A fatal error in a streaming call keeps the
// handle: the standard's "do not flush" stays true, so the next call goes on from the decoder's
// state and "BOM seen" (the rest of the chunk that failed is dropped, as every engine does). Any
// other failure (a string too long for the engine) frees it: the next call starts afresh.

import { bytesLength, bytesRange, inputBytes, putBytes, sliceBytesLimit } from '../core/crossing.js';
import { core, outputKind } from '../core/instance.js';
import { encodingName, encodingSupported, lookupLabel, quoteLabel } from '../core/labels.js';
import { OUT_ASCII } from '../core/protocol.js';
import { asciiString, asciiStringOrNull, hostIsAscii, hostUtf8String, isShortInput, takeString } from '../core/strings.js';
import { bufferSourceBytes, illegalInvocation, shapeInterface, toBufferSource, toDictionary, toDOMString } from './webidl.js';

const slots = new WeakMap();
// Bound now, so later changes to WeakMap.prototype / Set.prototype change nothing here.
const slotsGet = WeakMap.prototype.get.bind(slots);
const slotsSet = WeakMap.prototype.set.bind(slots);
const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => core().decoder_free(handle)) : null;

function slotsOf(object, member) {
  const s = slotsGet(object);
  if (s === undefined) throw illegalInvocation('TextDecoder', member);
  return s;
}

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
  if (!encodingSupported(ordinal)) {
    // The lite build (text-encoding-wasm/lite) has no CJK decoders.
    throw new RangeError(
      `Failed to construct '${iface}': the encoding '${encodingName(ordinal)}' is not included in text-encoding-wasm/lite; use the full entry 'text-encoding-wasm'`,
    );
  }
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
  return { ordinal, fatal, ignoreBOM, handle: 0, ascii: asciiIdentity(name), utf8: name === 'utf-8', bomDone: false };
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
    core().decoder_free(s.handle);
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

/**
 * decodeWith's steps. Without pending state, an all-ASCII input of an encoding that maps ASCII to
 * itself is its own output: short inputs are checked and built in JavaScript (no call into wasm),
 * longer ones by the host where it can (Node's isAscii and latin1 strings); otherwise wasm checks,
 * and the string is built from the input bytes, one byte per character.
 */
function decodeCall(s, token, bytes, stream) {
  const length = bytesLength(bytes);
  if (s.handle === 0) {
    if (s.ascii) {
      let text = null;
      const host = length > 32 ? hostIsAscii(bytes) : null;
      if (host === true) text = asciiString(bytes, length);
      else if (host === null && isShortInput(length)) text = asciiStringOrNull(bytes, length);
      if (text !== null) {
        if (length > 0) s.bomDone = stream;
        else if (!stream) s.bomDone = false;
        return text;
      }
    }
    if (!stream && length <= sliceBytesLimit) {
      const w = core();
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
      const bom = !s.ignoreBOM && !s.bomDone && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
      const text = hostUtf8String(bytes, bom, length);
      if (text !== null) {
        s.bomDone = false;
        return text;
      }
    }
    return decodeSliced(s, token, bytes, stream);
  }
  const w = core();
  const handle = handleOf(s, token);
  const n = w.decoder_decode(handle, putBytes(bytes), stream, false);
  if (n < 0) throw fatalError(s);
  if (!stream) releaseHandle(s, token);
  return takeString(n);
}

function handleOf(s, token) {
  if (s.handle === 0) {
    s.handle = core().decoder_new(s.ordinal, s.fatal, s.ignoreBOM || s.bomDone);
    s.bomDone = false;
    if (registry !== null) registry.register(token, s.handle, token);
  }
  return s.handle;
}

/**
 * decodeWith for an input above the slice limit: the slices go through a streaming handle, each
 * marked as continuing the one call (its BOM seen stands only with the call's last slice).
 */
function decodeSliced(s, token, bytes, stream) {
  const w = core();
  const handle = handleOf(s, token);
  // Each slice's string is appended as it is made (the engine keeps a rope, no second copy).
  let out = '';
  const length = bytesLength(bytes);
  for (let at = 0; at < length; at += sliceBytesLimit) {
    const continues = !stream || at + sliceBytesLimit < length;
    const n = w.decoder_decode(handle, putBytes(bytesRange(bytes, at, at + sliceBytesLimit)), true, continues);
    if (n < 0) throw fatalError(s);
    out += takeString(n);
  }
  if (!stream) {
    const n = w.decoder_decode(handle, 0, false, false);
    if (n < 0) throw fatalError(s);
    releaseHandle(s, token);
    out += takeString(n);
  }
  return out;
}

/** The Encoding Standard's TextDecoder. */
export class TextDecoder {
  constructor() {
    slotsSet(this, decoderState(arguments, 'TextDecoder'));
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

  decode() {
    const s = slotsOf(this, 'decode');
    const input = arguments[0];
    const kind = input === undefined ? 0 : toBufferSource(input, "Failed to execute 'decode' on 'TextDecoder'");
    const options = toDictionary(arguments[1], "Failed to execute 'decode' on 'TextDecoder'");
    const stream = options === undefined ? false : Boolean(options.stream);
    const bytes = kind === 0 ? EMPTY : bufferSourceBytes(input, kind);
    return decodeWith(s, this, bytes, stream);
  }
}

const EMPTY = new Uint8Array(0);

shapeInterface(TextDecoder, 'TextDecoder', ['encoding', 'fatal', 'ignoreBOM', 'decode']);

