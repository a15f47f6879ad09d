// WebIDL conversions for the classes: DOMString/USVString, dictionaries, buffer sources,
// brand checks and the platform-like shape of interface objects. No state lives here.

import { arrayBufferByteLengthOf, arrayBufferResizableOf, bufferOf, byteLengthOf, byteOffsetOf, typedArrayTagOf } from '../core/intrinsics.js';

const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;
const dataViewBuffer = getter(DataView.prototype, 'buffer');
const dataViewByteOffset = getter(DataView.prototype, 'byteOffset');
const dataViewByteLength = getter(DataView.prototype, 'byteLength');
const sharedArrayBufferByteLength =
  typeof SharedArrayBuffer === 'function' ? getter(SharedArrayBuffer.prototype, 'byteLength') : undefined;
const call = Function.prototype.call.bind(Function.prototype.call);

// Resizable ArrayBuffers and growable SharedArrayBuffers (absent on older engines: then every
// buffer is fixed-length).
const optionalGetter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name)?.get;
const sharedArrayBufferGrowable =
  typeof SharedArrayBuffer === 'function' ? optionalGetter(SharedArrayBuffer.prototype, 'growable') : undefined;

/** WebIDL DOMString: ToString, which throws TypeError for a Symbol. */
export function toDOMString(value, what) {
  if (typeof value === 'string') return value;
  if (typeof value === 'symbol') throw new TypeError(`${what}: a Symbol cannot be converted to a string`);
  return String(value);
}

/** WebIDL dictionary: undefined/null → no members; any other non-object → TypeError. */
export function toDictionary(value, what) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError(`${what}: the options argument must be an object`);
  }
  return value;
}

/** Whether `value` is an ArrayBuffer (brand check through the intrinsic getter). */
function isArrayBuffer(value) {
  try {
    arrayBufferByteLengthOf(value);
    return true;
  } catch {
    return false;
  }
}

function isSharedArrayBuffer(value) {
  if (sharedArrayBufferByteLength === undefined) return false;
  try {
    call(sharedArrayBufferByteLength, value);
    return true;
  } catch {
    return false;
  }
}

/** IsFixedLengthArrayBuffer for an ArrayBuffer or SharedArrayBuffer. */
function isFixedLength(buffer) {
  // The ArrayBuffer test first: it does not throw for the common case (a brand check that throws
  // costs microseconds); where the engine has resizable buffers, their getter is that test.
  if (arrayBufferResizableOf !== null) {
    try {
      return !arrayBufferResizableOf(buffer);
    } catch {
      // a SharedArrayBuffer
    }
  } else if (isArrayBuffer(buffer)) {
    return true;
  }
  return sharedArrayBufferGrowable === undefined || !call(sharedArrayBufferGrowable, buffer);
}

/**
 * WebIDL: a buffer source type without [AllowResizable] (encodeInto's destination) rejects
 * resizable ArrayBuffers, growable SharedArrayBuffers and views on them with a TypeError.
 */
function requireFixedLength(buffer, what) {
  if (!isFixedLength(buffer)) {
    throw new TypeError(`${what}: the buffer must not be a resizable ArrayBuffer or a growable SharedArrayBuffer`);
  }
}

// The kinds of AllowSharedBufferSource, told apart once by toBufferSource.
/** toBufferSource's kind of a Uint8Array: the value is its own bytes (bufferSourceBytes). */
export const UINT8ARRAY = 1;
const TYPED_ARRAY = 2;
const DATA_VIEW = 3;
const ARRAY_BUFFER = 4;
const SHARED_ARRAY_BUFFER = 5;

/**
 * Converts an AllowSharedBufferSource: returns its kind, or throws TypeError for anything else.
 * The bytes are read later by bufferSourceBytes, in the method steps after all argument
 * conversions ran. Resizable ArrayBuffers, growable SharedArrayBuffers and views on them are
 * accepted: decode() reads their current bytes ([AllowResizable], as whatwg/encoding#362 proposes
 * for decode() and as this package's users expect).
 */
export function toBufferSource(value, what) {
  if (ArrayBuffer.isView(value)) {
    const tag = typedArrayTagOf(value);
    if (tag === 'Uint8Array') return UINT8ARRAY;
    return tag === undefined ? DATA_VIEW : TYPED_ARRAY;
  }
  if (isArrayBuffer(value)) return ARRAY_BUFFER;
  if (isSharedArrayBuffer(value)) return SHARED_ARRAY_BUFFER;
  throw new TypeError(`${what}: the input must be an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView, not ${describe(value)}`);
}

/**
 * The bytes of a buffer source of `kind` as they are now, as a Uint8Array (the value itself when it
 * is one). A detached buffer, or a view pushed out of bounds by a resize, reads as empty.
 */
export function bufferSourceBytes(value, kind) {
  switch (kind) {
    case UINT8ARRAY:
      // Detached or out of bounds: length 0, and copying from it would throw.
      return byteLengthOf(value) === 0 ? EMPTY : value;
    case TYPED_ARRAY:
      return bytesOf(bufferOf(value), () => byteOffsetOf(value), () => byteLengthOf(value));
    case DATA_VIEW:
      return bytesOf(call(dataViewBuffer, value), () => call(dataViewByteOffset, value), () => call(dataViewByteLength, value));
    case ARRAY_BUFFER:
      return bytesOf(value, () => 0, () => arrayBufferByteLengthOf(value));
    default:
      return bytesOf(value, () => 0, () => call(sharedArrayBufferByteLength, value));
  }
}

const EMPTY = new Uint8Array(0);

function bytesOf(buffer, offset, length) {
  let n;
  try {
    n = length();
  } catch {
    return EMPTY; // a view whose buffer was detached or shrunk out of bounds
  }
  if (n === 0) return EMPTY;
  return new Uint8Array(buffer, offset(), n);
}

/** Requires a Uint8Array ([AllowShared] Uint8Array, not resizable); returns its buffer. */
export function uint8ArrayBuffer(value, what) {
  if (!ArrayBuffer.isView(value) || typedArrayTagOf(value) !== 'Uint8Array') {
    throw new TypeError(`${what}: the destination must be a Uint8Array, not ${describe(value)}`);
  }
  const buffer = bufferOf(value);
  requireFixedLength(buffer, what);
  return buffer;
}

/** A short description of a value's type for error messages ("null", "a string", "an Array"). */
export function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object' || typeof value === 'function') {
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    if (tag === 'Object') return 'an object';
    return `${/^[AEIOU]/.test(tag) ? 'an' : 'a'} ${tag}`;
  }
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'symbol') return 'a symbol';
  return `the ${typeof value} ${String(value)}`;
}

/**
 * Gives a class the shape of a WebIDL interface: operations and attributes enumerable (as
 * WebIDL defines them), Symbol.toStringTag, and the interface name.
 */
export function shapeInterface(cls, name, members) {
  const proto = cls.prototype;
  for (const member of members) {
    const desc = Object.getOwnPropertyDescriptor(proto, member);
    desc.enumerable = true;
    Object.defineProperty(proto, member, desc);
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: name, writable: false, enumerable: false, configurable: true });
  // The interface's name, whatever a bundler renamed the class to (esbuild writes
  // `TextDecoderStream2` where the global's name is taken in the bundle's scope).
  if (cls.name !== name) Object.defineProperty(cls, 'name', { value: name, writable: false, enumerable: false, configurable: true });
}

/** The TypeError a platform throws for a method or getter called on the wrong object. */
export function illegalInvocation(iface, member) {
  return new TypeError(`${iface}.${member} called on an object that is not a ${iface}`);
}
