// TextEncoder (UTF-8 only, as the standard defines it) with encode() and encodeInto(), over the
// wasm UTF-8 encoder.

import { concatBytes, core, putString, sliceEnd, sliceUnitsLimit, takeBytes, viewBytes } from './boundary.js';
import { byteLengthOf, illegalInvocation, setBytes, shapeInterface, toDOMString, toUint8Array } from './webidl.js';

const brand = new WeakSet();

function check(object, member) {
  if (!brand.has(object)) throw illegalInvocation('TextEncoder', member);
}

/**
 * UTF-8 encodes `input` (unpaired surrogates become U+FFFD) into a new Uint8Array; above the slice
 * limit in slices that never split a surrogate pair, so each encodes alone.
 */
export function encodeUtf8(input) {
  const w = core();
  if (input.length <= sliceUnitsLimit) return takeBytes(w.encode_utf8(putString(input)));
  const parts = [];
  for (let at = 0; at < input.length; ) {
    const end = sliceEnd(input, at);
    parts.push(takeBytes(w.encode_utf8(putString(input.slice(at, end)))));
    at = end;
  }
  return concatBytes(parts);
}

/** The Encoding Standard's TextEncoder. */
export class TextEncoder {
  constructor() {
    brand.add(this);
  }

  get encoding() {
    check(this, 'encoding');
    return 'utf-8';
  }

  encode() {
    check(this, 'encode');
    const input = arguments.length > 0 && arguments[0] !== undefined ? toDOMString(arguments[0], "Failed to execute 'encode' on 'TextEncoder'") : '';
    return encodeUtf8(input);
  }

  encodeInto(source, destination) {
    check(this, 'encodeInto');
    if (arguments.length < 2) {
      throw new TypeError(`Failed to execute 'encodeInto' on 'TextEncoder': 2 arguments required, but only ${arguments.length} present`);
    }
    const string = toDOMString(source, "Failed to execute 'encodeInto' on 'TextEncoder'");
    const dest = toUint8Array(destination, "Failed to execute 'encodeInto' on 'TextEncoder'");
    const w = core();
    const capacity = byteLengthOf(dest);
    if (string.length <= sliceUnitsLimit) {
      const written = w.encode_utf8_into(putString(string), capacity);
      const read = w.last_read();
      if (written > 0) setBytes(dest, viewBytes(written));
      return { read, written };
    }
    // Above the slice limit: slice by slice (never splitting a surrogate pair) until the string
    // ends or the next scalar value does not fit.
    let read = 0;
    let written = 0;
    while (read < string.length) {
      const end = sliceEnd(string, read);
      const n = w.encode_utf8_into(putString(string.slice(read, end)), capacity - written);
      const r = w.last_read();
      if (n > 0) setBytes(dest, viewBytes(n), written);
      read += r;
      written += n;
      if (read < end) break;
    }
    return { read, written };
  }
}

shapeInterface(TextEncoder, 'TextEncoder', ['encoding', 'encode', 'encodeInto']);
