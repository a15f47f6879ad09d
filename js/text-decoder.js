// TextDecoder, exactly as the Encoding Standard's IDL defines it, over the wasm decoders.
//
// A TextDecoder holds no wasm state between non-streaming calls: such a call decodes with a fresh
// decoder in one step. A `{stream: true}` call allocates a decoder handle that keeps the pending
// bytes and BOM state; the flushing call (or a fatal error) frees it deterministically, and a
// FinalizationRegistry frees handles of decoders abandoned mid-stream.

import { bytesLength, bytesRange, core, encodingName, lookupLabel, putBytes, sliceBytesLimit, takeString } from './boundary.js';
import { bufferSourceBytes, illegalInvocation, shapeInterface, toBufferSource, toDictionary, toDOMString } from './webidl.js';

const slots = new WeakMap();
const registry =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => core().decoder_free(handle)) : null;

function slotsOf(object, member) {
  const s = slots.get(object);
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
    throw new RangeError(`Failed to construct '${iface}': the encoding label provided ('${label}') is invalid`);
  }
  if (!core().encoding_supported(ordinal)) {
    // The lite build (text-encoding-wasm/lite) has no CJK decoders.
    throw new RangeError(
      `Failed to construct '${iface}': the encoding '${encodingName(ordinal)}' is not included in text-encoding-wasm/lite; use the full entry 'text-encoding-wasm'`,
    );
  }
  return { ordinal, fatal, ignoreBOM, handle: 0 };
}

/** Frees the streaming handle of `s`, if any. */
export function releaseHandle(s, token) {
  if (s.handle !== 0) {
    core().decoder_free(s.handle);
    s.handle = 0;
    if (registry !== null) registry.unregister(token);
  }
}

function fatalError(s) {
  return new TypeError(`The encoded data is not valid ${encodingName(s.ordinal)}`);
}

/**
 * Decodes `bytes` with the decoder state `s` (`stream` keeps state for the next call); returns the
 * string or throws TypeError for a fatal error. `token` identifies the owner for the registry.
 */
export function decodeWith(s, token, bytes, stream) {
  const w = core();
  if (bytesLength(bytes) > sliceBytesLimit) return decodeSliced(s, token, bytes, stream);
  const len = putBytes(bytes);
  let n;
  if (s.handle === 0 && !stream) {
    n = w.decode_once(s.ordinal, s.fatal, s.ignoreBOM, len);
  } else {
    n = w.decoder_decode(handleOf(s, token), len, stream);
    if (!stream || n < 0) releaseHandle(s, token);
  }
  if (n < 0) throw fatalError(s);
  return takeString(n);
}

function handleOf(s, token) {
  if (s.handle === 0) {
    s.handle = core().decoder_new(s.ordinal, s.fatal, s.ignoreBOM);
    if (registry !== null) registry.register(token, s.handle, token);
  }
  return s.handle;
}

/** decodeWith for an input above the slice limit: the slices go through a streaming handle. */
function decodeSliced(s, token, bytes, stream) {
  const w = core();
  const handle = handleOf(s, token);
  const parts = [];
  const length = bytesLength(bytes);
  for (let at = 0; at < length; at += sliceBytesLimit) {
    const n = w.decoder_decode(handle, putBytes(bytesRange(bytes, at, at + sliceBytesLimit)), true);
    if (n < 0) {
      releaseHandle(s, token);
      throw fatalError(s);
    }
    parts.push(takeString(n));
  }
  if (!stream) {
    const n = w.decoder_decode(handle, 0, false);
    releaseHandle(s, token);
    if (n < 0) throw fatalError(s);
    parts.push(takeString(n));
  }
  return parts.join('');
}

/** The Encoding Standard's TextDecoder. */
export class TextDecoder {
  constructor() {
    slots.set(this, decoderState(arguments, 'TextDecoder'));
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

