// TextEncoder (UTF-8 only, as the standard defines it) with encode() and encodeInto(), over the
// wasm UTF-8 encoder.

import { core, putString, takeBytes, viewBytes } from './boundary.js';
import { illegalInvocation, shapeInterface, toDOMString, toUint8Array } from './webidl.js';

const brand = new WeakSet();
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const byteLength = Function.prototype.call.bind(Object.getOwnPropertyDescriptor(TypedArrayPrototype, 'byteLength').get);
const set = Function.prototype.call.bind(TypedArrayPrototype.set);

function check(object, member) {
  if (!brand.has(object)) throw illegalInvocation('TextEncoder', member);
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
    const w = core();
    return takeBytes(w.encode_utf8(putString(input)));
  }

  encodeInto(source, destination) {
    check(this, 'encodeInto');
    if (arguments.length < 2) {
      throw new TypeError(`Failed to execute 'encodeInto' on 'TextEncoder': 2 arguments required, but only ${arguments.length} present`);
    }
    const string = toDOMString(source, "Failed to execute 'encodeInto' on 'TextEncoder'");
    const dest = toUint8Array(destination, "Failed to execute 'encodeInto' on 'TextEncoder'");
    const w = core();
    const written = w.encode_utf8_into(putString(string), byteLength(dest));
    const read = w.last_read();
    if (written > 0) set(dest, viewBytes(written));
    return { read, written };
  }
}

shapeInterface(TextEncoder, 'TextEncoder', ['encoding', 'encode', 'encodeInto']);
