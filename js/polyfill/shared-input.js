// A host TextDecoder that is right but refuses views on a SharedArrayBuffer (Chromium's): a
// subclass that copies such input into a fresh Uint8Array and hands it to the host's decode. It
// needs nothing of the WebAssembly implementation.

const sharedByteLength =
  typeof SharedArrayBuffer === 'function' ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get : undefined;
const typedArrayBuffer = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
const dataViewBuffer = Object.getOwnPropertyDescriptor(DataView.prototype, 'buffer').get;
const apply = Reflect.apply;

function isShared(buffer) {
  if (sharedByteLength === undefined) return false;
  try {
    apply(sharedByteLength, buffer, []);
    return true;
  } catch {
    return false;
  }
}

/** The bytes of `input` as a new (non-shared) Uint8Array if it is or views a SharedArrayBuffer; else `input`. */
function unshared(input) {
  if (ArrayBuffer.isView(input)) {
    let buffer;
    try {
      buffer = apply(typedArrayBuffer, input, []);
    } catch {
      buffer = apply(dataViewBuffer, input, []);
    }
    if (!isShared(buffer)) return input;
    return new Uint8Array(new Uint8Array(buffer, input.byteOffset, input.byteLength));
  }
  return isShared(input) ? new Uint8Array(new Uint8Array(input)) : input;
}

/** A TextDecoder over `Host` that accepts SharedArrayBuffer input by copying it first. */
export function copyingSharedInput(Host) {
  const hostDecode = Host.prototype.decode;
  class TextDecoder extends Host {
    decode() {
      const args = arguments.length === 0 ? [] : [unshared(arguments[0]), ...Array.prototype.slice.call(arguments, 1)];
      return apply(hostDecode, this, args);
    }
  }
  Object.defineProperty(TextDecoder.prototype, 'decode', { enumerable: true });
  return TextDecoder;
}
