// TextEncoder (UTF-8 only, as the standard defines it) with encode() and encodeInto(): through
// the host's own TextEncoder where core/host-encoder.js found it exactly right, otherwise (or where
// it refuses an input) over the wasm UTF-8 encoder.

import { concatBytes, putString, sliceEnd, sliceUnitsLimit, takeBytes, viewBytes } from '../core/crossing.js';
import { DIRECT_AFTER, HOST_BYTES_MAX } from '../core/host-classes.js';
import { encodeCoreFrom, encodeIntoCoreFrom, hostEncoder } from '../core/host-encoder.js';
import { encodeCoreUpTo, encodeIntoJsUpTo, encodeViaIntoFrom } from '../core/host-speed.js';
import { core, lastRead } from '../core/instance.js';
import { nativeUtf8Encode } from '../core/strings.js';
import { arrayBufferByteLengthOf, arrayBufferTransfer, bufferOf, byteLengthOf, charCodeAt, charCodeAtIsIntrinsic, ownMethods, setBytes, stringSlice, U8 } from '../core/intrinsics.js';
import { illegalInvocation, shapeInterface, toDOMString, uint8ArrayBuffer } from './webidl.js';

// Its methods captured now (core/intrinsics.js's ownMethods), so later changes to
// WeakSet.prototype or Math change nothing here.
const brand = ownMethods(new WeakSet(), { holds: WeakSet.prototype.has, mark: WeakSet.prototype.add });
const min = Math.min;
const getPrototypeOf = Object.getPrototypeOf;
const ArrayBufferPrototype = ArrayBuffer.prototype;

/** What the remembered values below hold before the first call: no caller can pass it. */
const NONE = Symbol('none yet');

/** The encoder of the call before (strongly: a TextEncoder holds nothing), whose brand is known. */
let lastEncoder = NONE;

function check(object, member) {
  if (object === lastEncoder) return;
  if (!brand.holds(object)) throw illegalInvocation('TextEncoder', member);
  lastEncoder = object;
}

/**
 * Writes the ASCII code units at the start of `string`, up to `limit` of them, into `dest` as
 * bytes; returns how many. Four units per turn where charCodeAt is the intrinsic (interpreters,
 * the JavaScript build's engines, pay for every turn), then one at a time.
 */
function asciiPrefixInto(string, dest, limit) {
  let i = 0;
  if (charCodeAtIsIntrinsic()) {
    for (; i + 4 <= limit; i += 4) {
      const c0 = string.charCodeAt(i);
      const c1 = string.charCodeAt(i + 1);
      const c2 = string.charCodeAt(i + 2);
      const c3 = string.charCodeAt(i + 3);
      if ((c0 | c1 | c2 | c3) > 0x7f) break;
      dest[i] = c0;
      dest[i + 1] = c1;
      dest[i + 2] = c2;
      dest[i + 3] = c3;
    }
    for (; i < limit; i++) {
      const c = string.charCodeAt(i);
      if (c > 0x7f) break;
      dest[i] = c;
    }
    return i;
  }
  for (; i < limit; i++) {
    const c = charCodeAt(string, i);
    if (c > 0x7f) break;
    dest[i] = c;
  }
  return i;
}

/**
 * UTF-8 encodes `input` (unpaired surrogates become U+FFFD) into a new Uint8Array: a short ASCII
 * string in JavaScript, otherwise by the host's encoder where it is right, or by the core (above
 * the slice limit in slices that never split a surrogate pair, so each encodes alone).
 */
export function encodeUtf8(input) {
  const length = input.length;
  // A short ASCII string is its own UTF-8: no call into wasm (and nothing allocated for a string
  // that fails at once).
  if (length <= SHORT && (length === 0 || (charCodeAtIsIntrinsic() ? input.charCodeAt(0) : charCodeAt(input, 0)) < 0x80)) {
    const out = new U8(length);
    if (asciiPrefixInto(input, out, length) === length) return out;
  }
  if (host === undefined) lookUpHost();
  // A short string goes to the core where the host folder found the host's encode() slower there,
  // once DIRECT_AFTER of them have gone to the host (a program that encodes one does not pay for
  // the core's start); so does a long one where it found the core faster (encodeCoreFrom).
  if (host !== null && length < encodeCoreFrom && (length > encodeCoreUpTo || shortEncodes++ < DIRECT_AFTER)) {
    try {
      if (length >= encodeViaIntoFrom && length <= sliceUnitsLimit && host.encodeIntoRoomy !== null) {
        return encodeViaInto(input, length);
      }
      return host.runner.run(input);
    } catch {
      // refused (say, memory for a huge output): the core encodes in slices
    }
  }
  // The JavaScript build's own encoder, where it installed one (wasm2js/load.js).
  const native = nativeUtf8Encode(input);
  if (native !== null) return native;
  return coreEncodeUtf8(input);
}

/**
 * The UTF-8 of `input` (`length` code units) by the host's encodeInto into room for three bytes a
 * code unit, which every string fits, its buffer then cut to the bytes written: a Uint8Array that
 * owns exactly its bytes, as encode()'s must. Deno's encode() is the slower there from about 512
 * code units (measured outside the bench: vi.txt 166 M units/s against 282, ja.html 340 against
 * 769). Up to the slice limit only: the room is three times the string.
 */
function encodeViaInto(input, length) {
  const room = new U8(length * 3);
  const { written } = host.encodeIntoRoomy(input, room);
  return new U8(arrayBufferTransfer(bufferOf(room), written));
}

/** encodeUtf8 in the core. */
function coreEncodeUtf8(input) {
  const length = input.length;
  const w = core();
  if (length <= sliceUnitsLimit) return takeBytes(w.encode_utf8(putString(input)));
  const parts = [];
  for (let at = 0; at < length; ) {
    const end = sliceEnd(input, at);
    parts.push(takeBytes(w.encode_utf8(putString(input, at, end))));
    at = end;
  }
  return concatBytes(parts);
}

/** The host's encoder where it is right (looked up on first use), or null. */
let host;
/**
 * Where the host's encodeInto takes a destination not yet converted, as the host refuses every
 * destination the IDL refuses (core/host-encoder.js's encodeIntoAny), its runner (`run2(string,
 * dest)` is that encodeInto, called in the caller's frame); null for the first DIRECT_AFTER calls,
 * and where not.
 */
let direct = null;

/**
 * The destination of an earlier encodeInto, converted then (a Uint8Array on a fixed-length
 * ArrayBuffer of at most REMEMBER_BYTES), and its byte length (read then): a call
 * into the same destination skips the conversion, whose typed-array getters cost more than a short
 * encode in JavaScriptCore (10-20 ns each; Bun's own encodeInto takes 13-19 ns) and 12 ns in V8. A
 * destination's type, buffer and length never change, but for a transfer of its buffer, which
 * leaves it empty (checked at each use). Held strongly: at most 64 KiB kept alive until another
 * destination is converted (a weak reference costs a microsecond to make in V8).
 */
let remembered = NONE;
let rememberedLength = -1;
const REMEMBER_BYTES = 65536;

/**
 * encodeInto of a string of up to this many code units into the remembered destination writes an
 * ASCII string in JavaScript, faster there than a host's call.
 */
const ASCII_INTO = 16;

/** encode() calls of strings of up to encodeCoreUpTo units (DIRECT_AFTER of them go to the host). */
let shortEncodes = 0;

/** encodeInto calls that took the steps below `direct` (DIRECT_AFTER of them, then it is looked up). */
let calls = 0;

/**
 * The host encoder's runner (`run2(string, dest)`: its encodeInto) where that encodeInto is right
 * for any destination, else null; `intoRoomy` the same where it is right only into three bytes of
 * room a code unit (host-encoder.js's encodeIntoRoomy), else null. Set with `host`.
 */
let intoHost = null;
let intoRoomy = null;

/** Sets `host`, `intoHost` and `intoRoomy` (at the first call that could use them). */
function lookUpHost() {
  host = hostEncoder(coreEncodeUtf8);
  intoHost = host !== null && host.encodeInto !== null ? host.runner : null;
  intoRoomy = host !== null && host.encodeInto === null && host.encodeIntoRoomy !== null ? host.runner : null;
}

/** Strings up to this many code units are tried as ASCII in JavaScript first. */
const SHORT = 64;

/** encodeInto of a string up to this many code units always goes to the host, where it is right. */
const CHUNKED_FROM = 4096;

/**
 * encodeInto's steps: UTF-8 encodes as many whole scalar values of `string` as fit in the
 * Uint8Array `dest` (of `capacity` bytes: read from `dest` where not given, and only when the core
 * writes); returns {read, written}. Every length that crosses into
 * wasm is bounded (never wrapped to 32 bits), and no call copies more of the string than it can
 * use: each code unit takes at least one byte, so at most `room + 1` units are copied (the one
 * more completes a surrogate pair; it can never be written itself).
 */
export function encodeIntoUtf8(string, dest, capacity) {
  if (host === undefined) lookUpHost();
  let into = host === null ? null : host.encodeInto;
  // Where the host's encodeInto is right only with room to spare (Node 26's stops early where the
  // destination fills up), it takes what has three bytes of room per code unit.
  if (into === null && host !== null && host.encodeIntoRoomy !== null) {
    if (capacity === undefined) capacity = byteLengthOf(dest);
    if (string.length * 3 <= capacity) into = host.encodeIntoRoomy;
  }
  if (into === null) return coreEncodeIntoUtf8(string, dest, capacity);
  if (++calls === DIRECT_AFTER && host.encodeIntoAny() !== null) direct = host.runner;
  if (string.length > CHUNKED_FROM) {
    if (capacity === undefined) capacity = byteLengthOf(dest);
    // A long string into a much smaller destination (a chunked encodeInto loop), where the host
    // folder found the core faster at it (core/host-encoder.js, encodeIntoCoreFrom); and into a
    // destination larger than any the host was checked on.
    if (string.length > encodeIntoCoreFrom * capacity || capacity > HOST_BYTES_MAX) return coreEncodeIntoUtf8(string, dest, capacity);
    // The host gets only the units that can fit, so that no engine's encodeInto looks at the whole
    // rest of the string on every call of a chunked loop (Chromium's copies it: 10x slower). Each
    // unit takes at least one byte, so at most `capacity` units can be written; a surrogate pair
    // that the cut splits could not be written either way (its high half alone would be U+FFFD,
    // 3 bytes, after at least capacity - 1 bytes).
    if (string.length > capacity) string = stringSlice(string, 0, capacity);
  }
  try {
    const r = into(string, dest);
    if (r.read === string.length || (capacity === undefined ? byteLengthOf(dest) : capacity) <= HOST_BYTES_MAX) return r;
    // Stopped early in a destination larger than any the host was checked on: the core writes it.
  } catch {
    // refused: the core writes it
  }
  return coreEncodeIntoUtf8(string, dest, capacity);
}

/** encodeIntoUtf8 in the core (`capacity`: the byte length of `dest`). */
function coreEncodeIntoUtf8(string, dest, capacity = byteLengthOf(dest)) {
  const length = string.length;
  // ASCII runs at the start, written in JavaScript while short.
  let read = asciiPrefixInto(string, dest, min(length, capacity, SHORT));
  let written = read;
  if (read === length || written === capacity) return { read, written };
  const w = core();
  while (read < length && written < capacity) {
    const room = capacity - written;
    // room + 1 units at most; a cut made by the slice limit never splits a surrogate pair.
    const end = room < sliceUnitsLimit ? min(length, read + room + 1) : sliceEnd(string, read);
    const units = end - read;
    const n = w.encode_utf8_into(putString(string, read, end), min(room, units * 3));
    const r = lastRead();
    if (n > 0) setBytes(dest, viewBytes(n), written);
    read += r;
    written += n;
    if (read < end) break;
  }
  return { read, written };
}

/** The byte length of `remembered` (`dest`) now: a transferred buffer leaves the view empty, its last byte gone. */
function rememberedCapacity(dest) {
  if (rememberedLength > 0 && dest[rememberedLength - 1] === undefined) rememberedLength = byteLengthOf(dest);
  return rememberedLength;
}

/** encodeInto of a string of up to CHUNKED_FROM units into `remembered`. */
function encodeIntoRemembered(string, dest) {
  const length = string.length;
  let capacity;
  if (length <= ASCII_INTO || length <= encodeIntoJsUpTo) {
    capacity = rememberedCapacity(dest);
    if (length <= encodeIntoJsUpTo) return utf8Into(string, dest, capacity);
    if (length <= capacity && asciiPrefixInto(string, dest, length) === length) return { read: length, written: length };
  }
  // The host's encodeInto where it is right for every destination, called straight away (`host`
  // was looked up by the call that converted the destination).
  if (intoHost !== null) {
    try {
      return intoHost.run2(string, dest);
    } catch {
      // refused: the steps below
    }
  }
  return encodeIntoUtf8(string, dest, capacity);
}

/**
 * encodeInto's steps in JavaScript, for a short string (encodeIntoJsUpTo): the whole scalar values
 * of `string` that fit in `dest` (`capacity` bytes), each unpaired surrogate as U+FFFD.
 */
function utf8Into(string, dest, capacity) {
  const length = string.length;
  const intrinsic = charCodeAtIsIntrinsic();
  // An ASCII start four units a turn (asciiPrefixInto), then one scalar value a turn.
  let read = asciiPrefixInto(string, dest, min(length, capacity));
  let written = read;
  while (read < length) {
    let c = intrinsic ? string.charCodeAt(read) : charCodeAt(string, read);
    if (c < 0x80) {
      if (written === capacity) break;
      dest[written++] = c;
      read++;
      continue;
    }
    if (c < 0x800) {
      if (written + 2 > capacity) break;
      dest[written] = 0xc0 | (c >> 6);
      dest[written + 1] = 0x80 | (c & 0x3f);
      written += 2;
      read++;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = c <= 0xdbff && read + 1 < length ? (intrinsic ? string.charCodeAt(read + 1) : charCodeAt(string, read + 1)) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (written + 4 > capacity) break;
        const scalar = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        dest[written] = 0xf0 | (scalar >> 18);
        dest[written + 1] = 0x80 | ((scalar >> 12) & 0x3f);
        dest[written + 2] = 0x80 | ((scalar >> 6) & 0x3f);
        dest[written + 3] = 0x80 | (scalar & 0x3f);
        written += 4;
        read += 2;
        continue;
      }
      c = 0xfffd;
    }
    if (written + 3 > capacity) break;
    dest[written] = 0xe0 | (c >> 12);
    dest[written + 1] = 0x80 | ((c >> 6) & 0x3f);
    dest[written + 2] = 0x80 | (c & 0x3f);
    written += 3;
    read++;
  }
  return { read, written };
}

/** The Encoding Standard's TextEncoder. */
export class TextEncoder {
  constructor() {
    brand.mark(this);
  }

  get encoding() {
    check(this, 'encoding');
    return 'utf-8';
  }

  // `optional USVString input = ""`: a named parameter, the method's length set to 0 below as the
  // IDL has it (an interpreter allocates an arguments object for every call of a function that
  // reads `arguments`).
  encode(input) {
    check(this, 'encode');
    if (typeof input === 'string') return encodeUtf8(input);
    return encodeUtf8(input === undefined ? '' : toDOMString(input, "Failed to execute 'encode' on 'TextEncoder'"));
  }

  encodeInto(source, destination) {
    check(this, 'encodeInto');
    if (typeof source === 'string' && source.length <= CHUNKED_FROM) {
      // Into the destination converted before: no conversion. A string that is not written here
      // (longer than both limits below, or not ASCII at its start where only ASCII would be)
      // goes straight to the host's encodeInto, where it is right for any destination.
      if (destination === remembered) {
        const length = source.length;
        if (length > encodeIntoJsUpTo && (length > ASCII_INTO || (charCodeAtIsIntrinsic() ? source.charCodeAt(0) : charCodeAt(source, 0)) > 0x7f)) {
          // Where the host's encodeInto is right only with three bytes of room a code unit (Node
          // 26's), it takes the strings that have them, the destination not emptied by a transfer.
          const into = intoHost !== null ? intoHost : intoRoomy !== null && rememberedCapacity(destination) >= 3 * length ? intoRoomy : null;
          if (into !== null) {
            try {
              return into.run2(source, destination);
            } catch {
              return encodeIntoUtf8(source, destination); // refused: the core writes it
            }
          }
        }
        return encodeIntoRemembered(source, destination);
      }
      // The common call, straight to the host's encodeInto: its own conversion of the destination
      // is the only one. Where it refuses (a wrong destination, a missing argument), the steps
      // below run and give the error. A longer string takes them too, which cut it to what can fit.
      // A host that stopped early in a destination larger than any it was checked on (one that
      // may wrap the capacity, HOST_BYTES_MAX) is not believed: the steps below decide.
      if (direct !== null) {
        try {
          const r = direct.run2(source, destination);
          if (r.read === source.length || byteLengthOf(destination) <= HOST_BYTES_MAX) return r;
        } catch {
          // the steps below
        }
      }
    }
    if (arguments.length < 2) {
      throw new TypeError(`Failed to execute 'encodeInto' on 'TextEncoder': 2 arguments required, but only ${arguments.length} present`);
    }
    const string = toDOMString(source, "Failed to execute 'encodeInto' on 'TextEncoder'");
    const buffer = uint8ArrayBuffer(destination, "Failed to execute 'encodeInto' on 'TextEncoder'");
    // Not on a SharedArrayBuffer, whose byteLength getter would throw (that costs microseconds):
    // the prototype tells first.
    if (getPrototypeOf(buffer) === ArrayBufferPrototype) {
      try {
        if (arrayBufferByteLengthOf(buffer) <= REMEMBER_BYTES) {
          remembered = destination;
          rememberedLength = byteLengthOf(destination);
        }
      } catch {
        // a SharedArrayBuffer posing as an ArrayBuffer: not remembered
      }
    }
    return encodeIntoUtf8(string, destination);
  }
}

shapeInterface(TextEncoder, 'TextEncoder', ['encoding', 'encode', 'encodeInto']);
Object.defineProperty(TextEncoder.prototype.encode, 'length', { value: 0 });
